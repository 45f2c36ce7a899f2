package io.tidemark.streaming.api.functions.sink;

import io.tidemark.api.common.functions.AbstractRichFunction;

/** A {@link SinkFunction} with a life cycle. */
public abstract class RichSinkFunction<IN> extends AbstractRichFunction implements SinkFunction<IN> {
    private static final long serialVersionUID = 1L;
}
