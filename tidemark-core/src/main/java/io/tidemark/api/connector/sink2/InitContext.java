package io.tidemark.api.connector.sink2;

import java.util.OptionalLong;

/** What a sink's writer or committer knows of its subtask (Flink's {@code InitContext}). */
public interface InitContext {

    /** This subtask's index, from 0. */
    int getSubtaskId();

    int getNumberOfParallelSubtasks();

    /** The checkpoint the job was restored from, if it was. */
    OptionalLong getRestoredCheckpointId();
}
