package io.tidemark.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Keys to key groups to subtasks, checked by hand and against MurmurHash3's published values. */
class KeyGroupRangeAssignmentTest {

    @Test
    void theHashIsMurmur3OfTheFourBytesMadeNonNegative() {
        // MurmurHash3_x86_32 with seed 0: four zero bytes give 0x2362F9DE, four 0xFF bytes 0x76293B50
        assertThat(KeyGroupRangeAssignment.murmurHash(0)).isEqualTo(0x2362F9DE);
        assertThat(KeyGroupRangeAssignment.murmurHash(-1)).isEqualTo(0x76293B50);
        // "a" (hash code 97, the int's four bytes little-endian): 0x56C1CBD1 = 1,455,541,201
        assertThat(KeyGroupRangeAssignment.murmurHash(97)).isEqualTo(1_455_541_201);
    }

    @Test
    void theWorkedExample() {
        assertThat(KeyGroupRangeAssignment.assignToKeyGroup("a", 128)).isEqualTo(1_455_541_201 % 128).isEqualTo(81);
        assertThat(KeyGroupRangeAssignment.assignKeyToParallelOperator("a", 128, 4)).isEqualTo(81 * 4 / 128).isEqualTo(2);
        assertThat(KeyGroupRangeAssignment.assignKeyToParallelOperator("a", 128, 3)).isEqualTo(1);
        assertThat(KeyGroupRangeAssignment.computeKeyGroupRangeForOperatorIndex(128, 4, 2)).isEqualTo(new KeyGroupRange(64, 95));
        assertThat(KeyGroupRangeAssignment.computeKeyGroupRangeForOperatorIndex(128, 3, 0)).isEqualTo(new KeyGroupRange(0, 42));
        assertThat(KeyGroupRangeAssignment.computeKeyGroupRangeForOperatorIndex(128, 3, 1)).isEqualTo(new KeyGroupRange(43, 85));
        assertThat(KeyGroupRangeAssignment.computeKeyGroupRangeForOperatorIndex(128, 3, 2)).isEqualTo(new KeyGroupRange(86, 127));
    }

    @Test
    void theDefaultMaximumParallelismIsFlinks() {
        assertThat(KeyGroupRangeAssignment.computeDefaultMaxParallelism(1)).isEqualTo(128);
        assertThat(KeyGroupRangeAssignment.computeDefaultMaxParallelism(85)).isEqualTo(128);
        assertThat(KeyGroupRangeAssignment.computeDefaultMaxParallelism(86)).isEqualTo(256); // 86 + 43 = 129
        assertThat(KeyGroupRangeAssignment.computeDefaultMaxParallelism(30000)).isEqualTo(32768);
    }

    /** Every key group belongs to exactly one subtask: the one whose range holds it. */
    @Property(tries = 300)
    void theRangesPartitionTheKeyGroups(@ForAll @IntRange(min = 1, max = 4096) int maxParallelism,
            @ForAll @IntRange(min = 1, max = 4096) int parallelism) {
        int p = Math.min(parallelism, maxParallelism);
        int next = 0;
        for (int i = 0; i < p; i++) {
            KeyGroupRange r = KeyGroupRangeAssignment.computeKeyGroupRangeForOperatorIndex(maxParallelism, p, i);
            assertThat(r.start()).isEqualTo(next);
            assertThat(r.isEmpty()).isFalse();
            assertThat(KeyGroupRangeAssignment.computeOperatorIndexForKeyGroup(maxParallelism, p, r.start())).isEqualTo(i);
            assertThat(KeyGroupRangeAssignment.computeOperatorIndexForKeyGroup(maxParallelism, p, r.end())).isEqualTo(i);
            next = r.end() + 1;
        }
        assertThat(next).isEqualTo(maxParallelism);
    }

    @Property(tries = 300)
    void aKeyGoesToTheSubtaskWhoseRangeHoldsItsKeyGroup(@ForAll String key, @ForAll @IntRange(min = 1, max = 64) int parallelism) {
        int subtask = KeyGroupRangeAssignment.assignKeyToParallelOperator(key, 128, parallelism);
        assertThat(KeyGroupRangeAssignment.computeKeyGroupRangeForOperatorIndex(128, parallelism, subtask)
                .contains(KeyGroupRangeAssignment.assignToKeyGroup(key, 128))).isTrue();
    }
}
