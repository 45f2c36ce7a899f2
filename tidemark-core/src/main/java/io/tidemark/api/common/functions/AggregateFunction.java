package io.tidemark.api.common.functions;

/**
 * An incremental aggregation: each window keeps one accumulator, whatever the number of its elements.
 *
 * @param <IN> input type
 * @param <ACC> accumulator type
 * @param <OUT> result type
 */
public interface AggregateFunction<IN, ACC, OUT> extends Function {

    ACC createAccumulator();

    /** Adds a value; may modify and return {@code accumulator}. */
    ACC add(IN value, ACC accumulator);

    OUT getResult(ACC accumulator);

    /** Merges two accumulators (session windows merge theirs); may reuse either one. */
    ACC merge(ACC a, ACC b);
}
