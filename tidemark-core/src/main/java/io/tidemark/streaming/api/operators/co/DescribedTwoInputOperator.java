package io.tidemark.streaming.api.operators.co;

import io.tidemark.streaming.api.operators.TwoInputStreamOperator;
import io.tidemark.streaming.api.transformations.TwoInputOperatorDescription;
import java.util.Objects;

/** A two-input operator that is its description: the base of the API's named two-input operators. */
abstract class DescribedTwoInputOperator<IN1, IN2, OUT> implements TwoInputStreamOperator<IN1, IN2, OUT> {

    private final TwoInputOperatorDescription description;

    DescribedTwoInputOperator(TwoInputOperatorDescription description) {
        this.description = Objects.requireNonNull(description, "description");
    }

    @Override
    public final TwoInputOperatorDescription getDescription() {
        return description;
    }
}
