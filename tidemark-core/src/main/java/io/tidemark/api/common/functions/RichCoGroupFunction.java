package io.tidemark.api.common.functions;

/** A {@link CoGroupFunction} with a life cycle and the runtime context. */
public abstract class RichCoGroupFunction<IN1, IN2, OUT> extends AbstractRichFunction implements CoGroupFunction<IN1, IN2, OUT> {
    private static final long serialVersionUID = 1L;
}
