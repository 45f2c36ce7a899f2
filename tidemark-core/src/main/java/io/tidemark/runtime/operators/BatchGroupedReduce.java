package io.tidemark.runtime.operators;

import io.tidemark.api.common.functions.Function;
import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.runtime.state.VoidNamespace;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.timers.Timer;

/**
 * A keyed reduce in BATCH mode (rolling {@code reduce}, {@code sum}, {@code min}, {@code max},
 * {@code minBy}, {@code maxBy}): not rolling, as in Flink's BATCH mode; each key's reduction is emitted
 * once, at the end of input, timestamped {@code Long.MAX_VALUE}. It waits on an event-time timer at the
 * end of time, which only the final watermark fires.
 */
public final class BatchGroupedReduce<T> extends AbstractStreamOperator<T, T> {

    private final ReduceFunction<T> function;
    private final ValueStateDescriptor<Object> descriptor = new ValueStateDescriptor<>("_batch_reduce", Object.class);

    public BatchGroupedReduce(ReduceFunction<T> function) {
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
        if (current == null) {
            timerService.registerEventTimeTimer(VoidNamespace.INSTANCE, Long.MAX_VALUE);
            state.update(record.getValue());
        } else {
            state.update(function.reduce(current, record.getValue()));
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public void onEventTime(Timer timer) throws Exception {
        ValueState<Object> state = keyedState.getPartitionedState(VoidNamespace.INSTANCE, descriptor);
        T current = (T) state.value();
        if (current != null) {
            output.collect(new StreamRecord<>(current, Long.MAX_VALUE));
            state.clear();
        }
    }
}
