package io.tidemark.api.common.functions;

/** A {@link ReduceFunction} with {@code open}/{@code close} and the runtime context. */
public abstract class RichReduceFunction<T> extends AbstractRichFunction implements ReduceFunction<T> {

    private static final long serialVersionUID = 1L;
}
