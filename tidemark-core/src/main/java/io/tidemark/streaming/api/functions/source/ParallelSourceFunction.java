package io.tidemark.streaming.api.functions.source;

/**
 * A source that can run as several parallel subtasks: each subtask runs its own copy and must emit
 * only its share (see {@code getRuntimeContext().getTaskInfo().getIndexOfThisSubtask()} in a rich source). A plain
 * {@link SourceFunction} always runs as one subtask.
 */
public interface ParallelSourceFunction<T> extends SourceFunction<T> {}
