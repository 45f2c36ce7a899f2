package io.tidemark.runtime.state.ttl;

import io.tidemark.api.common.state.AggregatingState;
import io.tidemark.api.common.state.AggregatingStateDescriptor;
import io.tidemark.api.common.state.ListState;
import io.tidemark.api.common.state.ListStateDescriptor;
import io.tidemark.api.common.state.MapState;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.state.ReducingState;
import io.tidemark.api.common.state.ReducingStateDescriptor;
import io.tidemark.api.common.state.State;
import io.tidemark.api.common.state.StateDescriptor;
import io.tidemark.api.common.state.StateTtlConfig;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.runtime.state.KeyedStateBackend;
import io.tidemark.time.Clock;

/**
 * Keyed state as user functions get it: the backend's state itself, or — when the descriptor has a
 * time-to-live ({@link StateTtlConfig}) — a decorator over the backend's state of the same name whose
 * values are {@link TtlValue}s, as Flink does it. Any backend (heap, RocksDB) keeps and checkpoints the
 * stamped values like any others; the time is {@code clock}'s (the job's processing clock).
 */
public final class TtlStates {

    private TtlStates() {}

    /** The state {@code d} names in {@code namespace} of the current key, with its time-to-live if it has one. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <S extends State> S getPartitionedState(KeyedStateBackend backend, Object namespace,
            StateDescriptor<S, ?> d, Clock clock) {
        StateTtlConfig config = d.getTtlConfig();
        if (!config.isEnabled()) {
            return backend.getPartitionedState(namespace, d);
        }
        TtlPolicy policy = new TtlPolicy(config, clock);
        Class<TtlValue<Object>> stamped = (Class) TtlValue.class;
        switch (d.getType()) {
            case VALUE: {
                ValueStateDescriptor<Object> v = (ValueStateDescriptor<Object>) d;
                ValueState<TtlValue<Object>> original = backend.getPartitionedState(namespace,
                        new ValueStateDescriptor<>(v.getName(), stamped));
                return (S) new TtlValueState<>(original, policy, v.getDefaultValue());
            }
            case LIST: {
                ListState<TtlValue<Object>> original = backend.getPartitionedState(namespace,
                        new ListStateDescriptor<>(d.getName(), stamped));
                return (S) new TtlListState<>(original, policy);
            }
            case MAP: {
                MapStateDescriptor<Object, Object> m = (MapStateDescriptor<Object, Object>) d;
                MapState<Object, TtlValue<Object>> original = backend.getPartitionedState(namespace,
                        new MapStateDescriptor<>(m.getName(), m.getKeyClass(), stamped));
                return (S) new TtlMapState<>(original, policy);
            }
            case REDUCING: {
                ReducingStateDescriptor<Object> r = (ReducingStateDescriptor<Object>) d;
                ReducingState<TtlValue<Object>> original = backend.getPartitionedState(namespace,
                        new ReducingStateDescriptor<>(r.getName(),
                                new TtlReducingState.TtlReduce<>(r.getReduceFunction(), policy), stamped));
                return (S) new TtlReducingState<>(original, policy);
            }
            case AGGREGATING: {
                AggregatingStateDescriptor<Object, Object, Object> a = (AggregatingStateDescriptor<Object, Object, Object>) d;
                AggregatingState<Object, TtlValue<Object>> original = backend.getPartitionedState(namespace,
                        new AggregatingStateDescriptor<>(a.getName(),
                                new TtlAggregatingState.TtlAggregate<>(a.getAggregateFunction(), policy), stamped));
                return (S) new TtlAggregatingState<>(original, a.getAggregateFunction(), policy);
            }
            default:
                throw new UnsupportedOperationException("time-to-live on state kind " + d.getType());
        }
    }
}
