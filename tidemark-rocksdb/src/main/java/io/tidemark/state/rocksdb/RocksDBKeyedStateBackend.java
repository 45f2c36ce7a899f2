package io.tidemark.state.rocksdb;

import io.tidemark.api.common.state.State;
import io.tidemark.api.common.state.StateDescriptor;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.state.CheckpointableKeyedStateBackend;
import io.tidemark.runtime.state.KeyedStateSnapshots;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.StringAppendOperator;
import org.rocksdb.WriteOptions;

/**
 * Keyed state of one operator subtask in an embedded RocksDB on local disk: state larger than the
 * heap, paid for by serializing on every access.
 *
 * <p>Design: one column family per state (named after it); a row per (key, namespace) — per (key,
 * namespace, user key) for a map state — under the row key {@link StateBytes#rowKey}, values in the
 * value codec's bytes. A list state's row is its elements, each length first, appended by RocksDB's
 * merge operator (an {@code add} writes only the new element). The write-ahead log is off: durability
 * comes from checkpoints, as in Flink. The current key's bytes are encoded once per key change, a
 * namespace's once per namespace change.
 *
 * <p>Bounds: the heap holds only the states' handles and the current key; each access costs a RocksDB
 * read or write (block cache, memtable, or disk) plus encoding. {@link #keysWith}, {@link #size} and a
 * full snapshot scan whole column families. A full snapshot holds its bytes on the heap (the
 * checkpoint's section); incremental snapshots ({@link RocksDBIncrementalSnapshot}) hold only file names.
 */
public final class RocksDBKeyedStateBackend implements CheckpointableKeyedStateBackend {

    static {
        RocksDB.loadLibrary();
    }

    private final Path directory;
    private final LocalDatabases.Claim claim;
    private final RocksDBIncrementalSnapshot incremental;
    private final DBOptions dbOptions;
    private final ColumnFamilyOptions columnOptions;
    private final List<ColumnFamilyHandle> handles = new ArrayList<>();
    final WriteOptions writeOptions = new WriteOptions().setDisableWAL(true);
    final ReadOptions readOptions = new ReadOptions();
    RocksDB db;
    /** Incremental snapshots restored so far: the first becomes the database, later ones (a rescaled restore) are merged in. */
    private int incrementalPartsRestored;
    /** The states by name, in creation (or restore) order. */
    final Map<String, RocksDBState> states = new LinkedHashMap<>();

    private Object currentKey;
    private byte[] currentKeyBytes;
    private boolean keyEncoded;
    private Object lastNamespace;
    private byte[] lastNamespaceBytes;

    /**
     * A backend whose database lives in {@code claim}'s folder ({@link LocalDatabases}: made and locked
     * for this process, deleted and let go by {@link #dispose}); {@code incremental}, if not null, makes
     * checkpoints incremental.
     */
    RocksDBKeyedStateBackend(LocalDatabases.Claim claim, RocksDBIncrementalSnapshot incremental) throws IOException {
        this.directory = claim.folder();
        this.claim = claim;
        this.incremental = incremental;
        Files.createDirectories(directory);
        dbOptions = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
        columnOptions = new ColumnFamilyOptions().setMergeOperator(new StringAppendOperator(""));
        openDatabase(Map.of());
    }

    Path directory() {
        return directory;
    }

    RocksDBIncrementalSnapshot incremental() {
        return incremental;
    }

