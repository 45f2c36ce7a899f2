package io.tidemark.streaming.api.operators;

import io.tidemark.streaming.api.transformations.OperatorDescription;

/**
 * A one-input operator as Flink's API names it ({@link KeyedProcessOperator}, {@link StreamMap}, …, or
 * {@code OneInputTransformation.getOperator()}): what it computes, as an {@link OperatorDescription}.
 * An engine builds the operator that runs it from the description; user code that names operators, as
 * unit tests do with a test harness, passes these around.
 *
 * @param <IN> the type of the records it reads
 * @param <OUT> the type of the records it emits
 */
@FunctionalInterface
public interface OneInputStreamOperator<IN, OUT> {

    /** What the operator computes; its user function is the instance the operator was made with. */
    OperatorDescription getDescription();
}
