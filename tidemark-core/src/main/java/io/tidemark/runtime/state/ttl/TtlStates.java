package io.tidemark.runtime.state.ttl;

import io.tidemark.api.common.state.AggregatingStateDescriptor;
import io.tidemark.api.common.state.ListStateDescriptor;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.state.ReducingStateDescriptor;
import io.tidemark.api.common.state.State;
import io.tidemark.api.common.state.StateDescriptor;
import io.tidemark.api.common.state.StateTtlConfig;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.runtime.state.HeapKeyedStateBackend;
import io.tidemark.runtime.state.KeyedStateBackend;
import io.tidemark.runtime.state.VoidNamespace;
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
                ValueStateDescriptor<TtlValue<Object>> stored = new ValueStateDescriptor<>(v.getName(), stamped);
                return (S) new TtlValueState<>(backend.getPartitionedState(namespace, stored), policy,
                        cleanup(backend, stored, namespace, config), v.getDefaultValue());
            }
            case LIST: {
                ListStateDescriptor<TtlValue<Object>> stored = new ListStateDescriptor<>(d.getName(), stamped);
                return (S) new TtlListState<>(backend.getPartitionedState(namespace, stored), policy,
                        cleanup(backend, stored, namespace, config));
            }
            case MAP: {
                MapStateDescriptor<Object, Object> m = (MapStateDescriptor<Object, Object>) d;
                MapStateDescriptor<Object, TtlValue<Object>> stored =
                        new MapStateDescriptor<>(m.getName(), m.getKeyClass(), stamped);
                return (S) new TtlMapState<>(backend.getPartitionedState(namespace, stored), policy,
                        cleanup(backend, stored, namespace, config));
            }
            case REDUCING: {
                ReducingStateDescriptor<Object> r = (ReducingStateDescriptor<Object>) d;
                ReducingStateDescriptor<TtlValue<Object>> stored = new ReducingStateDescriptor<>(r.getName(),
                        new TtlReducingState.TtlReduce<>(r.getReduceFunction(), policy), stamped);
                return (S) new TtlReducingState<>(backend.getPartitionedState(namespace, stored), policy,
                        cleanup(backend, stored, namespace, config));
            }
            case AGGREGATING: {
                AggregatingStateDescriptor<Object, Object, Object> a = (AggregatingStateDescriptor<Object, Object, Object>) d;
                AggregatingStateDescriptor<Object, TtlValue<Object>, TtlValue<Object>> stored =
                        new AggregatingStateDescriptor<>(a.getName(),
                                new TtlAggregatingState.TtlAggregate<>(a.getAggregateFunction(), policy), stamped);
                return (S) new TtlAggregatingState<>(backend.getPartitionedState(namespace, stored),
                        a.getAggregateFunction(), policy, cleanup(backend, stored, namespace, config));
            }
            default:
                throw new UnsupportedOperationException("time-to-live on state kind " + d.getType());
        }
    }

    /**
     * The incremental cleanup of a state on the heap backend, when the configuration has one (set, or
     * the default of cleanup in the background); none on other backends (Flink's RocksDB cleans up in
     * compactions instead), and none for a window's own state (asked for anew at each firing, and
     * purged with its window).
     */
    private static IncrementalCleanup cleanup(KeyedStateBackend backend, StateDescriptor<?, ?> stored, Object namespace,
            StateTtlConfig config) {
        StateTtlConfig.IncrementalCleanupStrategy incremental = config.getCleanupStrategies().getIncrementalCleanupStrategy();
        if (incremental == null || !(backend instanceof HeapKeyedStateBackend) || namespace != VoidNamespace.INSTANCE) {
            return null;
        }
        return new IncrementalCleanup(backend, stored, namespace, incremental.getCleanupSize());
    }
}