    /** Opens the database in {@link #directory} with a column family per state of {@code existing}. */
    void openDatabase(Map<String, StateDescriptor.Type> existing) throws IOException {
        List<ColumnFamilyDescriptor> columns = new ArrayList<>();
        columns.add(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, columnOptions));
        for (String name : existing.keySet()) {
            columns.add(new ColumnFamilyDescriptor(name.getBytes(StandardCharsets.UTF_8), columnOptions));
        }
        try {
            db = RocksDB.open(dbOptions, directory.toString(), columns, handles);
        } catch (RocksDBException e) {
            throw new IOException("cannot open RocksDB in " + directory + ": " + e.getMessage(), e);
        }
        int i = 1;
        for (Map.Entry<String, StateDescriptor.Type> e : existing.entrySet()) {
            states.put(e.getKey(), newState(e.getValue(), handles.get(i++)));
        }
    }

    /** Closes the database and forgets its states (their data stays on disk). */
    void closeDatabase() {
        for (ColumnFamilyHandle h : handles) {
            h.close();
        }
        handles.clear();
        states.clear();
        if (db != null) {
            db.close();
            db = null;
        }
    }

    // ------------------------------------------------------------------ key context

    @Override
    public Object getCurrentKey() {
        return currentKey;
    }

    @Override
    public void setCurrentKey(Object key) {
        if (key != currentKey) {
            currentKey = key;
            keyEncoded = false;
        }
    }

    /** The current key's bytes; fails outside a keyed context. */
    byte[] currentKeyBytes() {
        if (!keyEncoded) {
            if (currentKey == null) {
                throw new IllegalStateException(
                        "keyed state is only available on a keyed stream (after keyBy), while a record or timer is processed");
            }
            currentKeyBytes = StateBytes.encode(currentKey);
            keyEncoded = true;
        }
        return currentKeyBytes;
    }

    byte[] namespaceBytes(Object namespace) {
        if (namespace != lastNamespace && !namespace.equals(lastNamespace)) {
            lastNamespaceBytes = StateBytes.encode(namespace);
            lastNamespace = namespace;
        }
        return lastNamespaceBytes;
    }

    /** The row key of the current key in {@code namespace}. */
    byte[] rowKey(Object namespace) {
        return StateBytes.rowKey(currentKeyBytes(), namespaceBytes(namespace));
    }

    // ------------------------------------------------------------------ states

    @Override
    @SuppressWarnings("unchecked")
    public <S extends State> S getPartitionedState(Object namespace, StateDescriptor<S, ?> descriptor) {
        RocksDBState state = states.get(descriptor.getName());
        if (state == null) {
            state = create(descriptor.getName(), descriptor.getType());
        } else if (state.type != descriptor.getType()) {
            throw new IllegalStateException("state '" + descriptor.getName() + "' was first registered as "
                    + state.type + " and is now asked for as " + descriptor.getType());
        }
        if (!state.bound) {
            state.bind(descriptor);
        }
        state.namespace = namespace;
        return (S) state;
    }

    /** Makes state {@code name} of kind {@code type}, with a column family of its own. */
    RocksDBState create(String name, StateDescriptor.Type type) {
        ColumnFamilyHandle column;
        try {
            column = db.createColumnFamily(new ColumnFamilyDescriptor(name.getBytes(StandardCharsets.UTF_8), columnOptions));
        } catch (RocksDBException e) {
            throw failure("create state '" + name + "'", e);
        }
        handles.add(column);
        RocksDBState state = newState(type, column);
        states.put(name, state);
        return state;
    }

    private RocksDBState newState(StateDescriptor.Type type, ColumnFamilyHandle column) {
        return switch (type) {
            case VALUE -> new RocksDBValueState<>(this, column);
            case LIST -> new RocksDBListState<>(this, column);
            case REDUCING -> new RocksDBReducingState<>(this, column);
            case MAP -> new RocksDBMapState<>(this, column);
            case AGGREGATING -> new RocksDBAggregatingState<>(this, column);
        };
    }

    /** Deletes the rows of every key {@code keys} rejects (a restore at a changed parallelism). */
    void deleteKeysNotIn(Predicate<Object> keys) {
        for (RocksDBState s : states.values()) {
            try (RocksIterator it = db.newIterator(s.column, readOptions)) {
                forEachRow(it, keys, (row, keep) -> {
                    if (!keep) {
                        s.delete(row);
                    }
                });
            }
        }
    }

    /** What to do with a row of a scan by key ({@link #forEachRow}). */
    interface RowAction {
        void row(byte[] row, boolean keep) throws RocksDBException;
    }

    /**
     * Goes through every row {@code it} reaches from its first, telling {@code action} whether
     * {@code keys} accepts the row's key (decoded once per key: rows of a key are adjacent).
     */
    static void forEachRow(RocksIterator it, Predicate<Object> keys, RowAction action) {
        byte[] lastKey = null;
        boolean keep = true;
        for (it.seekToFirst(); it.isValid(); it.next()) {
            byte[] row = it.key();
            byte[] key = StateBytes.keyOf(row);
            if (!Arrays.equals(key, lastKey)) {
                keep = keys.test(StateBytes.decode(key));
                lastKey = key;
            }
            try {
                action.row(row, keep);
            } catch (RocksDBException e) {
                throw failure("copy a row", e);
            }
        }
    }

    @Override
    public void mergeNamespaces(StateDescriptor<?, ?> descriptor, Object target, Collection<?> sources) {
        RocksDBState state = states.get(descriptor.getName());
        if (state != null) {
            if (!state.bound) {
                state.bind(descriptor);
            }
            state.mergeNamespaces(target, sources);
        }
    }

    @Override
    public boolean hasState() {
        return !states.isEmpty();
    }

    @Override
    public void clearNamespace(Object namespace) {
        for (RocksDBState s : states.values()) {
            s.namespace = namespace;
            s.clear();
        }
    }

    @Override
    public List<Object> keysWith(StateDescriptor<?, ?> descriptor, Object namespace) {
        List<Object> keys = new ArrayList<>();
        RocksDBState state = states.get(descriptor.getName());
        if (state == null) {
            return keys;
        }
        byte[] ns = StateBytes.encode(namespace);
        byte[] last = null;
        try (RocksIterator it = db.newIterator(state.column, readOptions)) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                byte[] row = it.key();
                if (Arrays.equals(StateBytes.namespaceOf(row), ns)) {
                    byte[] key = StateBytes.keyOf(row);
                    if (!Arrays.equals(key, last)) {
                        keys.add(StateBytes.decode(key));
                        last = key;
                    }
                }
            }
        }
        return keys;
    }

    @Override
    public int size() {
        int n = 0;
        for (RocksDBState s : states.values()) {
            byte[] last = null;
            try (RocksIterator it = db.newIterator(s.column, readOptions)) {
                for (it.seekToFirst(); it.isValid(); it.next()) {
                    byte[] row = it.key();
                    byte[] prefix = Arrays.copyOf(row, StateBytes.prefixLength(row));
                    if (!Arrays.equals(prefix, last)) {
                        n++;
                        last = prefix;
                    }
                }
            }
        }
        return n;
    }

    // ------------------------------------------------------------------ checkpoints

    @Override
    public void snapshot(long checkpointId, StateSnapshot.Builder snapshot) throws Exception {
        if (incremental != null) {
            incremental.snapshot(this, checkpointId, snapshot);
        } else {
            snapshot.section(KeyedStateSnapshots.SECTION, KeyedStateSnapshots.VERSION, out -> RocksDBFullSnapshot.write(this, out));
        }
    }

    @Override
    public void restore(StateSnapshot snapshot, Predicate<Object> keys) throws Exception {
        if (snapshot.has(RocksDBIncrementalSnapshot.SECTION)) {
            RocksDBIncrementalSnapshot.restore(this, snapshot, keys, incrementalPartsRestored++ == 0);
        }
        snapshot.read(KeyedStateSnapshots.SECTION, KeyedStateSnapshots.VERSION,
                in -> KeyedStateSnapshots.read(in, keys, new RocksDBFullSnapshot.Restorer(this)));
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        if (incremental != null) {
            incremental.completed(checkpointId);
        }
    }

    // ------------------------------------------------------------------ life cycle

    @Override
    public void dispose() {
        closeDatabase();
        writeOptions.close();
        readOptions.close();
        columnOptions.close();
        dbOptions.close();
        claim.release();
    }

    static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir, e);
        }
    }

    static IllegalStateException failure(String what, RocksDBException e) {
        return new IllegalStateException("RocksDB state: cannot " + what + ": " + e.getMessage(), e);
    }
}
