package io.tidemark.api.common.functions;

import io.tidemark.api.common.state.AggregatingState;
import io.tidemark.api.common.state.AggregatingStateDescriptor;
import io.tidemark.api.common.state.ListState;
import io.tidemark.api.common.state.ListStateDescriptor;
import io.tidemark.api.common.state.MapState;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.state.ReducingState;
import io.tidemark.api.common.state.ReducingStateDescriptor;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;

/** What a running function knows about where it runs, and its keyed state. */
public interface RuntimeContext {

    /** The operator's name as shown in metrics and errors. */
    String getTaskName();

    /** Index of this parallel subtask, from 0. */
    int getIndexOfThisSubtask();

    /** The operator's parallelism. */
    int getNumberOfParallelSubtasks();

    /** Keyed value state, scoped to the current key (only on a keyed stream). */
    <T> ValueState<T> getState(ValueStateDescriptor<T> descriptor);

    /** Keyed list state, scoped to the current key (only on a keyed stream). */
    <T> ListState<T> getListState(ListStateDescriptor<T> descriptor);

    /** Keyed map state, scoped to the current key (only on a keyed stream). */
    <K, V> MapState<K, V> getMapState(MapStateDescriptor<K, V> descriptor);

    /** Keyed reducing state, scoped to the current key (only on a keyed stream). */
    <T> ReducingState<T> getReducingState(ReducingStateDescriptor<T> descriptor);

    /** Keyed aggregating state, scoped to the current key (only on a keyed stream). */
    <IN, ACC, OUT> AggregatingState<IN, OUT> getAggregatingState(AggregatingStateDescriptor<IN, ACC, OUT> descriptor);
}
