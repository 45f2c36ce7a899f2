package io.tidemark.state.rocksdb;

import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.state.AggregatingState;
import io.tidemark.api.common.state.AggregatingStateDescriptor;
import io.tidemark.api.common.state.StateDescriptor;
import org.rocksdb.ColumnFamilyHandle;

/**
 * An {@link AggregatingState} in RocksDB: the accumulator, one row per (key, namespace); {@code add}
 * reads, adds, writes; {@code get} reads and gives the function's result.
 */
final class RocksDBAggregatingState<IN, ACC, OUT> extends RocksDBState implements AggregatingState<IN, OUT> {

    private AggregateFunction<IN, ACC, OUT> function;

    RocksDBAggregatingState(RocksDBKeyedStateBackend backend, ColumnFamilyHandle column) {
        super(backend, column, StateDescriptor.Type.AGGREGATING);
    }

    @Override
    @SuppressWarnings("unchecked")
    void bind(StateDescriptor<?, ?> descriptor) {
        super.bind(descriptor);
        function = ((AggregatingStateDescriptor<IN, ACC, OUT>) descriptor).getAggregateFunction();
    }

    @SuppressWarnings("unchecked")
    private ACC accumulator(byte[] row) {
        byte[] b = get(row);
        return b == null ? null : (ACC) StateBytes.decode(b);
    }

    @Override
    public OUT get() {
        ACC acc = accumulator(backend.rowKey(namespace));
        return acc == null ? null : function.getResult(acc);
    }

    @Override
    public void add(IN value) {
        byte[] row = backend.rowKey(namespace);
        ACC acc = accumulator(row);
        put(row, StateBytes.encode(function.add(value, acc == null ? function.createAccumulator() : acc)));
    }

    @Override
    @SuppressWarnings("unchecked")
    byte[] merge(byte[] a, byte[] b) {
        return StateBytes.encode(function.merge((ACC) StateBytes.decode(a), (ACC) StateBytes.decode(b)));
    }
}
