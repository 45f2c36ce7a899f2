package io.tidemark.api.common.functions;

/** A {@link JoinFunction} with a life cycle and the runtime context. */
public abstract class RichJoinFunction<IN1, IN2, OUT> extends AbstractRichFunction implements JoinFunction<IN1, IN2, OUT> {
    private static final long serialVersionUID = 1L;
}
