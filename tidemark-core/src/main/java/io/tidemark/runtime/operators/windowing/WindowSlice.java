package io.tidemark.runtime.operators.windowing;

import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.util.Arrays;

/**
 * The contents of one aligned slice, for every key with data in it: the slice is a window (tumbling,
 * and sliding windows accumulated per window) or a slide frame (sliding windows accumulated per
 * frame, see {@link WindowOperator}). A {@link KeyIndex} whose entries are in the order the keys first
 * arrived, which is the order the slice's windows fire in; beside each entry its accumulated contents,
 * its firing history and its creation number. Entries are never removed one by one: the slice lives
 * from its first element to its cleanup and is then dropped whole; it can be {@link #reset} for a
 * later slice.
 *
 * <p>Bounds: entries = keys with data in the slice; memory per slice: the index's ({@link KeyIndex}),
 * plus 16 B per entry, plus the accumulators (objects, or 8 B per long of a
 * {@code LongColumnsAggregateFunction}'s accumulator in {@link #cols}).
 */
final class WindowSlice extends KeyIndex {

    /** Start of the window or frame. */
    long start;

    /** Whether the window's on-time firing happened (window slices only). */
    boolean fired;

    /** Per entry: its accumulated contents, its firing history ({@link WindowRules}), its creation number. */
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

    WindowSlice(long start) {
        this(start, 0);
    }

    /** A slice whose entries keep accumulators of {@code width} longs in {@link #cols} (0: none). */
    WindowSlice(long start, int width) {
        super(8);
        this.start = start;
        this.width = width;
        this.cols = width > 0 ? new long[capacity() * width] : null;
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
        return created(findOrAdd(key), seq);
    }

    /** {@link #findOrAdd} of the {@code Long} key {@code key}, boxed only when its entry is new. */
    int findOrAddLong(long key, long seq) {
        return created(findOrAddLong(key), seq);
    }

    private int created(int e, long seq) {
        if (e < 0) {
            seqs[-e - 1] = seq;
        }
        return e;
    }

    @Override
    void growEntries(int cap) {
        accs = Arrays.copyOf(accs, cap);
        firings = Arrays.copyOf(firings, cap);
        seqs = Arrays.copyOf(seqs, cap);
        if (cols != null) {
            cols = Arrays.copyOf(cols, cap * width);
        }
    }

    /** Empties the slice for re-use as the slice starting at {@code newStart}; keeps its capacity. */
    void reset(long newStart) {
        Arrays.fill(accs, 0, size, null);
        Arrays.fill(firings, 0, size, 0);
        clear();
        start = newStart;
        fired = false;
        window = null;
    }
}
