package io.tidemark.runtime.operators.windowing;

import java.util.Arrays;
import java.util.function.Consumer;

/**
 * A map from key to one value for a window operator's per-key state (the sessions of each key): a
 * {@link KeyIndex} with one value per entry. Values are never null.
 *
 * <p>Bounds: those of {@link KeyIndex}, plus 4 B per entry for the value reference; a lookup of a
 * {@code Long} key reads the index slot, the entry's key bits and its value, never the key object.
 */
final class KeyMap<V> extends KeyIndex {

    private Object[] values = new Object[8];

    KeyMap() {
        super(8);
    }

    int size() {
        return size;
    }

    @Override
    void growEntries(int capacity) {
        values = Arrays.copyOf(values, capacity);
    }

    @Override
    void moveEntry(int from, int to) {
        values[to] = values[from];
        values[from] = null;
    }

    @SuppressWarnings("unchecked")
    V get(Object key) {
        int e = find(key);
        return e < 0 ? null : (V) values[e];
    }

    /** {@link #get} of the {@code Long} key {@code key}, without boxing it. */
    @SuppressWarnings("unchecked")
    V getLong(long key) {
        int e = findLong(key);
        return e < 0 ? null : (V) values[e];
    }

    /** Associates {@code value} (not null) with {@code key}. */
    void put(Object key, V value) {
        if (value == null) {
            throw new IllegalArgumentException("null value");
        }
        int e = findOrAdd(key);
        values[e < 0 ? -e - 1 : e] = value;
    }

    void remove(Object key) {
        int e = find(key);
        if (e >= 0) {
            values[e] = null;
            removeEntry(e);
        }
    }

    @SuppressWarnings("unchecked")
    void forEachValue(Consumer<V> action) {
        for (int e = 0; e < size; e++) {
            action.accept((V) values[e]);
        }
    }
}
