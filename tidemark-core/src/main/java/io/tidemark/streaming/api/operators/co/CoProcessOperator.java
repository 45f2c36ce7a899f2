package io.tidemark.streaming.api.operators.co;

import io.tidemark.streaming.api.functions.co.CoProcessFunction;
import io.tidemark.streaming.api.transformations.TwoInputOperatorDescription;

/** The operator of {@code connect(..).process(CoProcessFunction)}. */
public final class CoProcessOperator<IN1, IN2, OUT> extends DescribedTwoInputOperator<IN1, IN2, OUT> {

    public CoProcessOperator(CoProcessFunction<IN1, IN2, OUT> function) {
        super(new TwoInputOperatorDescription.CoProcess(function));
    }
}
