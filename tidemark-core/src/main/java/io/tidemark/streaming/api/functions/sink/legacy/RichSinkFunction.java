package io.tidemark.streaming.api.functions.sink.legacy;

/**
 * Flink 2's name for {@link io.tidemark.streaming.api.functions.sink.RichSinkFunction} (Flink 2 moved
 * its sink functions to a {@code legacy} package): a program that imports this one ports unchanged.
 */
public abstract class RichSinkFunction<IN> extends io.tidemark.streaming.api.functions.sink.RichSinkFunction<IN>
        implements SinkFunction<IN> {

    private static final long serialVersionUID = 1L;
}
