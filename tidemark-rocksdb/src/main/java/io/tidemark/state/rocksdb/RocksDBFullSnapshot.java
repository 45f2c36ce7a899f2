package io.tidemark.state.rocksdb;

import io.tidemark.api.common.state.StateDescriptor;
import io.tidemark.runtime.checkpoint.StateOutput;
import io.tidemark.runtime.state.KeyedStateSnapshots;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksIterator;
import org.rocksdb.Snapshot;

/**
 * A RocksDB backend's state in the full-snapshot format every backend reads ({@link KeyedStateSnapshots},
 * section {@code keyed}), so that it restores into the heap backend as well as into RocksDB. Written
 * from one RocksDB snapshot (a consistent view) in two passes per state: one counting its keys (the
 * format puts the count first), one writing them; a key's namespaces are read together (they are
 * contiguous), a map state's entries grouped per (key, namespace). Cost: two scans of every column
 * family, decoding each row once; the section's bytes are on the heap until written.
 */
final class RocksDBFullSnapshot {

    private RocksDBFullSnapshot() {}

    static void write(RocksDBKeyedStateBackend backend, StateOutput out) throws IOException {
        Snapshot snapshot = backend.db.getSnapshot();
        try (ReadOptions read = new ReadOptions().setSnapshot(snapshot)) {
            KeyedStateSnapshots.writeStateCount(out, backend.states.size());
            for (Map.Entry<String, RocksDBState> e : backend.states.entrySet()) {
                RocksDBState state = e.getValue();
                KeyedStateSnapshots.writeState(out, e.getKey(), state.type, countKeys(backend, state, read));
                writeKeys(backend, state, read, out);
            }
        } finally {
            backend.db.releaseSnapshot(snapshot);
        }
    }

    private static int countKeys(RocksDBKeyedStateBackend backend, RocksDBState state, ReadOptions read) {
        int n = 0;
        byte[] last = null;
        try (RocksIterator it = backend.db.newIterator(state.column, read)) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                byte[] key = StateBytes.keyOf(it.key());
                if (!Arrays.equals(key, last)) {
                    n++;
                    last = key;
                }
            }
        }
        return n;
    }

    /** Per key (in byte order) its (namespace, value) entries. */
    private static void writeKeys(RocksDBKeyedStateBackend backend, RocksDBState state, ReadOptions read, StateOutput out)
            throws IOException {
        byte[] key = null;
        Map<Object, Object> namespaces = new LinkedHashMap<>();
        byte[] lastNamespace = null;
        Map<Object, Object> entries = null; // the current (key, namespace)'s map entries, for a map state
        try (RocksIterator it = backend.db.newIterator(state.column, read)) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                byte[] row = it.key();
                byte[] k = StateBytes.keyOf(row);
                if (!Arrays.equals(k, key)) {
                    flush(out, state.type, key, namespaces);
                    key = k;
                    lastNamespace = null;
                }
                byte[] ns = StateBytes.namespaceOf(row);
                if (state.type == StateDescriptor.Type.MAP) {
                    if (!Arrays.equals(ns, lastNamespace)) {
                        entries = new LinkedHashMap<>();
                        namespaces.put(StateBytes.decode(ns), entries);
                        lastNamespace = ns;
                    }
                    entries.put(StateBytes.decode(row, StateBytes.prefixLength(row), row.length), StateBytes.decode(it.value()));
                } else {
                    namespaces.put(StateBytes.decode(ns), state.rowValue(it.value()));
                }
            }
        }
        flush(out, state.type, key, namespaces);
    }

    private static void flush(StateOutput out, StateDescriptor.Type type, byte[] key, Map<Object, Object> namespaces)
            throws IOException {
        if (key == null) {
            return;
        }
        KeyedStateSnapshots.writeKey(out, StateBytes.decode(key), namespaces.size());
        for (Map.Entry<Object, Object> e : namespaces.entrySet()) {
            KeyedStateSnapshots.writeEntry(out, type, e.getKey(), e.getValue());
        }
        namespaces.clear();
    }

    /** Writes a full snapshot's entries into the backend's states. */
    static final class Restorer implements KeyedStateSnapshots.Restorer {
        private final RocksDBKeyedStateBackend backend;
        private RocksDBState state;

        Restorer(RocksDBKeyedStateBackend backend) {
            this.backend = backend;
        }

        @Override
        public void state(String name, StateDescriptor.Type type) throws IOException {
            state = backend.states.get(name);
            if (state == null) {
                state = backend.create(name, type);
            } else if (state.type != type) {
                throw new IOException("state '" + name + "' restored as " + type + " and as " + state.type);
            }
        }

        @Override
        public void entry(Object key, Object namespace, Object value) {
            state.restore(StateBytes.encode(key), StateBytes.encode(namespace), value);
        }
    }
}
