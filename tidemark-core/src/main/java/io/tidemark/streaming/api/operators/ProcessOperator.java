package io.tidemark.streaming.api.operators;

import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.streaming.api.transformations.OperatorDescription;

/** The operator of {@code process(ProcessFunction)}. */
public final class ProcessOperator<IN, OUT> extends DescribedOperator<IN, OUT> {

    public ProcessOperator(ProcessFunction<IN, OUT> function) {
        super(new OperatorDescription.Process(function));
    }
}
