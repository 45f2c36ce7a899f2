package io.tidemark.runtime.checkpoint;

import java.util.Objects;

/**
 * The state of one operator subtask in a checkpoint, under Flink's name: what a test harness's
 * {@code snapshot} returns and its {@code initializeState} restores. It holds the operator's
 * {@link StateSnapshot} as read back from the bytes a checkpoint file holds, so a restore in a test
 * goes through the same format as a restore from disk.
 */
public final class OperatorSubtaskState {

    private final long checkpointId;
    private final StateSnapshot snapshot;

    public OperatorSubtaskState(long checkpointId, StateSnapshot snapshot) {
        this.checkpointId = checkpointId;
        this.snapshot = Objects.requireNonNull(snapshot, "snapshot");
    }

    /** The checkpoint this state was taken in. */
    public long getCheckpointId() {
        return checkpointId;
    }

    /** The operator's state. */
    public StateSnapshot getSnapshot() {
        return snapshot;
    }

    @Override
    public String toString() {
        return "OperatorSubtaskState(checkpoint " + checkpointId + ")";
    }
}
