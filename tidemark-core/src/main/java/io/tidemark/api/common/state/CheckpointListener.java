package io.tidemark.api.common.state;

/**
 * Told when a checkpoint completed (every subtask's state is durably stored) or was aborted: where an
 * exactly-once sink commits what it wrote before that checkpoint. Called on the function's own thread.
 * A notification may be missed (the job stops first): a later one covers every earlier checkpoint.
 */
public interface CheckpointListener {

    /** Checkpoint {@code checkpointId} completed; it subsumes every earlier one. */
    void notifyCheckpointComplete(long checkpointId) throws Exception;

    /** Checkpoint {@code checkpointId} was aborted (its state is discarded). */
    default void notifyCheckpointAborted(long checkpointId) throws Exception {}
}
