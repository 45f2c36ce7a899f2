package io.tidemark.api.common.functions;

/** A {@link FilterFunction} with a life cycle and keyed state. */
public abstract class RichFilterFunction<T> extends AbstractRichFunction implements FilterFunction<T> {
    private static final long serialVersionUID = 1L;
}
