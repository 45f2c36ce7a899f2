package io.tidemark.api.common.functions;

/** A {@link FlatJoinFunction} with a life cycle and the runtime context. */
public abstract class RichFlatJoinFunction<IN1, IN2, OUT> extends AbstractRichFunction implements FlatJoinFunction<IN1, IN2, OUT> {
    private static final long serialVersionUID = 1L;
}
