package io.tidemark.runtime.tasks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.runtime.checkpoint.KeyGroupSection;
import io.tidemark.runtime.checkpoint.RestoredState;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.state.KeyGroupRange;
import io.tidemark.runtime.state.KeyGroupRangeAssignment;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which old snapshots a subtask restores from at the same and at another parallelism, and what is refused. */
class RescalingTest {

    /** A keyed operator subtask's snapshot: its key groups (unless {@code maxParallelism} is 0) and timers. */
    private static StateSnapshot keyed(int maxParallelism, int subtask, int parallelism) throws Exception {
        StateSnapshot.Builder b = StateSnapshot.builder();
        if (maxParallelism > 0) {
            new KeyGroupSection(maxParallelism, KeyGroupRangeAssignment.computeKeyGroupRangeForOperatorIndex(maxParallelism,
                    parallelism, subtask)).write(b);
        }
        b.section(KeyGroupSection.TIMERS_SECTION, 1, out -> out.writeLong(subtask));
        return b.build();
    }

    private static List<StateSnapshot> keyedAt(int maxParallelism, int parallelism) throws Exception {
        List<StateSnapshot> all = new ArrayList<>();
        for (int i = 0; i < parallelism; i++) {
            all.add(keyed(maxParallelism, i, parallelism));
        }
        return all;
    }

    @Test
    void atTheSameParallelismASubtaskRestoresItsOwnSnapshot() throws Exception {
        List<StateSnapshot> all = keyedAt(128, 2);
        RestoredState r = Rescaling.restoredState(7, "chk", "op", all, 1, 2, 128);
        assertThat(r.rescaled()).isFalse();
        assertThat(r.own()).isSameAs(all.get(1));
        assertThat(r.keyed()).containsExactly(all.get(1));
        assertThat(r.keys().test("anything")).isTrue();
    }

    /** 128 key groups: at 2 the ranges are 0..63 and 64..127; at 4, 0..31, 32..63, 64..95, 96..127; at 3, 0..42, 43..85, 86..127. */
    @Test
    void atAnotherParallelismASubtaskReadsTheOldSnapshotsOverlappingItsKeyGroups() throws Exception {
        List<StateSnapshot> two = keyedAt(128, 2);
        RestoredState one = Rescaling.restoredState(7, "chk", "op", two, 0, 1, 128);
        assertThat(one.rescaled()).isTrue();
        assertThat(one.keyed()).containsExactly(two.get(0), two.get(1));
        assertThat(one.shares()).containsExactly(two.get(0), two.get(1));
        RestoredState third = Rescaling.restoredState(7, "chk", "op", two, 2, 4, 128);
        assertThat(third.keyed()).containsExactly(two.get(1));
        assertThat(third.shares()).isEmpty();
        assertThat(third.own()).isSameAs(StateSnapshot.EMPTY);
        List<StateSnapshot> four = keyedAt(128, 4);
        RestoredState middle = Rescaling.restoredState(7, "chk", "op", four, 1, 3, 128); // 43..85 overlaps 32..63 and 64..95
        assertThat(middle.keyed()).containsExactly(four.get(1), four.get(2));
        assertThat(middle.shares()).containsExactly(four.get(1));
        // "a" is in key group 81 (see KeyGroupRangeAssignmentTest): subtask 1 of 3 keeps it, subtask 0 does not
        assertThat(middle.keys().test("a")).isTrue();
        assertThat(Rescaling.restoredState(7, "chk", "op", four, 0, 3, 128).keys().test("a")).isFalse();
        assertThat(new KeyGroupRange(43, 85).contains(KeyGroupRangeAssignment.assignToKeyGroup("a", 128))).isTrue();
    }

    @Test
    void aKeyedCheckpointWithoutKeyGroupsAtParallelismAboveOneIsRefusedEvenAtItsOwn() throws Exception {
        List<StateSnapshot> old = keyedAt(0, 2);
        for (int p : new int[] {1, 2, 4}) {
            assertThatThrownBy(() -> Rescaling.restoredState(7, "/chk", "window", old, 0, p, 128))
                    .hasMessageContaining("operator 'window'").hasMessageContaining("before keyed state was checkpointed by key groups")
                    .hasMessageContaining("start the job afresh");
        }
    }

    /** At parallelism 1 every key was in the one subtask: how they were spread does not matter. */
    @Test
    void aKeyedCheckpointWithoutKeyGroupsAtParallelismOneRestoresAtAny() throws Exception {
        List<StateSnapshot> old = keyedAt(0, 1);
        assertThat(Rescaling.restoredState(7, "chk", "op", old, 0, 1, 128).own()).isSameAs(old.get(0));
        RestoredState r = Rescaling.restoredState(7, "chk", "op", old, 3, 4, 128);
        assertThat(r.keyed()).containsExactly(old.get(0));
        assertThat(r.keys().test("a")).isFalse(); // key group 81 is subtask 2's at 4
        assertThat(Rescaling.restoredState(7, "chk", "op", old, 2, 4, 128).keys().test("a")).isTrue();
    }

    @Test
    void anotherMaximumParallelismIsRefused() throws Exception {
        assertThatThrownBy(() -> Rescaling.restoredState(7, "chk", "op", keyedAt(128, 2), 0, 2, 256))
                .hasMessageContaining("has 128 key groups").hasMessageContaining("the job now 256");
    }

    /** Operator state that is not keyed: old subtask j's goes to new subtask j mod p. */
    @Test
    void sharesOfStateThatIsNotKeyed() throws Exception {
        List<StateSnapshot> old = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            int n = i;
            old.add(StateSnapshot.builder().section("operator", 1, out -> out.writeInt(n)).build());
        }
        RestoredState r = Rescaling.restoredState(7, "chk", "map", old, 1, 3, 128);
        assertThat(r.shares()).containsExactly(old.get(1));
        assertThat(r.keyed()).isEmpty();
        assertThat(Rescaling.restoredState(7, "chk", "map", old, 0, 3, 128).shares()).containsExactly(old.get(0), old.get(3));
    }
}
