package io.tidemark.cli.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * {@link IntSet} against {@link HashSet}: the same answer to every add and contains, and the same size,
 * through the table, its growth and the switch to the bitmap (dense ids) or not (sparse ones).
 */
class IntSetProperties {

    @Property
    void behavesAsASetOfIntegers(@ForAll @Size(max = 3000) List<@IntRange(max = 5000) Integer> adds,
            @ForAll @Size(max = 200) List<@IntRange(max = 6000) Integer> probes) {
        check(adds, probes);
    }

    @Property
    void behavesAsASetOfSparseIntegers(@ForAll @Size(max = 500) List<@IntRange(max = 2_000_000_000) Integer> adds,
            @ForAll @Size(max = 100) List<@IntRange(max = 2_000_000_000) Integer> probes) {
        check(adds, probes);
    }

    private static void check(List<Integer> adds, List<Integer> probes) {
        IntSet set = new IntSet();
        Set<Integer> expected = new HashSet<>();
        for (int v : adds) {
            assertThat(set.add(v)).as("add %d", v).isEqualTo(expected.add(v));
            assertThat(set.size()).isEqualTo(expected.size());
        }
        for (int v : adds) {
            assertThat(set.contains(v)).isTrue();
        }
        for (int v : probes) {
            assertThat(set.contains(v)).as("contains %d", v).isEqualTo(expected.contains(v));
        }
    }
}
