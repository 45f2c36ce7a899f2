package io.tidemark.streaming.api.windowing.evictors;

import io.tidemark.streaming.api.windowing.windows.Window;
import io.tidemark.streaming.runtime.operators.windowing.TimestampedValue;
import java.time.Duration;
import java.util.Iterator;

/**
 * Keeps the elements of the last {@code windowSize} of event time: when a window fires, every element
 * whose timestamp is {@code <= max - windowSize} is removed, {@code max} being the largest timestamp
 * among the window's elements (not the watermark). Nothing is removed when the first element has no
 * timestamp. Before the window function (default) or after it ({@code doEvictAfter}). Worked example:
 * size 10 s, elements at 1 s, 5 s, 11 s, 12 s → cutoff 2 s → the function sees 5 s, 11 s, 12 s.
 *
 * @param <W> window type
 */
public class TimeEvictor<W extends Window> implements Evictor<Object, W> {

    private static final long serialVersionUID = 1L;

    private final long windowSize;
    private final boolean doEvictAfter;

    private TimeEvictor(long windowSize, boolean doEvictAfter) {
        this.windowSize = windowSize;
        this.doEvictAfter = doEvictAfter;
    }

    /** Keeps the elements of the last {@code windowSize}, evicting before the window function. */
    public static <W extends Window> TimeEvictor<W> of(Duration windowSize) {
        return new TimeEvictor<>(windowSize.toMillis(), false);
    }

    /** Keeps the elements of the last {@code windowSize}, evicting after the window function if {@code doEvictAfter}. */
    public static <W extends Window> TimeEvictor<W> of(Duration windowSize, boolean doEvictAfter) {
        return new TimeEvictor<>(windowSize.toMillis(), doEvictAfter);
    }

    @Override
    public void evictBefore(Iterable<TimestampedValue<Object>> elements, int size, W window, EvictorContext ctx) {
        if (!doEvictAfter) {
            evict(elements);
        }
    }

    @Override
    public void evictAfter(Iterable<TimestampedValue<Object>> elements, int size, W window, EvictorContext ctx) {
        if (doEvictAfter) {
            evict(elements);
        }
    }

    private void evict(Iterable<TimestampedValue<Object>> elements) {
        Iterator<TimestampedValue<Object>> first = elements.iterator();
        if (!first.hasNext() || !first.next().hasTimestamp()) {
            return;
        }
        long max = Long.MIN_VALUE;
        for (TimestampedValue<Object> e : elements) {
            max = Math.max(max, e.getTimestamp());
        }
        long cutoff = max - windowSize;
        for (Iterator<TimestampedValue<Object>> it = elements.iterator(); it.hasNext();) {
            if (it.next().getTimestamp() <= cutoff) {
                it.remove();
            }
        }
    }

    /** The size in milliseconds. */
    public long getWindowSize() {
        return windowSize;
    }

    public boolean isEvictAfter() {
        return doEvictAfter;
    }

    @Override
    public String toString() {
        return "TimeEvictor(" + windowSize + (doEvictAfter ? ", after" : "") + ")";
    }
}
