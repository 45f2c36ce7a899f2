package io.tidemark.runtime.operators;

import io.tidemark.api.common.functions.Function;
import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.runtime.state.VoidNamespace;
import io.tidemark.runtime.streamrecord.StreamRecord;

/** A rolling reduce on a keyed stream: emits the running reduction of each key after every record. */
public final class StreamGroupedReduce<T> extends AbstractStreamOperator<T, T> {

    private final ReduceFunction<T> function;
    private final ValueStateDescriptor<Object> descriptor = new ValueStateDescriptor<>("_rolling_reduce", Object.class);

    public StreamGroupedReduce(ReduceFunction<T> function) {
        this.function = function;
    }

    @Override
    protected Function userFunction() {
        return function;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void processElement(StreamRecord<T> record) throws Exception {
        ValueState<Object> state = keyedState.getPartitionedState(VoidNamespace.INSTANCE, descriptor);
        T current = (T) state.value();
        T next = current == null ? record.getValue() : function.reduce(current, record.getValue());
        state.update(next);
        output.collect(record.replace(next));
    }
}
