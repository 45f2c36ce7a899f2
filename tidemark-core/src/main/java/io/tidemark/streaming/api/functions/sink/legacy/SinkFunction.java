package io.tidemark.streaming.api.functions.sink.legacy;

/**
 * Flink 2's name for {@link io.tidemark.streaming.api.functions.sink.SinkFunction} (Flink 2 moved its
 * sink functions to a {@code legacy} package): a program that imports this one ports unchanged.
 */
public interface SinkFunction<IN> extends io.tidemark.streaming.api.functions.sink.SinkFunction<IN> {}
