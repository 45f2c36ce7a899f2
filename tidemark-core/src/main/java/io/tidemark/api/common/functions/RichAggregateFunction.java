package io.tidemark.api.common.functions;

/**
 * An {@link AggregateFunction} with {@code open}/{@code close} and the runtime context. As in Flink, a
 * window's {@code aggregate} does not take a rich aggregate function (use a rich window function).
 */
public abstract class RichAggregateFunction<IN, ACC, OUT> extends AbstractRichFunction
        implements AggregateFunction<IN, ACC, OUT> {

    private static final long serialVersionUID = 1L;
}
