package io.tidemark.runtime.operators.windowing;

import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.util.Arrays;

/**
 * One aligned slice, for every key with data in it: a window (tumbling, and sliding windows
 * accumulated per window: {@link AlignedWindowOperator}) or a slide frame ({@link FramedWindowOperator}).
 * A {@link KeyIndex} whose entries are in the order the keys first arrived, which is the order the
 * slice's windows fire in; beside each entry its firing history and its creation number, and its
 * contents in one of two forms: {@link OfObjects} (an accumulator, value or element list per entry) or
 * {@link OfColumns} (a {@code LongColumnsAggregateFunction}'s accumulators side by side in one
 * {@code long[]}). Entries are never removed one by one: the slice lives from its first element to
 * its cleanup and is then dropped whole; it can be {@link #reset} for a later slice.
 *
 * <p>Bounds: entries = keys with data in the slice; memory per slice: the index's ({@link KeyIndex}),
 * plus 12 B per entry, plus the contents (a reference per entry and the objects, or 8 B per long of
 * the accumulator).
 */
abstract sealed class WindowSlice extends KeyIndex {

    /** Start of the window or frame. */
    long start;

    /** Whether the window's on-time firing happened (window slices only). */
    boolean fired;

    /** Per entry: its firing history ({@link WindowRules}) and its creation number. */
    int[] firings = new int[8];
    long[] seqs = new long[8];

    /** The window of a window slice, shared by its keys; created when first needed. */
    private TimeWindow window;

    WindowSlice(long start) {
        super(8);
        this.start = start;
    }

    /** The window {@code [start, start + size)} of this slice. */
    final TimeWindow window(long windowSize) {
        TimeWindow w = window;
        if (w == null) {
            w = new TimeWindow(start, start + windowSize);
            window = w;
        }
        return w;
    }

    /**
     * The entry of {@code key}; when absent, adds it (with empty contents, no firings and the creation
     * number {@code seq}) and returns {@code -(entry + 1)}.
     */
    final int findOrAdd(Object key, long seq) {
        return created(findOrAdd(key), seq);
    }

    /** {@link #findOrAdd} of the {@code Long} key {@code key}, boxed only when its entry is new. */
    final int findOrAddLong(long key, long seq) {
        return created(findOrAddLong(key), seq);
    }

    private int created(int e, long seq) {
        if (e < 0) {
            seqs[-e - 1] = seq;
        }
        return e;
    }

    @Override
    void growEntries(int capacity) {
        firings = Arrays.copyOf(firings, capacity);
        seqs = Arrays.copyOf(seqs, capacity);
    }

    /** Empties the slice for re-use as the slice starting at {@code newStart}; keeps its capacity. */
    void reset(long newStart) {
        Arrays.fill(firings, 0, size, 0);
        clear();
        start = newStart;
        fired = false;
        window = null;
    }

    /** Contents as objects: per entry an accumulator, reduced value or element list. */
    static final class OfObjects extends WindowSlice {
        Object[] accs = new Object[8];

        OfObjects(long start) {
            super(start);
        }

        /**
         * Adds {@code value} to the contents of entry {@code e}, a {@link #findOrAdd} result (new
         * contents when negative); returns the entry.
         */
        @SuppressWarnings("unchecked")
        <IN, ACC> int add(int e, IN value, WindowAccumulation<IN, ACC> accumulation, EmptyAccumulators<IN, ACC> empty)
                throws Exception {
            if (e < 0) {
                e = -e - 1;
                accs[e] = empty.first(value);
                return e;
            }
            Object acc = accs[e];
            Object added = accumulation.add((ACC) acc, value);
            if (added != acc) {
                accs[e] = added;
            }
            return e;
        }

        /** Objects the entries' contents keep ({@link WindowAccumulation#objects}). */
        @SuppressWarnings("unchecked")
        <ACC> long objects(WindowAccumulation<?, ACC> accumulation) {
            long n = 0;
            for (int e = 0; e < size; e++) {
                n += accumulation.objects((ACC) accs[e]);
            }
            return n;
        }

        @Override
        void growEntries(int capacity) {
            super.growEntries(capacity);
            accs = Arrays.copyOf(accs, capacity);
        }

        @Override
        void reset(long newStart) {
            Arrays.fill(accs, 0, size, null);
            super.reset(newStart);
        }
    }

    /** Contents as longs: entry {@code e}'s accumulator is {@code cols[e * width .. (e + 1) * width)}. */
    static final class OfColumns extends WindowSlice {
        private final int width;
        long[] cols;

        OfColumns(long start, int width) {
            super(start);
            this.width = width;
            this.cols = new long[capacity() * width];
        }

        @Override
        void growEntries(int capacity) {
            super.growEntries(capacity);
            cols = Arrays.copyOf(cols, capacity * width);
        }
    }
}
