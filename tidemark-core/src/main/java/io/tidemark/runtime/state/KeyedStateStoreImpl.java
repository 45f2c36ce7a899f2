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
import java.util.function.Supplier;

/** A {@link KeyedStateStore} over a backend, for a namespace chosen when the state is asked for. */
public final class KeyedStateStoreImpl implements KeyedStateStore {

    private final KeyedStateBackend backend;
    private final Supplier<Object> namespace;

    public KeyedStateStoreImpl(KeyedStateBackend backend, Supplier<Object> namespace) {
        this.backend = backend;
        this.namespace = namespace;
    }

    @Override
    public <T> ValueState<T> getState(ValueStateDescriptor<T> d) {
        return backend.getPartitionedState(namespace.get(), d);
    }

    @Override
    public <T> ListState<T> getListState(ListStateDescriptor<T> d) {
        return backend.getPartitionedState(namespace.get(), d);
    }

    @Override
    public <K, V> MapState<K, V> getMapState(MapStateDescriptor<K, V> d) {
        return backend.getPartitionedState(namespace.get(), d);
    }

    @Override
    public <T> ReducingState<T> getReducingState(ReducingStateDescriptor<T> d) {
        return backend.getPartitionedState(namespace.get(), d);
    }

    @Override
    public <IN, ACC, OUT> AggregatingState<IN, OUT> getAggregatingState(AggregatingStateDescriptor<IN, ACC, OUT> d) {
        return backend.getPartitionedState(namespace.get(), d);
    }
}
