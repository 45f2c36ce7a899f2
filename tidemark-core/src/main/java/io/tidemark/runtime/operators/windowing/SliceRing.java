package io.tidemark.runtime.operators.windowing;

import java.util.Arrays;
import java.util.function.LongFunction;

/**
 * The live slices of an aligned window operator, by start ascending, on the grid of slides: windows
 * or frames alive at once (for tumbling windows about two; for sliding windows {@code size / slide}
 * plus those awaiting cleanup). A dropped slice is kept as a spare, and re-used with its arrays for
 * the next new slice.
 *
 * <p>Bounds: {@link #holding} O(1); {@link #slice} and {@link #drop} linear in the live slices.
 */
final class SliceRing<S extends WindowSlice> {

    private final long slide;
    private final LongFunction<S> newSlice;
    private WindowSlice[] slices = new WindowSlice[8];
    private int size;
    private S spare;

    /** @param newSlice makes an empty slice starting at the given time */
    SliceRing(long slide, LongFunction<S> newSlice) {
        this.slide = slide;
        this.newSlice = newSlice;
    }

    int size() {
        return size;
    }

    @SuppressWarnings("unchecked")
    S get(int i) {
        return (S) slices[i];
    }

    /**
     * The live slice whose first slide holds {@code timestamp} (the slice of an element's latest
     * window, or its frame), or null. Live slices usually form a gap-free run on the grid of slides,
     * so the slice is found by index arithmetic: no search loop whose exit depends on where the
     * element fell (with disordered input a branch mispredicted on about every other element). Null
     * when the slice does not exist yet, or the run has a gap there; the caller then computes the
     * start with the assigner's formula and asks {@link #slice}.
     */
    @SuppressWarnings("unchecked")
    S holding(long timestamp) {
        int n = size;
        if (n == 0) {
            return null;
        }
        WindowSlice[] ss = slices;
        long first = ss[0].start;
        long into = timestamp - first; // negative before the first slice (or on overflow)
        if (into < 0) {
            return null;
        }
        long i = into / slide;
        if (i >= n) {
            return null;
        }
        WindowSlice s = ss[(int) i];
        return s.start == first + i * slide ? (S) s : null;
    }

    /** The live slice starting at {@code start}; created (in start order) with {@code fired} if there is none. */
    @SuppressWarnings("unchecked")
    S slice(long start, boolean fired) {
        WindowSlice[] ss = slices;
        int i = size - 1;
        while (i >= 0 && ss[i].start > start) {
            i--;
        }
        if (i >= 0 && ss[i].start == start) {
            return (S) ss[i];
        }
        S created = spare;
        if (created != null) {
            spare = null;
            created.start = start;
        } else {
            created = newSlice.apply(start);
        }
        created.fired = fired;
        if (size == ss.length) {
            slices = ss = Arrays.copyOf(ss, size * 2);
        }
        System.arraycopy(ss, i + 1, ss, i + 2, size - i - 1);
        ss[i + 1] = created;
        size++;
        return created;
    }

    int indexOf(S slice) {
        int i = 0;
        while (slices[i] != slice) {
            i++;
        }
        return i;
    }

    /** Removes the slice at {@code i}, releasing its contents; its arrays are kept for a later slice. */
    @SuppressWarnings("unchecked")
    void drop(int i) {
        S dropped = (S) slices[i];
        System.arraycopy(slices, i + 1, slices, i, size - i - 1);
        slices[--size] = null;
        dropped.reset(Long.MIN_VALUE);
        spare = dropped;
    }

    /** Entries across the live slices. */
    int entries() {
        int n = 0;
        for (int i = 0; i < size; i++) {
            n += slices[i].size;
        }
        return n;
    }
}
