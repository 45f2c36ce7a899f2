package io.tidemark.streaming.api.windowing.evictors;

import io.tidemark.streaming.api.windowing.windows.Window;
import io.tidemark.streaming.runtime.operators.windowing.TimestampedValue;
import java.util.Iterator;

/**
 * Keeps at most {@code maxCount} elements: when a window with {@code size > maxCount} elements fires,
 * the first {@code size - maxCount} (the oldest by arrival) are removed, before the window function
 * (default) or after it ({@code doEvictAfter}). Worked example: count 3, elements a b c d e fire →
 * the function sees c d e.
 *
 * @param <W> window type
 */
public class CountEvictor<W extends Window> implements Evictor<Object, W> {

    private static final long serialVersionUID = 1L;

    private final long maxCount;
    private final boolean doEvictAfter;

    private CountEvictor(long maxCount, boolean doEvictAfter) {
        this.maxCount = maxCount;
        this.doEvictAfter = doEvictAfter;
    }

    /** Keeps the last {@code maxCount} elements, evicting before the window function. */
    public static <W extends Window> CountEvictor<W> of(long maxCount) {
        return new CountEvictor<>(maxCount, false);
    }

    /** Keeps the last {@code maxCount} elements, evicting after the window function if {@code doEvictAfter}. */
    public static <W extends Window> CountEvictor<W> of(long maxCount, boolean doEvictAfter) {
        return new CountEvictor<>(maxCount, doEvictAfter);
    }

    @Override
    public void evictBefore(Iterable<TimestampedValue<Object>> elements, int size, W window, EvictorContext ctx) {
        if (!doEvictAfter) {
            evict(elements, size);
        }
    }

    @Override
    public void evictAfter(Iterable<TimestampedValue<Object>> elements, int size, W window, EvictorContext ctx) {
        if (doEvictAfter) {
            evict(elements, size);
        }
    }

    private void evict(Iterable<TimestampedValue<Object>> elements, int size) {
        if (size <= maxCount) {
            return;
        }
        long toEvict = size - maxCount;
        Iterator<TimestampedValue<Object>> it = elements.iterator();
        for (long evicted = 0; evicted < toEvict && it.hasNext(); evicted++) {
            it.next();
            it.remove();
        }
    }

    public long getMaxCount() {
        return maxCount;
    }

    public boolean isEvictAfter() {
        return doEvictAfter;
    }

    @Override
    public String toString() {
        return "CountEvictor(" + maxCount + (doEvictAfter ? ", after" : "") + ")";
    }
}
