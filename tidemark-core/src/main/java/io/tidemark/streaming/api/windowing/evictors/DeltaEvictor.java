package io.tidemark.streaming.api.windowing.evictors;

import io.tidemark.streaming.api.functions.windowing.delta.DeltaFunction;
import io.tidemark.streaming.api.windowing.windows.Window;
import io.tidemark.streaming.runtime.operators.windowing.TimestampedValue;
import java.util.Iterator;

/**
 * Removes every element whose delta to the window's last element is {@code >= threshold}
 * ({@code deltaFunction.getDelta(element, last)}), before the window function (default) or after it
 * ({@code doEvictAfter}). The last element itself stays unless its delta to itself reaches the
 * threshold. Worked example: threshold 5, delta {@code last - element}, elements 1 4 8 9 → deltas 8 5 1
 * 0 → the function sees 8 9.
 *
 * @param <T> element type
 * @param <W> window type
 */
public class DeltaEvictor<T, W extends Window> implements Evictor<T, W> {

    private static final long serialVersionUID = 1L;

    private final DeltaFunction<T> deltaFunction;
    private final double threshold;
    private final boolean doEvictAfter;

    private DeltaEvictor(double threshold, DeltaFunction<T> deltaFunction, boolean doEvictAfter) {
        this.deltaFunction = deltaFunction;
        this.threshold = threshold;
        this.doEvictAfter = doEvictAfter;
    }

    /** Evicts, before the window function, the elements at delta {@code >= threshold} from the last. */
    public static <T, W extends Window> DeltaEvictor<T, W> of(double threshold, DeltaFunction<T> deltaFunction) {
        return new DeltaEvictor<>(threshold, deltaFunction, false);
    }

    /** As {@link #of(double, DeltaFunction)}, after the window function if {@code doEvictAfter}. */
    public static <T, W extends Window> DeltaEvictor<T, W> of(double threshold, DeltaFunction<T> deltaFunction,
            boolean doEvictAfter) {
        return new DeltaEvictor<>(threshold, deltaFunction, doEvictAfter);
    }

    @Override
    public void evictBefore(Iterable<TimestampedValue<T>> elements, int size, W window, EvictorContext ctx) {
        if (!doEvictAfter) {
            evict(elements);
        }
    }

    @Override
    public void evictAfter(Iterable<TimestampedValue<T>> elements, int size, W window, EvictorContext ctx) {
        if (doEvictAfter) {
            evict(elements);
        }
    }

    private void evict(Iterable<TimestampedValue<T>> elements) {
        TimestampedValue<T> last = null;
        for (TimestampedValue<T> e : elements) {
            last = e;
        }
        if (last == null) {
            return;
        }
        T lastValue = last.getValue();
        for (Iterator<TimestampedValue<T>> it = elements.iterator(); it.hasNext();) {
            if (deltaFunction.getDelta(it.next().getValue(), lastValue) >= threshold) {
                it.remove();
            }
        }
    }

    public DeltaFunction<T> getDeltaFunction() {
        return deltaFunction;
    }

    public double getThreshold() {
        return threshold;
    }

    public boolean isEvictAfter() {
        return doEvictAfter;
    }

    @Override
    public String toString() {
        return "DeltaEvictor(" + deltaFunction + ", " + threshold + (doEvictAfter ? ", after" : "") + ")";
    }
}
