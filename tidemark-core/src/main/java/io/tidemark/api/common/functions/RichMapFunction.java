package io.tidemark.api.common.functions;

/** A {@link MapFunction} with a life cycle and keyed state. */
public abstract class RichMapFunction<T, O> extends AbstractRichFunction implements MapFunction<T, O> {
    private static final long serialVersionUID = 1L;
}
