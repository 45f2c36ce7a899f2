package io.tidemark.streaming.api.functions.async;

import io.tidemark.api.common.functions.AbstractRichFunction;

/** An {@link AsyncFunction} with {@code open}/{@code close} and the runtime context (Flink's {@code RichAsyncFunction}). */
public abstract class RichAsyncFunction<IN, OUT> extends AbstractRichFunction implements AsyncFunction<IN, OUT> {

    private static final long serialVersionUID = 1L;
}
