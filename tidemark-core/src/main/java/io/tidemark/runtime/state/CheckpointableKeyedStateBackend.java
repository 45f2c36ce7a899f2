package io.tidemark.runtime.state;

import io.tidemark.runtime.checkpoint.StateSnapshot;
import java.util.function.Predicate;

/**
 * A {@link KeyedStateBackend} whose state goes into checkpoints (Flink's
 * {@code CheckpointableKeyedStateBackend}). A backend writes its state as sections of the operator's
 * snapshot; the {@code keyed} section ({@link KeyedStateSnapshots}) is the format every backend writes
 * in a full snapshot and reads, so that a checkpoint of one backend restores into another. A backend
 * may write other sections of its own (RocksDB's incremental snapshot refers to files instead).
 */
public interface CheckpointableKeyedStateBackend extends KeyedStateBackend {

    /**
     * Writes the state at this point into {@code snapshot} (on the task's thread, between two items;
     * later changes do not reach what was written). {@code checkpointId} grows from one checkpoint to
     * the next.
     */
    void snapshot(long checkpointId, StateSnapshot.Builder snapshot) throws Exception;

    /**
     * Restores the state {@link #snapshot} wrote into {@code snapshot} (of this backend or another),
     * keeping only the keys {@code keys} accepts (rescaling). Called before any state is used: once, or at a
     * changed parallelism once per old subtask whose key groups overlap (their keys add up).
     */
    void restore(StateSnapshot snapshot, Predicate<Object> keys) throws Exception;

    /** Checkpoint {@code checkpointId} completed; an incremental backend may build on it now. */
    default void notifyCheckpointComplete(long checkpointId) throws Exception {}
}
