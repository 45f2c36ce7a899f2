package io.tidemark.runtime.checkpoint;

import java.util.List;
import java.util.function.Predicate;

/**
 * What an operator subtask restores from: its own snapshot and, for operator state that is
 * redistributed (union lists, a changed parallelism), the snapshots of every subtask of the operator
 * in the checkpoint (index = old subtask index).
 *
 * @param checkpointId the checkpoint restored
 * @param own this subtask's snapshot (empty when the operator had no state in the checkpoint)
 * @param all every old subtask's snapshot of the operator
 * @param keys the keys this subtask keeps of its keyed state (all of them at an unchanged parallelism)
 */
public record RestoredState(long checkpointId, StateSnapshot own, List<StateSnapshot> all, Predicate<Object> keys) {

    /** Restoring a subtask from its own snapshot alone (same parallelism, no union state involved). */
    public static RestoredState of(long checkpointId, StateSnapshot own) {
        return new RestoredState(checkpointId, own, List.of(own), k -> true);
    }
}
