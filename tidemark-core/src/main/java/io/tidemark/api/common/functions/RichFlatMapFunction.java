package io.tidemark.api.common.functions;

/** A {@link FlatMapFunction} with a life cycle and keyed state. */
public abstract class RichFlatMapFunction<T, O> extends AbstractRichFunction implements FlatMapFunction<T, O> {
    private static final long serialVersionUID = 1L;
}
