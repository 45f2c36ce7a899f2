package io.tidemark.streaming.api.operators;

/**
 * A one-input operator of some engine, as the API sees it: a type only, so that
 * {@code DataStream.transform(name, factory)} knows the operator's input and output types. What an
 * operator does is the engine's business: the embedded engine's operators extend its
 * {@code AbstractStreamOperator}.
 *
 * @param <IN> the type of the records it reads
 * @param <OUT> the type of the records it emits
 */
public interface OneInputOperator<IN, OUT> {}
