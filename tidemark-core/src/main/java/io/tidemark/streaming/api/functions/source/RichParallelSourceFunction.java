package io.tidemark.streaming.api.functions.source;

/** A {@link ParallelSourceFunction} with {@code open}/{@code close} and the runtime context (its subtask). */
public abstract class RichParallelSourceFunction<T> extends RichSourceFunction<T> implements ParallelSourceFunction<T> {

    private static final long serialVersionUID = 1L;
}
