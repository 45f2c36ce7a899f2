package io.tidemark.streaming.api.windowing.evictors;

import io.tidemark.streaming.api.windowing.windows.Window;
import io.tidemark.streaming.runtime.operators.windowing.TimestampedValue;
import java.io.Serializable;

/**
 * Removes elements from a window's contents when it fires ({@code WindowedStream.evictor(..)}): before
 * the window function sees them ({@link #evictBefore}), after it ran ({@link #evictAfter}), or both.
 * A window with an evictor keeps every element (with its timestamp) until it fires, also under
 * {@code reduce} and {@code aggregate}, which then run over the remaining elements at each firing.
 *
 * <p>An evictor removes an element with the {@code remove()} of the elements' iterator; what it
 * removes is gone from the window for good (unless the window is purged, the rest is kept for the next
 * firing).
 *
 * @param <T> element type
 * @param <W> window type
 */
public interface Evictor<T, W extends Window> extends Serializable {

    /**
     * Called when the window fires, before the window function.
     *
     * @param elements the window's elements in arrival order; remove with the iterator
     * @param size the number of elements
     */
    void evictBefore(Iterable<TimestampedValue<T>> elements, int size, W window, EvictorContext evictorContext);

    /**
     * Called when the window fires, after the window function.
     *
     * @param elements the window's elements in arrival order; remove with the iterator
     * @param size the number of elements
     */
    void evictAfter(Iterable<TimestampedValue<T>> elements, int size, W window, EvictorContext evictorContext);

    /** What an evictor can see of time. */
    interface EvictorContext {
        long getCurrentProcessingTime();

        long getCurrentWatermark();
    }
}
