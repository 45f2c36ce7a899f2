package io.tidemark.streaming.api.functions.co;

import io.tidemark.api.common.functions.AbstractRichFunction;

/** A {@link CoFlatMapFunction} with {@code open}/{@code close} and the runtime context (keyed state when keyed). */
public abstract class RichCoFlatMapFunction<IN1, IN2, OUT> extends AbstractRichFunction
        implements CoFlatMapFunction<IN1, IN2, OUT> {

    private static final long serialVersionUID = 1L;
}
