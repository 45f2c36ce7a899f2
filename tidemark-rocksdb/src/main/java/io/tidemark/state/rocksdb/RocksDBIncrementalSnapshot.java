package io.tidemark.state.rocksdb;

import io.tidemark.api.common.state.StateDescriptor;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.rocksdb.Checkpoint;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.DBOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksIterator;

/**
 * Incremental checkpoints of a {@link RocksDBKeyedStateBackend}: a RocksDB checkpoint (its SST files
 * hard-linked, memtables flushed first) whose SST files go to {@code <checkpoint dir>/shared/}, each
 * once: an SST file never changes, so a later checkpoint refers to the file an earlier one uploaded
 * instead of writing it again. The operator's snapshot gets section {@value #SECTION}: the states
 * (name and kind; each a column family), the shared SST files it refers to (local name, shared name),
 * and the small private files (MANIFEST, CURRENT, OPTIONS, the empty log) inline.
 *
 * <p>Shared files are deleted when no retained checkpoint refers to them ({@link SharedFiles}).
 *
 * <p>Bounds: a checkpoint writes the SST files created since the previous one (memtables flushed, and
 * what compactions produced) and keeps on the heap only file names and the private files (kilobytes).
 */
final class RocksDBIncrementalSnapshot {

    /** The section's name. */
    static final String SECTION = "keyed.incremental";
    static final int VERSION = 1;

    private final SharedFiles shared;
    /** A name unique to this database instance, prefixing the shared names of the files it uploads. */
    private final String instance = UUID.randomUUID().toString();
    /** Local SST file name → its shared name, for every file already in {@code shared/}. */
    private final Map<String, String> uploaded = new HashMap<>();

    /** Incremental checkpoints with their shared files in {@code checkpointDirectory} (null: not known, checkpoints fail). */
    RocksDBIncrementalSnapshot(Path checkpointDirectory) {
        this.shared = checkpointDirectory == null ? null : new SharedFiles(checkpointDirectory);
    }

    SharedFiles shared() {
        if (shared == null) {
            throw new IllegalStateException("incremental RocksDB checkpoints need the checkpoint directory for their shared"
                    + " files: the job's checkpoint storage (env.getCheckpointConfig().setCheckpointStorage,"
                    + " execution.checkpointing.dir) or EmbeddedRocksDBStateBackend.setCheckpointDirectory");
        }
        return shared;
    }

    void snapshot(RocksDBKeyedStateBackend backend, long checkpointId, StateSnapshot.Builder snapshot) throws Exception {
        SharedFiles shared = shared();
        Path local = backend.directory().resolveSibling(backend.directory().getFileName() + "-chk-" + checkpointId);
        RocksDBKeyedStateBackend.deleteRecursively(local);
        try (Checkpoint checkpoint = Checkpoint.create(backend.db)) {
            checkpoint.createCheckpoint(local.toString());
        }
        try {
            Map<String, String> sst = new LinkedHashMap<>();
            Map<String, byte[]> privateFiles = new LinkedHashMap<>();
            try (Stream<Path> files = Files.list(local)) {
                for (Path f : (Iterable<Path>) files.sorted()::iterator) {
                    String name = f.getFileName().toString();
                    if (name.endsWith(".sst")) {
                        sst.put(name, uploaded.computeIfAbsent(name, n -> instance + "-" + n));
                    } else {
                        privateFiles.put(name, Files.readAllBytes(f));
                    }
                }
            }
            shared.register(checkpointId, instance, sst.values()); // before the files: a cleanup never takes them
            for (Map.Entry<String, String> e : sst.entrySet()) {
                shared.upload(local.resolve(e.getKey()), e.getValue());
            }
            snapshot.section(SECTION, VERSION, out -> {
                out.writeInt(backend.states.size());
                for (Map.Entry<String, RocksDBState> s : backend.states.entrySet()) {
                    out.writeString(s.getKey());
                    out.writeByte(s.getValue().type.ordinal());
                }
                out.writeInt(sst.size());
                for (Map.Entry<String, String> e : sst.entrySet()) {
                    out.writeString(e.getKey());
                    out.writeString(e.getValue());
                }
                out.writeInt(privateFiles.size());
                for (Map.Entry<String, byte[]> e : privateFiles.entrySet()) {
                    out.writeString(e.getKey());
                    out.writeInt(e.getValue().length);
                    out.write(e.getValue());
                }
            });
        } finally {
            RocksDBKeyedStateBackend.deleteRecursively(local);
        }
    }

    /** Checkpoint {@code checkpointId} completed: shared files no retained checkpoint refers to go. */
    void completed(long checkpointId) {
        if (shared != null) {
            shared.collect();
        }
    }

    /**
     * Restores section {@value #SECTION} into {@code backend} (which has no state yet): the files are
     * linked (or copied) from {@code shared/} into its directory and the database reopened on them;
     * rows of keys {@code keys} rejects are deleted (a changed parallelism).
     */
    static void restore(RocksDBKeyedStateBackend backend, StateSnapshot snapshot, Predicate<Object> keys) throws Exception {
        restore(backend, snapshot, keys, true);
    }

