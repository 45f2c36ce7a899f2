package io.tidemark.streaming.api.windowing.windows;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * A window over the time interval {@code [start, end)}: it contains {@code start} and not {@code end};
 * {@link #maxTimestamp()} is {@code end - 1}.
 */
public final class TimeWindow extends Window {

    private final long start;
    private final long end;

    public TimeWindow(long start, long end) {
        this.start = start;
        this.end = end;
    }

    /** Inclusive start. */
    public long getStart() {
        return start;
    }

    /** Exclusive end. */
    public long getEnd() {
        return end;
    }

    @Override
    public long maxTimestamp() {
        return end - 1;
    }

    /**
     * Whether the two windows overlap or touch ({@code [0,3)} and {@code [3,6)} touch). Session
     * windows that touch are merged, exactly as Flink merges them.
     */
    public boolean intersects(TimeWindow other) {
        return this.start <= other.end && this.end >= other.start;
    }

    /** The smallest window covering both. */
    public TimeWindow cover(TimeWindow other) {
        return new TimeWindow(Math.min(start, other.start), Math.max(end, other.end));
    }

    /**
     * The start of the aligned window of length {@code windowSize} (shifted by {@code offset}) that
     * contains {@code timestamp}: {@code timestamp - ((timestamp - offset) mod windowSize)}, with a
     * mathematical (never negative) remainder, so it is right for negative timestamps and offsets.
     */
    public static long getWindowStartWithOffset(long timestamp, long offset, long windowSize) {
        long remainder = (timestamp - offset) % windowSize;
        if (remainder < 0) {
            return timestamp - (remainder + windowSize);
        }
        return timestamp - remainder;
    }

    /**
     * Merges overlapping or touching windows: sorts them by start and folds each run of
     * intersecting windows into its cover. Calls {@code callback} for every group of two or more.
     */
    public static void mergeWindows(Collection<TimeWindow> windows, MergeCallback callback) {
        List<TimeWindow> sorted = new ArrayList<>(windows);
        sorted.sort(Comparator.comparingLong(TimeWindow::getStart));
        List<TimeWindow> group = new ArrayList<>();
        TimeWindow cover = null;
        for (TimeWindow candidate : sorted) {
            if (cover == null) {
                cover = candidate;
                group.add(candidate);
            } else if (cover.intersects(candidate)) {
                cover = cover.cover(candidate);
                group.add(candidate);
            } else {
                if (group.size() > 1) {
                    callback.merge(group, cover);
                }
                group = new ArrayList<>();
                group.add(candidate);
                cover = candidate;
            }
        }
        if (group.size() > 1) {
            callback.merge(group, cover);
        }
    }

    /** Receives each group of windows to merge and their cover. */
    @FunctionalInterface
    public interface MergeCallback {
        void merge(Collection<TimeWindow> toBeMerged, TimeWindow mergeResult);
    }


    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof TimeWindow)) {
            return false;
        }
        TimeWindow that = (TimeWindow) o;
        return start == that.start && end == that.end;
    }

    @Override
    public int hashCode() {
        long h = start * 31 + end;
        return (int) (h ^ (h >>> 32));
    }

    @Override
    public String toString() {
        return "TimeWindow{start=" + start + ", end=" + end + "}";
    }
}
