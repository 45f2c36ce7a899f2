package io.tidemark.runtime.operators.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * {@link WindowSlice} behaves as an insertion-ordered map from key to entry: for Long keys (compared
 * inside the index, looked up boxed or unboxed), for other keys, and across the switch from the one to the other, through growth,
 * and after {@link WindowSlice#reset}.
 */
class WindowSliceProperties {

    @Property(tries = 200)
    void actsAsAnInsertionOrderedMap(@ForAll @Size(max = 3000) List<@IntRange(min = -500, max = 5000) Integer> draws,
            @ForAll @IntRange(min = 0, max = 3) int mix) {
        WindowSlice slice = new WindowSlice.OfObjects(0);
        for (int round = 0; round < 2; round++) { // the second round runs on the reset slice
            Map<Object, Integer> model = new LinkedHashMap<>();
            long seq = 0;
            for (int d : draws) {
                Object key = mix > 0 && Math.floorMod(d, 7) < mix ? (Object) ("s" + d) : (Object) (long) d;
                // half the Long lookups unboxed (findOrAddLong)
                int e = key instanceof Long && (d & 1) == 0 ? slice.findOrAddLong(d, seq) : slice.findOrAdd(key, seq);
                Integer expected = model.get(key);
                if (expected == null) {
                    assertThat(e).isEqualTo(-(model.size() + 1));
                    model.put(key, model.size());
                    seq++;
                } else {
                    assertThat(e).isEqualTo(expected);
                }
            }
            assertThat(slice.size).isEqualTo(model.size());
            List<Object> keys = new ArrayList<>();
            for (int e = 0; e < slice.size; e++) {
                keys.add(slice.key(e));
                assertThat(slice.seqs[e]).isEqualTo(e);
            }
            assertThat(keys).containsExactlyElementsOf(model.keySet());
            slice.reset(1000);
            assertThat(slice.size).isZero();
            assertThat(slice.start).isEqualTo(1000);
        }
    }

    @Property(tries = 50)
    void equalKeysOfOtherTypesAreNotLongs(@ForAll @IntRange(min = 0, max = 100) int k) {
        WindowSlice slice = new WindowSlice.OfObjects(0);
        assertThat(slice.findOrAdd((long) k, 0)).isEqualTo(-1);
        assertThat(slice.findOrAdd(k, 1)).isEqualTo(-2); // Integer k is another key than Long k
        assertThat(slice.findOrAdd((long) k, 2)).isZero();
        assertThat(slice.findOrAdd(k, 3)).isEqualTo(1);
    }
}
