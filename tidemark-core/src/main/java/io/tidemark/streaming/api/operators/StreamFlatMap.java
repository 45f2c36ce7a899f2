package io.tidemark.streaming.api.operators;

import io.tidemark.api.common.functions.FlatMapFunction;
import io.tidemark.streaming.api.transformations.OperatorDescription;

/** The operator of {@code flatMap} (on a keyed stream its function may use keyed state). */
public final class StreamFlatMap<IN, OUT> extends DescribedOperator<IN, OUT> {

    public StreamFlatMap(FlatMapFunction<IN, OUT> function) {
        super(new OperatorDescription.FlatMap(function));
    }
}
