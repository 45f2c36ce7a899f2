package io.tidemark.api.common.functions;

/**
 * Declares that an {@link AggregateFunction} or a {@link ReduceFunction} gives the same result
 * whatever the order and grouping in which elements are combined: {@code add} and {@code merge} (or
 * {@code reduce}) are associative and commutative, and {@code merge(a, b)} changes at most {@code a}
 * ({@code reduce} changes neither argument).
 *
 * <p>With that promise the engine may pre-aggregate. Sliding event-time windows whose size is a
 * multiple of their slide (and with no allowed lateness) then add each element once, to its slide
 * frame, and a window's result merges its {@code size / slide} frames when it fires, instead of adding
 * every element to each of the windows it belongs to. Results are the same as without the marker for
 * functions that keep the promise; only the order of one window's results for different keys may
 * differ (see docs/semantics.md).
 *
 * <p>Counts and sums, minima and maxima of integers keep it. Floating-point sums do not (rounding
 * depends on the order), nor do "first seen" / "last seen" values or element lists. A Tidemark
 * extension: Flink has no such marker, and the Flink runner ignores it.
 */
public interface Commutative {}
