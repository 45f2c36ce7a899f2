package io.tidemark.api.common.state;

/** Hands out keyed state; used for a window function's per-window and global state. */
public interface KeyedStateStore {

    <T> ValueState<T> getState(ValueStateDescriptor<T> descriptor);

    <T> ListState<T> getListState(ListStateDescriptor<T> descriptor);

    <K, V> MapState<K, V> getMapState(MapStateDescriptor<K, V> descriptor);

    <T> ReducingState<T> getReducingState(ReducingStateDescriptor<T> descriptor);

    <IN, ACC, OUT> AggregatingState<IN, OUT> getAggregatingState(AggregatingStateDescriptor<IN, ACC, OUT> descriptor);
}
