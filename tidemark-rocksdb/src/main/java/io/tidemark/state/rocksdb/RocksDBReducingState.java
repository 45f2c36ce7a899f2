package io.tidemark.state.rocksdb;

import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.api.common.state.ReducingState;
import io.tidemark.api.common.state.ReducingStateDescriptor;
import io.tidemark.api.common.state.StateDescriptor;
import org.rocksdb.ColumnFamilyHandle;

/** A {@link ReducingState} in RocksDB: the reduced value, one row per (key, namespace); {@code add} reads, reduces, writes. */
final class RocksDBReducingState<T> extends RocksDBState implements ReducingState<T> {

    private ReduceFunction<T> reduce;

    RocksDBReducingState(RocksDBKeyedStateBackend backend, ColumnFamilyHandle column) {
        super(backend, column, StateDescriptor.Type.REDUCING);
    }

    @Override
    @SuppressWarnings("unchecked")
    void bind(StateDescriptor<?, ?> descriptor) {
        super.bind(descriptor);
        reduce = ((ReducingStateDescriptor<T>) descriptor).getReduceFunction();
    }

    @Override
    @SuppressWarnings("unchecked")
    public T get() {
        byte[] b = get(backend.rowKey(namespace));
        return b == null ? null : (T) StateBytes.decode(b);
    }

    @Override
    public void add(T value) throws Exception {
        T current = get();
        T next = current == null ? value : reduce.reduce(current, value);
        if (next == null) {
            clear();
        } else {
            put(backend.rowKey(namespace), StateBytes.encode(next));
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    byte[] merge(byte[] a, byte[] b) {
        try {
            return StateBytes.encode(reduce.reduce((T) StateBytes.decode(a), (T) StateBytes.decode(b)));
        } catch (Exception e) {
            throw new IllegalStateException("reduce function failed while merging state", e);
        }
    }
}
