package io.tidemark.api.common.functions;

import io.tidemark.api.common.JobInfo;
import io.tidemark.api.common.TaskInfo;
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

/**
 * What a running function knows about where it runs, and its keyed state. As in Flink 2, where it runs
 * is {@link #getTaskInfo()} and which job {@link #getJobInfo()}: Flink 1's {@code getIndexOfThisSubtask()},
 * {@code getNumberOfParallelSubtasks()} and {@code getTaskName()} on the context itself are gone from
 * both, so a program written for Flink 2 compiles here unchanged and one written for Flink 1 fails here
 * as it fails on Flink 2.
 */
public interface RuntimeContext {

    /** The subtask this function runs in: index, parallelism, name, attempt. */
    TaskInfo getTaskInfo();

    /** The job this function runs in: its id and name. */
    JobInfo getJobInfo();

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
