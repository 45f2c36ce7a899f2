package io.tidemark.runtime.operators.windowing;

import java.util.Arrays;

/**
 * Numbered entries for keys, found through an open-addressing index: the key table under the window
 * operators' per-key state ({@link KeyMap}) and per-window entries ({@link WindowSlice}), which add
 * their own per-entry arrays beside {@link #keys}.
 *
 * <p>Design (hot class): dense entry arrays in insertion order ({@link #keys} and the key bits), and an
 * index of entry numbers over them (Fibonacci hashing, linear probing, 4 bytes a slot, so the index
 * stays small enough to remain in cache). {@code Long} keys, the common case, are compared by value in
 * the entries' key bits, so finding a key never reads the key object, and a key added unboxed
 * ({@link #findOrAddLong}) is not stored as an object at all until {@link #key} boxes it. Any other key
 * type is compared by hash there and by {@code equals} on a hash match. Adding the first key of
 * another type than {@code Long} switches the index to that mode once, re-indexing the entries; a
 * lookup never switches (a key of another type cannot be among {@code Long}s). Removal
 * ({@link #removeEntry}) moves the last entry into the hole, and deletes from the index by backward
 * shift, so there are no tombstones.
 *
 * <p>Bounds: index slots = a power of two, at least 16 and more than 4/3 of the entries (load ≤ ¾: on
 * average ≤ 2.5 probes for a present key, four slots per cache line); memory ≈ 4 B per slot + 12 B per
 * entry (key reference and bits), entry arrays grown by doubling and kept at their peak. Worst case per
 * lookup: the length of a probe run, bounded by the slots.
 */
abstract sealed class KeyIndex permits KeyMap, WindowSlice {

    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final int MIN_SLOTS = 16;

    /** Number of entries. */
    int size;

    /** Per entry: the key, or null for a {@code Long} key added unboxed (its value is in the bits). */
    Object[] keys;

    /** Per entry: the key's value ({@code Long} mode) or its hash; compared before the key itself. */
    private long[] bits;
    /** Slots: entry + 1, 0 when empty. */
    private int[] index = new int[MIN_SLOTS];
    private int shift = 64 - Integer.numberOfTrailingZeros(MIN_SLOTS);
    private boolean longKeys = true;
    /** Entries beyond which the index grows: ¾ of the slots. */
    private int maxSize = MIN_SLOTS * 3 / 4;

    KeyIndex(int capacity) {
        keys = new Object[capacity];
        bits = new long[capacity];
    }

    /** Capacity of the entry arrays. */
    final int capacity() {
        return keys.length;
    }

    /** Called when the entry arrays grow to {@code capacity}: subclasses grow theirs alike. */
    void growEntries(int capacity) {}

    /** Called when removal moves entry {@code from} to {@code to}: subclasses move theirs alike. */
    void moveEntry(int from, int to) {}

    /** Whether {@code Long} keys are compared by value (no other key type was added since the last clear). */
    final boolean comparesLongsByValue() {
        return longKeys;
    }

    /** The entry of {@code key}, or -1. */
    final int find(Object key) {
        if (longKeys) {
            return key instanceof Long ? found(search(null, (Long) key)) : -1;
        }
        return found(search(key, key.hashCode()));
    }

    /** {@link #find} of the {@code Long} key {@code key}, without boxing it. */
    final int findLong(long key) {
        return longKeys ? found(search(null, key)) : found(search(Long.valueOf(key), Long.hashCode(key)));
    }

    private static int found(int f) {
        return f >= 0 ? f : -1;
    }

    /** The entry of {@code key}; when absent, adds it and returns {@code -(entry + 1)}. */
    final int findOrAdd(Object key) {
        if (longKeys && !(key instanceof Long)) {
            toHashMode();
        }
        return probe(key, longKeys ? (Long) key : key.hashCode());
    }

    /** {@link #findOrAdd} of the {@code Long} key {@code key}, boxed only when its entry is new (and only outside Long mode). */
    final int findOrAddLong(long key) {
        return longKeys ? probe(null, key) : findOrAdd(Long.valueOf(key));
    }

