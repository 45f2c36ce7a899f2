package io.tidemark.runtime.operators.windowing;

import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.util.Arrays;

/**
 * The contents of one aligned slice, for every key with data in it: the slice is a window (tumbling,
 * and sliding windows accumulated per window) or a slide frame (sliding windows accumulated per
 * frame, see {@link WindowOperator}). Keys are kept in the order they first arrived, which is the order
 * the slice's windows fire in.
 *
 * <p>Design (hot class): dense entry arrays ({@link #keys}, {@link #accs}, {@link #firings},
 * {@link #seqs}, and the key bits) in arrival order, and an open-addressing index of entry numbers
 * over them (Fibonacci hashing, linear probing; 4 bytes a slot, so the index stays small enough to
 * remain in cache). {@code Long} keys, the common case, are compared by value in the entries' key
 * bits, so finding a key never reads the key object; any other key type is compared by hash there
 * and by {@code equals} on a hash match. A slice holding other keys than {@code Long}s switches to that mode
 * once, re-indexing its entries. Entries are never removed one by one: the slice lives from its first
 * element to its cleanup and is then dropped whole; its arrays can be {@link #reset} for a later slice.
 *
 * <p>Bounds: entries = keys with data in the slice; index slots = a power of two, at least 16 and
 * more than 4/3 of the entries (load ≤ ¾: on average ≤ 2.5 probes for a present key, four slots per
 * cache line); memory per slice ≈ 4 B per slot + 32 B per entry, plus the accumulators (objects,
 * or 8 B per long of a {@code LongColumnsAggregateFunction}'s accumulator in {@link #cols}). Worst case
 * per lookup: the length of a probe run, bounded by the slots.
 */
final class WindowSlice {

    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final int MIN_SLOTS = 16;

    /** Start of the window or frame. */
    long start;

    /** Whether the window's on-time firing happened (window slices only). */
    boolean fired;

    /** Number of entries. */
    int size;

    /**
     * Per entry: the key (null for a {@code Long} key added unboxed: its value is in the key bits, and
     * {@link #key} boxes it when a firing needs it), its accumulated contents, its firing history ({@link WindowRules}), its
     * creation number.
     */
    Object[] keys = new Object[8];
    Object[] accs = new Object[8];
    int[] firings = new int[8];
    long[] seqs = new long[8];

    /**
     * Per entry, when the contents are a {@code LongColumnsAggregateFunction}'s accumulators: entry
     * {@code e}'s accumulator is {@code cols[e * width .. (e + 1) * width)} (and {@link #accs} stays
     * empty); else null.
     */
    long[] cols;
    private final int width;

    /** The window of a window slice, shared by its keys; created when first needed. */
    private TimeWindow window;

    /** Per entry: the key's value ({@code Long} mode) or its hash; compared before the key itself. */
    private long[] bits = new long[8];
    /** Slots: entry + 1, 0 when empty. */
    private int[] index = new int[MIN_SLOTS];
    private int shift = 64 - Integer.numberOfTrailingZeros(MIN_SLOTS);
    private boolean longKeys = true;
    /** Entries beyond which the index grows: ¾ of the slots. */
    private int maxSize = MIN_SLOTS * 3 / 4;

    WindowSlice(long start) {
        this(start, 0);
    }

    /** A slice whose entries keep accumulators of {@code width} longs in {@link #cols} (0: none). */
    WindowSlice(long start, int width) {
        this.start = start;
        this.width = width;
        this.cols = width > 0 ? new long[keys.length * width] : null;
    }

    /** The window {@code [start, start + size)} of this slice. */
    TimeWindow window(long windowSize) {
        TimeWindow w = window;
        if (w == null) {
            w = new TimeWindow(start, start + windowSize);
            window = w;
        }
        return w;
    }

    /**
     * The entry of {@code key}; when absent, adds it (with a null accumulator, no firings and the
     * creation number {@code seq}) and returns {@code -(entry + 1)}.
     */
    int findOrAdd(Object key, long seq) {
        if (longKeys && !(key instanceof Long)) {
            longKeys = false;
            for (int e = 0; e < size; e++) {
                Object k = key(e); // a Long entry's key, kept in its bits until now
                keys[e] = k;
                bits[e] = k.hashCode();
            }
            reindex(index.length);
        }
        return probe(key, longKeys ? (Long) key : key.hashCode(), seq);
    }

    /** {@link #findOrAdd} of the {@code Long} key {@code key}, boxed only when its entry is new. */
    int findOrAddLong(long key, long seq) {
        return longKeys ? probe(null, key, seq) : findOrAdd(Long.valueOf(key), seq);
    }

    /** Finds or adds the key with bits {@code b}; a null {@code key} (Long mode only) is boxed from {@code b} if added. */
    private int probe(Object key, long b, long seq) {
        if (size >= maxSize) {
            grow();
        }
        int found = find(key, b);
        return found >= 0 ? found : insert(-found - 1, key, b, seq);
    }

    /**
     * The entry of the key with bits {@code b}, or {@code -(slot + 1)} of the free slot where it
     * would go. Only the search, kept small so that the JIT inlines it into the operator's loop (with
     * the insertion in it, it was compiled on its own and called once per element).
     */
    private int find(Object key, long b) {
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
    private int insert(int slot, Object key, long b, long seq) {
        index[slot] = append(key, b, seq) + 1;
        return -size;
    }

    private int append(Object key, long keyBits, long seq) {
        int e = size;
        if (e == keys.length) {
            int cap = e * 2;
            keys = Arrays.copyOf(keys, cap);
            accs = Arrays.copyOf(accs, cap);
            firings = Arrays.copyOf(firings, cap);
            seqs = Arrays.copyOf(seqs, cap);
            bits = Arrays.copyOf(bits, cap);
            if (cols != null) {
                cols = Arrays.copyOf(cols, cap * width);
            }
        }
        keys[e] = key;
        bits[e] = keyBits;
        seqs[e] = seq;
        size = e + 1;
        return e;
    }

    private void grow() {
        reindex(index.length * 2);
    }

    /**
     * The key of entry {@code e}. A {@code Long} key added unboxed is not stored as an object until
     * here: storing a new {@code Long} into a slice's long-lived array would cost, once the array is in
     * the old generation, G1's cross-generation write barrier on every new entry, and keep one more
     * object per entry alive.
     */
    Object key(int e) {
        Object k = keys[e];
        return k != null ? k : Long.valueOf(bits[e]);
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

    /** Empties the slice for re-use as the slice starting at {@code newStart}; keeps its capacity. */
    void reset(long newStart) {
        Arrays.fill(keys, 0, size, null);
        Arrays.fill(accs, 0, size, null);
        Arrays.fill(firings, 0, size, 0);
        Arrays.fill(index, 0);
        size = 0;
        start = newStart;
        fired = false;
        window = null;
        longKeys = true;
    }
}
