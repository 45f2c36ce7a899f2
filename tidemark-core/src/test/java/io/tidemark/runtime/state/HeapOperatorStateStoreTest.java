package io.tidemark.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.common.state.BroadcastState;
import io.tidemark.api.common.state.ListState;
import io.tidemark.api.common.state.ListStateDescriptor;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Operator state of checkpointed functions: split and union lists and broadcast state, restored and redistributed. */
class HeapOperatorStateStoreTest {

    static final ListStateDescriptor<Long> SPLIT = new ListStateDescriptor<>("offsets", Long.class);
    static final ListStateDescriptor<String> UNION = new ListStateDescriptor<>("names", String.class);
    static final MapStateDescriptor<String, Integer> RULES = new MapStateDescriptor<>("rules", String.class, Integer.class);

    /** The snapshots of {@code n} subtasks: subtask i holds items i*10 .. i*10+i in the split list, "s<i>" in the union list. */
    static List<StateSnapshot> subtasks(int n) throws Exception {
        List<StateSnapshot> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            HeapOperatorStateStore store = new HeapOperatorStateStore();
            ListState<Long> split = store.getListState(SPLIT);
            for (int j = 0; j <= i; j++) {
                split.add(i * 10L + j);
            }
            store.getUnionListState(UNION).add("s" + i);
            store.getBroadcastState(RULES).put("r", i);
            StateSnapshot.Builder b = StateSnapshot.builder();
            store.snapshot(b);
            all.add(b.build());
        }
        return all;
    }

    static List<Object> items(ListState<?> s) throws Exception {
        List<Object> l = new ArrayList<>();
        s.get().forEach(l::add);
        return l;
    }

    @Test
    void atTheSameParallelismEachSubtaskGetsItsOwnItemsAndTheUnionOfTheUnionList() throws Exception {
        List<StateSnapshot> all = subtasks(3);
        HeapOperatorStateStore store = new HeapOperatorStateStore();
        store.restore(all, 1, 3);
        assertThat(items(store.getListState(SPLIT))).containsExactly(10L, 11L);
        assertThat(items(store.getUnionListState(UNION))).containsExactly("s0", "s1", "s2");
        BroadcastState<String, Integer> rules = store.getBroadcastState(RULES);
        assertThat(rules.get("r")).isEqualTo(1);
    }

    @Test
    void atAnotherParallelismTheSplitListIsCutIntoContiguousRuns() throws Exception {
        List<StateSnapshot> all = subtasks(3); // items 0 | 10 11 | 20 21 22
        List<Object> seen = new ArrayList<>();
        for (int s = 0; s < 2; s++) {
            HeapOperatorStateStore store = new HeapOperatorStateStore();
            store.restore(all, s, 2);
            seen.addAll(items(store.getListState(SPLIT)));
            assertThat(items(store.getUnionListState(UNION))).containsExactly("s0", "s1", "s2");
        }
        assertThat(seen).containsExactly(0L, 10L, 11L, 20L, 21L, 22L);
        HeapOperatorStateStore fifth = new HeapOperatorStateStore();
        fifth.restore(all, 4, 5);
        assertThat(fifth.getBroadcastState(RULES).get("r")).as("subtask 4 mod 3").isEqualTo(1);
    }

    @Test
    void aListRestoredAsSplitCannotBeAskedForAsUnion() throws Exception {
        HeapOperatorStateStore store = new HeapOperatorStateStore();
        store.restore(subtasks(1), 0, 1);
        assertThatThrownBy(() -> store.getUnionListState(new ListStateDescriptor<>("offsets", Long.class)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("split list");
    }
}
