package io.tidemark.api.connector.source;

/** Where a source's reader runs: its subtask and the source's parallelism (Flink's names). */
public interface SourceReaderContext {

    /** The index of this subtask, from 0. */
    int getIndexOfSubtask();

    /** The number of parallel subtasks of the source. */
    int currentParallelism();
}
