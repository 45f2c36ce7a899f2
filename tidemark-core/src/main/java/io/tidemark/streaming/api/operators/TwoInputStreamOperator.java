package io.tidemark.streaming.api.operators;

import io.tidemark.streaming.api.transformations.TwoInputOperatorDescription;

/**
 * A two-input operator as Flink's API names it ({@code co.KeyedCoProcessOperator}, …): what it computes,
 * as a {@link TwoInputOperatorDescription}, from which an engine builds the operator that runs it.
 *
 * @param <IN1> the type of the first input's records
 * @param <IN2> the type of the second input's records
 * @param <OUT> the type of the records it emits
 */
@FunctionalInterface
public interface TwoInputStreamOperator<IN1, IN2, OUT> {

    /** What the operator computes; its user function is the instance the operator was made with. */
    TwoInputOperatorDescription getDescription();
}
