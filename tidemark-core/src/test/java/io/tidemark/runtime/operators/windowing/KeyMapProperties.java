package io.tidemark.runtime.operators.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * {@link KeyMap} behaves as {@link HashMap} under any sequence of puts, gets and removes: with Long
 * keys (compared by value), with other keys, across the switch between the two, through growth and
 * through backward-shift deletions in long probe runs (few distinct keys hashing close together).
 */
class KeyMapProperties {

    @Property(tries = 300)
    void actsAsAHashMap(@ForAll @Size(max = 4000) List<@IntRange(min = 0, max = 2999) Integer> ops,
            @ForAll @IntRange(min = 1, max = 3000) int keySpace, @ForAll @IntRange(min = 0, max = 3) int mix) {
        KeyMap<Integer> map = new KeyMap<>();
        Map<Object, Integer> model = new HashMap<>();
        int step = 0;
        for (int op : ops) {
            int k = op % keySpace;
            Object key = mix > 0 && k % 5 < mix - 1 ? (Object) ("s" + k) : (Object) (long) k;
            switch (op % 3) {
                case 0 -> {
                    map.put(key, step);
                    model.put(key, step);
                }
                case 1 -> {
                    map.remove(key);
                    model.remove(key);
                }
                default -> {
                    assertThat(map.get(key)).isEqualTo(model.get(key));
                    if (key instanceof Long) {
                        assertThat(map.getLong(k)).isEqualTo(model.get(key)); // unboxed, also in hash mode
                    }
                }
            }
            step++;
            assertThat(map.size()).isEqualTo(model.size());
        }
        for (Map.Entry<Object, Integer> e : model.entrySet()) {
            assertThat(map.get(e.getKey())).isEqualTo(e.getValue());
        }
        List<Integer> values = new ArrayList<>();
        map.forEachValue(values::add);
        assertThat(values).containsExactlyInAnyOrderElementsOf(model.values());
    }

    /** Only adding another key type leaves the Long mode: a lookup of one finds nothing and changes nothing. */
    @Property(tries = 50)
    void lookingUpAnotherKeyTypeKeepsLongKeysComparedByValue(@ForAll @Size(min = 1, max = 200) List<@IntRange(min = 0, max = 999) Integer> keys) {
        KeyMap<Integer> map = new KeyMap<>();
        for (int k : keys) {
            map.put((long) k, k);
        }
        assertThat(map.get("s" + keys.get(0))).isNull();
        assertThat(map.get(keys.get(0))).isNull(); // an Integer is another key than the Long
        map.remove("absent");
        assertThat(map.comparesLongsByValue()).isTrue();
        assertThat(map.getLong(keys.get(0))).isEqualTo(keys.get(0));
        map.put("s", -1);
        assertThat(map.comparesLongsByValue()).isFalse();
        assertThat(map.get((long) keys.get(0))).isEqualTo(keys.get(0));
    }

    @Property(tries = 100)
    void integerAndLongKeysWithTheSameValueAreDifferentKeys(@ForAll @IntRange(min = 0, max = 1000) int k) {
        KeyMap<String> map = new KeyMap<>();
        map.put((long) k, "long");
        map.put(k, "int");
        assertThat(map.get((long) k)).isEqualTo("long");
        assertThat(map.get(k)).isEqualTo("int");
        map.remove((long) k);
        assertThat(map.get((long) k)).isNull();
        assertThat(map.get(k)).isEqualTo("int");
    }
}
