package io.tidemark.api.common.state;

/**
 * One accumulator per key, to which each added value is added by an
 * {@link io.tidemark.api.common.functions.AggregateFunction}; {@code get} gives its result (Flink's
 * {@code AggregatingState}). Merges when windows merge (the function's {@code merge}).
 *
 * @param <IN> the values added
 * @param <OUT> the result
 */
public interface AggregatingState<IN, OUT> extends MergingState<IN, OUT> {}
