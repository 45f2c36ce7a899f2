package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.runtime.state.KeyGroupRange;
import io.tidemark.runtime.state.KeyGroupRangeAssignment;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Tidemark assigns keys to key groups and key groups to subtasks as Flink 2.3's own
 * {@code KeyGroupRangeAssignment} does, for any key hash, maximum parallelism and parallelism.
 */
class KeyGroupsAgainstFlinkTest {

    @Property(tries = 2000)
    void keyGroupsAndSubtasksAreFlinks(@ForAll int keyHash, @ForAll @IntRange(min = 1, max = 32768) int maxParallelism,
            @ForAll @IntRange(min = 1, max = 32768) int parallelism) {
        int p = Math.min(parallelism, maxParallelism);
        int group = KeyGroupRangeAssignment.computeKeyGroupForKeyHash(keyHash, maxParallelism);
        assertThat(group).isEqualTo(org.apache.flink.runtime.state.KeyGroupRangeAssignment
                .computeKeyGroupForKeyHash(keyHash, maxParallelism));
        assertThat(KeyGroupRangeAssignment.computeOperatorIndexForKeyGroup(maxParallelism, p, group)).isEqualTo(
                org.apache.flink.runtime.state.KeyGroupRangeAssignment.computeOperatorIndexForKeyGroup(maxParallelism, p, group));
        int index = Math.floorMod(keyHash, p);
        KeyGroupRange ours = KeyGroupRangeAssignment.computeKeyGroupRangeForOperatorIndex(maxParallelism, p, index);
        org.apache.flink.runtime.state.KeyGroupRange theirs = org.apache.flink.runtime.state.KeyGroupRangeAssignment
                .computeKeyGroupRangeForOperatorIndex(maxParallelism, p, index);
        assertThat(ours.start()).isEqualTo(theirs.getStartKeyGroup());
        assertThat(ours.end()).isEqualTo(theirs.getEndKeyGroup());
        assertThat(KeyGroupRangeAssignment.computeDefaultMaxParallelism(p))
                .isEqualTo(org.apache.flink.runtime.state.KeyGroupRangeAssignment.computeDefaultMaxParallelism(p));
    }

    @Property(tries = 1000)
    void keysGoWhereFlinkSendsThem(@ForAll String word, @ForAll long number, @ForAll @IntRange(min = 1, max = 300) int parallelism) {
        int maxParallelism = KeyGroupRangeAssignment.computeDefaultMaxParallelism(parallelism);
        for (Object key : new Object[] {word, number, io.tidemark.api.java.tuple.Tuple2.of(word, number)}) {
            Object flinkKey = key instanceof io.tidemark.api.java.tuple.Tuple2<?, ?> t
                    ? org.apache.flink.api.java.tuple.Tuple2.of(t.f0, t.f1) : key;
            assertThat(KeyGroupRangeAssignment.assignKeyToParallelOperator(key, maxParallelism, parallelism)).as("%s", key)
                    .isEqualTo(org.apache.flink.runtime.state.KeyGroupRangeAssignment.assignKeyToParallelOperator(flinkKey,
                            maxParallelism, parallelism));
        }
    }
}
