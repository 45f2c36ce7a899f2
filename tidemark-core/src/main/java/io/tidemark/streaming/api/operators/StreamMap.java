package io.tidemark.streaming.api.operators;

import io.tidemark.api.common.functions.MapFunction;
import io.tidemark.streaming.api.transformations.OperatorDescription;

/** The operator of {@code map}. */
public final class StreamMap<IN, OUT> extends DescribedOperator<IN, OUT> {

    public StreamMap(MapFunction<IN, OUT> function) {
        super(new OperatorDescription.Map(function));
    }
}
