package io.tidemark.util;

import java.util.Objects;

/**
 * A value of one of two types: what the two inputs of a window join or co-group travel as, through one
 * keyed window.
 *
 * @param <T1> the first type
 * @param <T2> the second type
 */
public final class TaggedUnion<T1, T2> {

    private final T1 one;
    private final T2 two;

    private TaggedUnion(T1 one, T2 two) {
        this.one = one;
        this.two = two;
    }

    public static <T1, T2> TaggedUnion<T1, T2> one(T1 one) {
        return new TaggedUnion<>(Objects.requireNonNull(one, "value"), null);
    }

    public static <T1, T2> TaggedUnion<T1, T2> two(T2 two) {
        return new TaggedUnion<>(null, Objects.requireNonNull(two, "value"));
    }

    public boolean isOne() {
        return one != null;
    }

    public boolean isTwo() {
        return two != null;
    }

    public T1 getOne() {
        return one;
    }

    public T2 getTwo() {
        return two;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TaggedUnion<?, ?> other && Objects.equals(one, other.one) && Objects.equals(two, other.two);
    }

    @Override
    public int hashCode() {
        return 31 * Objects.hashCode(one) + Objects.hashCode(two);
    }

    @Override
    public String toString() {
        return isOne() ? "One(" + one + ")" : "Two(" + two + ")";
    }
}
