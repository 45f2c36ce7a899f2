package io.tidemark.state.rocksdb;

import io.tidemark.api.common.state.StateDescriptor;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import org.rocksdb.ColumnFamilyHandle;

/** A {@link ValueState} in RocksDB: one row per (key, namespace). */
final class RocksDBValueState<T> extends RocksDBState implements ValueState<T> {

    private T defaultValue;

    RocksDBValueState(RocksDBKeyedStateBackend backend, ColumnFamilyHandle column) {
        super(backend, column, StateDescriptor.Type.VALUE);
    }

    @Override
    @SuppressWarnings("unchecked")
    void bind(StateDescriptor<?, ?> descriptor) {
        super.bind(descriptor);
        defaultValue = ((ValueStateDescriptor<T>) descriptor).getDefaultValue();
    }

    @Override
    @SuppressWarnings("unchecked")
    public T value() {
        byte[] b = get(backend.rowKey(namespace));
        return b == null ? defaultValue : (T) StateBytes.decode(b);
    }

    @Override
    public void update(T value) {
        if (value == null) {
            clear();
        } else {
            put(backend.rowKey(namespace), StateBytes.encode(value));
        }
    }
}
