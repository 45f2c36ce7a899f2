package io.tidemark.cli.config;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which settings a key applies to: always, or when another key (its section's {@code type},
 * {@code strategy}, …) has one of some values (or none of them). A key set where it does not apply is
 * an error naming both keys.
 */
public final class Applies {

    public static final Applies ALWAYS = new Applies(null, Set.of(), false);

    private final Key<String> on;
    private final Set<String> values;
    private final boolean negated;

    private Applies(Key<String> on, Set<String> values, boolean negated) {
        this.on = on;
        this.values = values;
        this.negated = negated;
    }

    /** When {@code on} is one of {@code values}. */
    public static Applies when(Key<String> on, String... values) {
        return new Applies(on, new LinkedHashSet<>(List.of(values)), false);
    }

    /** When {@code on} is none of {@code values}. */
    public static Applies unless(Key<String> on, String... values) {
        return new Applies(on, new LinkedHashSet<>(List.of(values)), true);
    }

    /** The same condition, also true for {@code value} (two types declaring one key). */
    Applies or(String value) {
        if (on == null) {
            return this;
        }
        Set<String> v = new LinkedHashSet<>(values);
        if (negated) {
            v.remove(value);
        } else {
            v.add(value);
        }
        return new Applies(on, v, negated);
    }

    boolean test(Settings s) {
        return on == null || negated != values.contains(s.get(on));
    }

    Key<String> on() {
        return on;
    }

    /** For errors: {@code only for window.type: tumbling or sliding}. */
    String describe() {
        String v = String.join(" or ", values);
        return (negated ? "not for " : "only for ") + on.path() + ": " + v;
    }

    /** For the key reference's "for" column: {@code tumbling, sliding} or {@code not socket}. */
    String doc() {
        if (on == null) {
            return "";
        }
        String v = values.stream().map(x -> "`" + x + "`").collect(Collectors.joining(", "));
        return negated ? "all but " + v : v;
    }
}
