package io.tidemark.streaming.api.functions.source;

import io.tidemark.api.common.functions.AbstractRichFunction;

/** A {@link SourceFunction} with a life cycle. */
public abstract class RichSourceFunction<T> extends AbstractRichFunction implements SourceFunction<T> {
    private static final long serialVersionUID = 1L;
}
