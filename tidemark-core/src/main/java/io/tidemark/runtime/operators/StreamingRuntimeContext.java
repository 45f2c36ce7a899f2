package io.tidemark.runtime.operators;

import io.tidemark.api.common.JobInfo;
import io.tidemark.api.common.TaskInfo;
import io.tidemark.api.common.functions.RuntimeContext;
import io.tidemark.api.common.state.AggregatingState;
import io.tidemark.api.common.state.AggregatingStateDescriptor;
import io.tidemark.api.common.state.ListState;
import io.tidemark.api.common.state.ListStateDescriptor;
import io.tidemark.api.common.state.MapState;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.state.ReducingState;
import io.tidemark.api.common.state.ReducingStateDescriptor;
import io.tidemark.api.common.state.StateDescriptor;
import io.tidemark.api.common.state.State;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.runtime.state.KeyedStateBackend;
import io.tidemark.runtime.state.VoidNamespace;
import io.tidemark.runtime.state.ttl.TtlStates;

/** The {@link RuntimeContext} of a function run by a built-in operator. */
public final class StreamingRuntimeContext implements RuntimeContext {

    private final OperatorContext context;
    private final KeyedStateBackend keyedState;

    public StreamingRuntimeContext(OperatorContext context, KeyedStateBackend keyedState) {
        this.context = context;
        this.keyedState = keyedState;
    }

    @Override
    public TaskInfo getTaskInfo() {
        return context.getSubtaskInfo();
    }

    @Override
    public JobInfo getJobInfo() {
        return context.getSubtaskInfo();
    }

    private <S extends State> S state(StateDescriptor<S, ?> d) {
        if (keyedState == null) {
            throw new UnsupportedOperationException(
                    "keyed state (" + d + ") is only available on a keyed stream: call keyBy first");
        }
        return TtlStates.getPartitionedState(keyedState, VoidNamespace.INSTANCE, d, context.getStateTtlClock());
    }

    @Override
    public <T> ValueState<T> getState(ValueStateDescriptor<T> d) {
        return state(d);
    }

    @Override
    public <T> ListState<T> getListState(ListStateDescriptor<T> d) {
        return state(d);
    }

    @Override
    public <K, V> MapState<K, V> getMapState(MapStateDescriptor<K, V> d) {
        return state(d);
    }

    @Override
    public <T> ReducingState<T> getReducingState(ReducingStateDescriptor<T> d) {
        return state(d);
    }

    @Override
    public <IN, ACC, OUT> AggregatingState<IN, OUT> getAggregatingState(AggregatingStateDescriptor<IN, ACC, OUT> d) {
        return state(d);
    }
}
