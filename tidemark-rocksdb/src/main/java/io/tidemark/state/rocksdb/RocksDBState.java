package io.tidemark.state.rocksdb;

import io.tidemark.api.common.state.State;
import io.tidemark.api.common.state.StateDescriptor;
import io.tidemark.runtime.state.VoidNamespace;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDBException;

/**
 * What every RocksDB state shares: its column family, the namespace it is pointed at, one row per
 * (key, namespace) read and written whole. Map states override the row logic (a row per entry).
 */
abstract class RocksDBState implements State {

    final RocksDBKeyedStateBackend backend;
    final StateDescriptor.Type type;
    ColumnFamilyHandle column;
    Object namespace = VoidNamespace.INSTANCE;
    /** Whether the descriptor's details are known (false for a restored state not asked for yet). */
    boolean bound;

    RocksDBState(RocksDBKeyedStateBackend backend, ColumnFamilyHandle column, StateDescriptor.Type type) {
        this.backend = backend;
        this.column = column;
        this.type = type;
    }

    /** Takes what only the descriptor knows (a default value, a reduce function). */
    void bind(StateDescriptor<?, ?> descriptor) {
        bound = true;
    }

    byte[] get(byte[] row) {
        try {
            return backend.db.get(column, backend.readOptions, row);
        } catch (RocksDBException e) {
            throw RocksDBKeyedStateBackend.failure("read state", e);
        }
    }

    void put(byte[] row, byte[] value) {
        try {
            backend.db.put(column, backend.writeOptions, row, value);
        } catch (RocksDBException e) {
            throw RocksDBKeyedStateBackend.failure("write state", e);
        }
    }

    void delete(byte[] row) {
        try {
            backend.db.delete(column, backend.writeOptions, row);
        } catch (RocksDBException e) {
            throw RocksDBKeyedStateBackend.failure("delete state", e);
        }
    }

    @Override
    public void clear() {
        delete(backend.rowKey(namespace));
    }

    /** The value of a row as a checkpoint writes it (a list state's as a {@code List}). */
    Object rowValue(byte[] bytes) {
        return StateBytes.decode(bytes);
    }

    /** The bytes of a row holding {@code value} as a checkpoint has it. */
    byte[] rowBytes(Object value) {
        return StateBytes.encode(value);
    }

    /** Writes {@code value} (as a checkpoint has it) for the row of {@code key} and {@code namespace}. */
    void restore(byte[] key, byte[] namespace, Object value) {
        put(StateBytes.rowKey(key, namespace), rowBytes(value));
    }

    /**
     * Merges the sources' values into the target's for the current key; theirs go. The target is
     * read and written only when a source has a value (a session growing by a window without contents
     * does not rewrite its list).
     */
    void mergeNamespaces(Object target, Collection<?> sources) {
        List<byte[]> values = new ArrayList<>(sources.size());
        for (Object source : sources) {
            if (source.equals(target)) {
                continue;
            }
            byte[] row = backend.rowKey(source);
            byte[] v = get(row);
            if (v != null) {
                delete(row);
                values.add(v);
            }
        }
        if (!values.isEmpty()) {
            byte[] targetRow = backend.rowKey(target);
            byte[] merged = get(targetRow);
            for (byte[] v : values) {
                merged = merged == null ? v : merge(merged, v);
            }
            put(targetRow, merged);
        }
    }

    byte[] merge(byte[] a, byte[] b) {
        throw new UnsupportedOperationException(type + " state cannot be merged");
    }
}
