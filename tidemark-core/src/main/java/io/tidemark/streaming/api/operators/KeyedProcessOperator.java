package io.tidemark.streaming.api.operators;

import io.tidemark.streaming.api.functions.KeyedProcessFunction;
import io.tidemark.streaming.api.transformations.OperatorDescription;

/** The operator of {@code keyBy(..).process(KeyedProcessFunction)}: keyed state and timers of the current key. */
public final class KeyedProcessOperator<K, IN, OUT> extends DescribedOperator<IN, OUT> {

    public KeyedProcessOperator(KeyedProcessFunction<K, IN, OUT> function) {
        super(new OperatorDescription.KeyedProcess(function));
    }
}
