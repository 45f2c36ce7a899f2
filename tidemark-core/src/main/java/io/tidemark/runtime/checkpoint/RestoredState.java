package io.tidemark.runtime.checkpoint;

import java.util.List;
import java.util.function.Predicate;

/**
 * What an operator subtask restores from. At the parallelism of the checkpoint: its own snapshot. At
 * another parallelism (rescaling): its keyed state, timers and windows from every old subtask whose
 * key-group range overlaps its own, keeping the keys of its own key groups; per-subtask state that is
 * not keyed from the old subtasks {@code j} with {@code j mod parallelism == subtask} (its shares); list
 * state of functions and sources' splits redistributed from all old subtasks.
 *
 * @param checkpointId the checkpoint restored
 * @param own this subtask's snapshot at an unchanged parallelism; at a changed one its first share, or
 *     an empty snapshot when it has none (so that code reading one snapshot restores nothing it should not)
 * @param all every old subtask's snapshot of the operator (index = old subtask index)
 * @param keys the keys this subtask keeps of keyed state (all of them at an unchanged parallelism)
 * @param keyed the old snapshots holding keys of this subtask's key groups ({@code [own]} when unchanged)
 * @param shares the old snapshots whose per-subtask state this subtask takes ({@code [own]} when unchanged)
 * @param rescaled whether the parallelism changed since the checkpoint
 */
public record RestoredState(long checkpointId, StateSnapshot own, List<StateSnapshot> all, Predicate<Object> keys,
        List<StateSnapshot> keyed, List<StateSnapshot> shares, boolean rescaled) {

    /** Restoring a subtask from its own snapshot alone (same parallelism, no union state involved). */
    public static RestoredState of(long checkpointId, StateSnapshot own) {
        return unchanged(checkpointId, own, List.of(own));
    }

    /** Restoring subtask {@code own} of an unchanged parallelism; {@code all} are its operator's snapshots. */
    public static RestoredState unchanged(long checkpointId, StateSnapshot own, List<StateSnapshot> all) {
        return new RestoredState(checkpointId, own, all, k -> true, List.of(own), List.of(own), false);
    }
}
