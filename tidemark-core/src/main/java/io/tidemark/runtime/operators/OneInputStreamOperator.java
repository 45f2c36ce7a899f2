package io.tidemark.runtime.operators;

/** An operator with one input. */
public interface OneInputStreamOperator<IN, OUT> extends StreamOperator<OUT>, Input<IN> {}
