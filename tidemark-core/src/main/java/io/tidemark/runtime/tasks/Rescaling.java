package io.tidemark.runtime.tasks;

import io.tidemark.runtime.checkpoint.KeyGroupSection;
import io.tidemark.runtime.checkpoint.RestoredState;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.state.KeyGroupRange;
import io.tidemark.runtime.state.KeyGroupRangeAssignment;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * What one operator subtask restores from when the checkpoint was taken at the same or at another
 * parallelism, as Flink redistributes state:
 *
 * <ul>
 *   <li><b>Keyed state, timers and windows</b> by key group: the new subtask {@code i} of {@code p} owns
 *       key groups {@code ⌈i·M/p⌉ .. ⌊((i+1)·M−1)/p⌋} (M the maximum parallelism); it reads the old
 *       snapshots whose recorded ranges overlap that range and keeps the keys whose key group is in it.
 *       Every key is restored by exactly one new subtask, the one the keyed exchange now sends it to.
 *   <li><b>Per-subtask state that is not keyed</b> (counters, a reorder buffer): old subtask {@code j}'s
 *       goes to new subtask {@code j mod p}, so each is restored once.
 *   <li><b>List state of functions and sources' splits</b> from every old subtask (by their own rules).
 * </ul>
 *
 * <p>Refused, with a message naming the way out: a keyed checkpoint whose maximum parallelism differs
 * from the job's (its key groups would not match, as in Flink), and a keyed checkpoint taken at
 * parallelism > 1 before subtasks' snapshots recorded their key groups (its keys were spread by another
 * hash, so it is restored neither at another parallelism nor at its own).
 */
public final class Rescaling {

    private Rescaling() {}

    /**
     * @param all the operator's old snapshots, by old subtask index
     * @param maxParallelism the operator's maximum parallelism now
     */
    public static RestoredState restoredState(long checkpointId, String where, String name, List<StateSnapshot> all, int subtask,
            int parallelism, int maxParallelism) throws Exception {
        int oldParallelism = all.size();
        List<KeyGroupSection> groups = new ArrayList<>(oldParallelism);
        boolean keyed = false;
        for (StateSnapshot s : all) {
            keyed |= KeyGroupSection.isKeyed(s);
            groups.add(KeyGroupSection.of(s));
        }
        if (keyed && oldParallelism > 1) {
            check(checkpointId, where, name, groups, oldParallelism, parallelism, maxParallelism);
        }
        if (oldParallelism == parallelism) {
            return RestoredState.unchanged(checkpointId, all.get(subtask), all);
        }
        List<StateSnapshot> keyedParts = new ArrayList<>();
        Predicate<Object> keys = k -> true;
        if (keyed) {
            KeyGroupRange mine = KeyGroupRangeAssignment.computeKeyGroupRangeForOperatorIndex(maxParallelism, parallelism, subtask);
            for (int j = 0; j < oldParallelism; j++) {
                if (oldParallelism == 1 || groups.get(j).range().overlaps(mine)) {
                    keyedParts.add(all.get(j));
                }
            }
            keys = k -> mine.contains(KeyGroupRangeAssignment.assignToKeyGroup(k, maxParallelism));
        }
        List<StateSnapshot> shares = new ArrayList<>();
        for (int j = subtask; j < oldParallelism; j += parallelism) {
            shares.add(all.get(j));
        }
        return new RestoredState(checkpointId, shares.isEmpty() ? StateSnapshot.EMPTY : shares.get(0), all, keys, keyedParts,
                shares, true);
    }

    private static void check(long checkpointId, String where, String name, List<KeyGroupSection> groups, int oldParallelism,
            int parallelism, int maxParallelism) {
        for (KeyGroupSection g : groups) {
            if (g == null) {
                throw new IllegalStateException("operator '" + name + "': checkpoint " + checkpointId + " (" + where + ") was taken at "
                        + "parallelism " + oldParallelism + " before keyed state was checkpointed by key groups; its keys were "
                        + "spread over subtasks by another hash, so it cannot be restored (at parallelism " + parallelism
                        + " or any other): start the job afresh");
            }
            if (g.maxParallelism() != maxParallelism) {
                throw new IllegalStateException("operator '" + name + "': checkpoint " + checkpointId + " (" + where + ") has "
                        + g.maxParallelism() + " key groups (maximum parallelism), the job now " + maxParallelism
                        + ": keyed state restores only at the same maximum parallelism (set pipeline.max-parallelism to "
                        + g.maxParallelism() + ")");
            }
        }
    }
}