    /**
     * {@link #restore}; when not {@code first} (a further old subtask of a restore at a changed
     * parallelism) the snapshot's database is opened read-only beside the backend's and the rows of the
     * keys {@code keys} accepts are copied into it, state by state. Cost: a scan of that database.
     */
    static void restore(RocksDBKeyedStateBackend backend, StateSnapshot snapshot, Predicate<Object> keys, boolean first)
            throws Exception {
        if (!first) {
            merge(backend, snapshot, keys);
            return;
        }
        if (backend.incremental() == null) {
            throw new IOException("this checkpoint's keyed state is an incremental RocksDB checkpoint: restore it with"
                    + " incremental checkpoints on (execution.checkpointing.incremental: true) and the same checkpoint directory");
        }
        RocksDBIncrementalSnapshot incremental = backend.incremental();
        Map<String, StateDescriptor.Type> states = new LinkedHashMap<>();
        snapshot.read(SECTION, VERSION, in -> {
            StateDescriptor.Type[] types = StateDescriptor.Type.values();
            int n = in.readInt();
            for (int i = 0; i < n; i++) {
                String name = in.readString();
                states.put(name, types[in.readUnsignedByte()]);
            }
            Path dir = backend.directory();
            backend.closeDatabase();
            RocksDBKeyedStateBackend.deleteRecursively(dir);
            Files.createDirectories(dir);
            int files = in.readInt();
            for (int i = 0; i < files; i++) {
                String local = in.readString();
                String sharedName = in.readString();
                incremental.shared().download(sharedName, dir.resolve(local));
                incremental.uploaded.put(local, sharedName);
            }
            int privateFiles = in.readInt();
            for (int i = 0; i < privateFiles; i++) {
                String name = in.readString();
                byte[] b = new byte[in.readInt()];
                in.readFully(b);
                Files.write(dir.resolve(name), b);
            }
        });
        backend.openDatabase(states);
        backend.deleteKeysNotIn(keys);
    }

    private static void merge(RocksDBKeyedStateBackend backend, StateSnapshot snapshot, Predicate<Object> keys) throws Exception {
        if (backend.incremental() == null) {
            throw new IOException("this checkpoint's keyed state is an incremental RocksDB checkpoint: restore it with"
                    + " incremental checkpoints on (execution.checkpointing.incremental: true) and the same checkpoint directory");
        }
        Path part = backend.directory().resolveSibling(backend.directory().getFileName() + "-part-" + UUID.randomUUID());
        Map<String, StateDescriptor.Type> states = new LinkedHashMap<>();
        try {
            snapshot.read(SECTION, VERSION, in -> {
                StateDescriptor.Type[] types = StateDescriptor.Type.values();
                for (int n = in.readInt(); n > 0; n--) {
                    String name = in.readString();
                    states.put(name, types[in.readUnsignedByte()]);
                }
                Files.createDirectories(part);
                for (int n = in.readInt(); n > 0; n--) {
                    String local = in.readString();
                    backend.incremental().shared().download(in.readString(), part.resolve(local));
                }
                for (int n = in.readInt(); n > 0; n--) {
                    String name = in.readString();
                    byte[] b = new byte[in.readInt()];
                    in.readFully(b);
                    Files.write(part.resolve(name), b);
                }
            });
            copyRows(backend, part, states, keys);
        } finally {
            RocksDBKeyedStateBackend.deleteRecursively(part);
        }
    }

    /** Copies the rows of the keys {@code keys} accepts from the database in {@code dir} into the backend's. */
    private static void copyRows(RocksDBKeyedStateBackend backend, Path dir, Map<String, StateDescriptor.Type> states,
            Predicate<Object> keys) throws Exception {
        List<ColumnFamilyDescriptor> columns = new ArrayList<>();
        columns.add(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY));
        for (String name : states.keySet()) {
            columns.add(new ColumnFamilyDescriptor(name.getBytes(StandardCharsets.UTF_8)));
        }
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (DBOptions options = new DBOptions(); RocksDB from = RocksDB.openReadOnly(options, dir.toString(), columns, handles)) {
            int i = 1;
            for (Map.Entry<String, StateDescriptor.Type> e : states.entrySet()) {
                RocksDBState into = backend.states.get(e.getKey());
                if (into == null) {
                    into = backend.create(e.getKey(), e.getValue());
                } else if (into.type != e.getValue()) {
                    throw new IOException("state '" + e.getKey() + "' restored as " + e.getValue() + " and as " + into.type);
                }
                ColumnFamilyHandle column = into.column;
                try (RocksIterator it = from.newIterator(handles.get(i++))) {
                    RocksDBKeyedStateBackend.forEachRow(it, keys, (row, keep) -> {
                        if (keep) {
                            backend.db.put(column, backend.writeOptions, row, it.value());
                        }
                    });
                }
            }
        } finally {
            handles.forEach(ColumnFamilyHandle::close);
        }
    }
}
