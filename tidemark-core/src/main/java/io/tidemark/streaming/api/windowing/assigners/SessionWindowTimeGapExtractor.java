package io.tidemark.streaming.api.windowing.assigners;

import java.io.Serializable;

/**
 * Computes the session gap, in milliseconds, for one element of a dynamic session window ({@link
 * DynamicEventTimeSessionWindows}, {@link DynamicProcessingTimeSessionWindows}). The gap must be
 * {@code > 0}; the assigner throws {@link IllegalArgumentException} otherwise.
 */
@FunctionalInterface
public interface SessionWindowTimeGapExtractor<T> extends Serializable {

    /** The session gap in milliseconds for {@code element}. */
    long extract(T element);
}