    /** Finds or adds the key with bits {@code b}; a null {@code key} (Long mode only) is kept in its bits. */
    private int probe(Object key, long b) {
        if (size >= maxSize) {
            reindex(index.length * 2);
        }
        int found = search(key, b);
        return found >= 0 ? found : insert(-found - 1, key, b);
    }

    /**
     * The entry of the key with bits {@code b}, or {@code -(slot + 1)} of the free slot where it
     * would go; {@code key} is read only outside Long mode. Only the search, kept small so that the JIT
     * inlines it into the operators' loops.
     */
    private int search(Object key, long b) {
        int[] ix = index;
        int mask = ix.length - 1;
        for (int s = (int) ((b * GOLDEN) >>> shift); ; s = (s + 1) & mask) {
            int e = ix[s];
            if (e == 0) {
                return -s - 1;
            }
            if (bits[e - 1] == b && (longKeys || keys[e - 1].equals(key))) {
                return e - 1;
            }
        }
    }

    /** Adds the key in the free slot {@code slot}; returns {@code -(entry + 1)}. */
    private int insert(int slot, Object key, long b) {
        int e = size;
        if (e == keys.length) {
            int cap = e * 2;
            keys = Arrays.copyOf(keys, cap);
            bits = Arrays.copyOf(bits, cap);
            growEntries(cap);
        }
        keys[e] = key;
        bits[e] = b;
        size = e + 1;
        index[slot] = e + 1;
        return -e - 1;
    }

    /**
     * The key of entry {@code e}. A {@code Long} key added unboxed is not stored as an object until
     * here: storing a new {@code Long} into a long-lived array would cost, once the array is in the
     * old generation, G1's cross-generation write barrier on every new entry, and keep one more object
     * per entry alive.
     */
    final Object key(int e) {
        Object k = keys[e];
        return k != null ? k : Long.valueOf(bits[e]);
    }

    /**
     * Removes entry {@code e}; the last entry, if another, becomes entry {@code e} ({@link #moveEntry}).
     */
    final void removeEntry(int e) {
        int mask = index.length - 1;
        int hole = slotOf(e);
        // backward-shift deletion: move later members of the probe run into the hole
        for (int i = (hole + 1) & mask; index[i] != 0; i = (i + 1) & mask) {
            int home = (int) ((bits[index[i] - 1] * GOLDEN) >>> shift);
            // the entry at i may fill the hole if its home is not in (hole, i] (cyclically)
            if (((i - home) & mask) >= ((i - hole) & mask)) {
                index[hole] = index[i];
                hole = i;
            }
        }
        index[hole] = 0;
        int last = size - 1;
        if (e != last) {
            index[slotOf(last)] = e + 1;
            keys[e] = keys[last];
            bits[e] = bits[last];
            moveEntry(last, e);
        }
        keys[last] = null;
        size = last;
    }

    /** The slot holding entry {@code e}. */
    private int slotOf(int e) {
        int mask = index.length - 1;
        int s = (int) ((bits[e] * GOLDEN) >>> shift);
        while (index[s] != e + 1) {
            s = (s + 1) & mask;
        }
        return s;
    }

    private void toHashMode() {
        longKeys = false;
        for (int e = 0; e < size; e++) {
            Object k = key(e); // a Long entry's key, kept in its bits until now
            keys[e] = k;
            bits[e] = k.hashCode();
        }
        reindex(index.length);
    }

    /** Rebuilds the index with {@code slots} slots. */
    private void reindex(int slots) {
        int[] ix = new int[slots];
        int mask = slots - 1;
        int sh = 64 - Integer.numberOfTrailingZeros(slots);
        for (int e = 0; e < size; e++) {
            int s = (int) ((bits[e] * GOLDEN) >>> sh);
            while (ix[s] != 0) {
                s = (s + 1) & mask;
            }
            ix[s] = e + 1;
        }
        index = ix;
        shift = sh;
        maxSize = slots * 3 / 4;
    }

    /** Removes every entry; keeps the capacity, and returns to Long mode. */
    void clear() {
        Arrays.fill(keys, 0, size, null);
        Arrays.fill(index, 0);
        size = 0;
        longKeys = true;
    }
}
