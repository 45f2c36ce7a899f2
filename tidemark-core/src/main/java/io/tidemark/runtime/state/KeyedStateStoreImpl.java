package io.tidemark.runtime.state;

import io.tidemark.api.common.state.AggregatingState;
import io.tidemark.api.common.state.AggregatingStateDescriptor;
import io.tidemark.api.common.state.KeyedStateStore;
import io.tidemark.api.common.state.ListState;
import io.tidemark.api.common.state.ListStateDescriptor;
import io.tidemark.api.common.state.MapState;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.state.ReducingState;
import io.tidemark.api.common.state.ReducingStateDescriptor;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.api.common.state.State;
import io.tidemark.api.common.state.StateDescriptor;
import io.tidemark.runtime.state.ttl.TtlStates;
import io.tidemark.time.Clock;
import java.util.function.Supplier;

/**
 * A {@link KeyedStateStore} over a backend, for a namespace chosen when the state is asked for; a
 * state with a time-to-live reads {@code ttlClock}.
 */
public final class KeyedStateStoreImpl implements KeyedStateStore {

    private final KeyedStateBackend backend;
    private final Supplier<Object> namespace;
    private final Clock ttlClock;

    public KeyedStateStoreImpl(KeyedStateBackend backend, Supplier<Object> namespace, Clock ttlClock) {
        this.backend = backend;
        this.namespace = namespace;
        this.ttlClock = ttlClock;
    }

    private <S extends State> S state(StateDescriptor<S, ?> d) {
        return TtlStates.getPartitionedState(backend, namespace.get(), d, ttlClock);
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
