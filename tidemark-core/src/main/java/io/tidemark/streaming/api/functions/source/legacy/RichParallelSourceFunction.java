package io.tidemark.streaming.api.functions.source.legacy;

/**
 * Flink 2's name for {@link io.tidemark.streaming.api.functions.source.RichParallelSourceFunction} (Flink 2 moved its
 * source functions to a {@code legacy} package): a program that imports this one ports unchanged.
 */
public abstract class RichParallelSourceFunction<T> extends io.tidemark.streaming.api.functions.source.RichParallelSourceFunction<T> {

    private static final long serialVersionUID = 1L;
}
