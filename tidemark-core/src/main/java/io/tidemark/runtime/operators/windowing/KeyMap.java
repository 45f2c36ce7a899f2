package io.tidemark.runtime.operators.windowing;

import java.util.Arrays;
import java.util.function.Consumer;

/**
 * A map from key to one value for the window operator's per-key state (the session fast path).
 *
 * <p>Design (hot class): open addressing with linear probing (Fibonacci hashing) and backward-shift
 * deletion, so there are no tombstones. Each slot keeps the key, its value and the key's bits: the
 * value of a {@code Long} key, compared by value so that a lookup never reads the key object, or the
 * hash of any other key, compared before {@code equals}. A map holding another key type than
 * {@code Long} switches once to hash mode. Values are never null, so a null value marks an empty slot.
 * Unlike {@link java.util.HashMap} a lookup of a {@code Long} key reads no entry node and no key
 * object: the slot's bits and, in parallel, its value.
 *
 * <p>Bounds: slots = a power of two ≥ 16, load ≤ ¾ (grows by doubling; never shrinks below its
 * peak); memory ≈ 16 B per slot (8 bits + 2 references) on compressed references; a lookup probes
 * ≤ 2.5 slots on average at full load.
 */
final class KeyMap<V> {

    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final int MIN_SLOTS = 16;

    private long[] bits = new long[MIN_SLOTS];
    private Object[] keys = new Object[MIN_SLOTS];
    private Object[] values = new Object[MIN_SLOTS];
    private int shift = 64 - Integer.numberOfTrailingZeros(MIN_SLOTS);
    private int size;
    private boolean longKeys = true;

    int size() {
        return size;
    }

    private long bitsOf(Object key) {
        return longKeys ? (Long) key : key.hashCode();
    }

    private int home(long keyBits) {
        return (int) ((keyBits * GOLDEN) >>> shift);
    }

    /** The slot of {@code key}, or -1. */
    private int find(Object key) {
        if (longKeys && !(key instanceof Long)) {
            if (size == 0) {
                return -1;
            }
            toHashMode();
        }
        return probe(key, bitsOf(key));
    }

    /** The slot of the key with bits {@code b}, or -1; {@code key} is read only in hash mode. */
    private int probe(Object key, long b) {
        int mask = keys.length - 1;
        for (int s = home(b); ; s = (s + 1) & mask) {
            if (values[s] == null) {
                return -1; // an empty slot (values are never null), found without reading the keys
            }
            if (bits[s] == b && (longKeys || keys[s].equals(key))) {
                return s;
            }
        }
    }

    /** {@link #get} of the {@code Long} key {@code key}, without boxing it. */
    @SuppressWarnings("unchecked")
    V getLong(long key) {
        if (!longKeys) {
            return get(key);
        }
        int s = probe(null, key);
        return s < 0 ? null : (V) values[s];
    }

    @SuppressWarnings("unchecked")
    V get(Object key) {
        int s = find(key);
        return s < 0 ? null : (V) values[s];
    }

    /** Associates {@code value} (not null) with {@code key}. */
    void put(Object key, V value) {
        if (value == null) {
            throw new IllegalArgumentException("null value");
        }
        int s = find(key);
        if (s >= 0) {
            values[s] = value;
            return;
        }
        if (size + 1 > keys.length * 3 / 4) {
            rehash(keys.length * 2);
        }
        if (longKeys && !(key instanceof Long)) {
            toHashMode();
        }
        long b = bitsOf(key);
        int mask = keys.length - 1;
        int i = home(b);
        while (keys[i] != null) {
            i = (i + 1) & mask;
        }
        keys[i] = key;
        bits[i] = b;
        values[i] = value;
        size++;
    }

    void remove(Object key) {
        int s = find(key);
        if (s < 0) {
            return;
        }
        // backward-shift deletion: move later members of the probe run into the hole
        int mask = keys.length - 1;
        int hole = s;
        for (int i = (s + 1) & mask; keys[i] != null; i = (i + 1) & mask) {
            int h = home(bits[i]);
            // the entry at i may fill the hole if its home is not in (hole, i] (cyclically)
            if (((i - h) & mask) >= ((i - hole) & mask)) {
                keys[hole] = keys[i];
                bits[hole] = bits[i];
                values[hole] = values[i];
                hole = i;
            }
        }
        keys[hole] = null;
        values[hole] = null;
        size--;
    }

    @SuppressWarnings("unchecked")
    void forEachValue(Consumer<V> action) {
        for (int s = 0; s < keys.length; s++) {
            if (keys[s] != null) {
                action.accept((V) values[s]);
            }
        }
    }

    private void toHashMode() {
        longKeys = false;
        rehash(keys.length);
    }

    private void rehash(int slots) {
        Object[] oldKeys = keys;
        Object[] oldValues = values;
        keys = new Object[slots];
        values = new Object[slots];
        bits = new long[slots];
        shift = 64 - Integer.numberOfTrailingZeros(slots);
        int mask = slots - 1;
        for (int s = 0; s < oldKeys.length; s++) {
            Object k = oldKeys[s];
            if (k != null) {
                long b = bitsOf(k);
                int i = home(b);
                while (keys[i] != null) {
                    i = (i + 1) & mask;
                }
                keys[i] = k;
                bits[i] = b;
                values[i] = oldValues[s];
            }
        }
        Arrays.fill(oldValues, null);
    }
}
