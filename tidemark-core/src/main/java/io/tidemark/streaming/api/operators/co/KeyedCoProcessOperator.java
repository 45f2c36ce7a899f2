package io.tidemark.streaming.api.operators.co;

import io.tidemark.streaming.api.functions.co.KeyedCoProcessFunction;
import io.tidemark.streaming.api.transformations.TwoInputOperatorDescription;

/** The operator of two connected keyed streams' {@code process(KeyedCoProcessFunction)}. */
public final class KeyedCoProcessOperator<K, IN1, IN2, OUT> extends DescribedTwoInputOperator<IN1, IN2, OUT> {

    public KeyedCoProcessOperator(KeyedCoProcessFunction<K, IN1, IN2, OUT> function) {
        super(new TwoInputOperatorDescription.KeyedCoProcess(function));
    }
}
