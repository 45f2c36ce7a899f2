package io.tidemark.streaming.api.operators;

import io.tidemark.streaming.api.transformations.OperatorDescription;
import java.util.Objects;

/** A one-input operator that is its description: the base of the API's named operators. */
abstract class DescribedOperator<IN, OUT> implements OneInputStreamOperator<IN, OUT> {

    private final OperatorDescription description;

    DescribedOperator(OperatorDescription description) {
        this.description = Objects.requireNonNull(description, "description");
    }

    @Override
    public final OperatorDescription getDescription() {
        return description;
    }
}
