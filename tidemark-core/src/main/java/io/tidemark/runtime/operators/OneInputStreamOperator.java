package io.tidemark.runtime.operators;

import io.tidemark.streaming.api.operators.OneInputOperator;

/** An operator with one input. */
public interface OneInputStreamOperator<IN, OUT> extends StreamOperator<OUT>, Input<IN>, OneInputOperator<IN, OUT> {}
