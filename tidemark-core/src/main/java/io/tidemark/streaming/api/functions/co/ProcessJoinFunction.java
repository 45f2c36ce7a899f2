package io.tidemark.streaming.api.functions.co;

import io.tidemark.api.common.functions.AbstractRichFunction;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;

/**
 * Evaluates each joined pair of an interval join ({@code keyBy(..).intervalJoin(..).between(..)
 * .process(..)}): a left and a right element of one key whose timestamps are within the bounds.
 *
 * @param <IN1> left element type
 * @param <IN2> right element type
 * @param <OUT> result type
 */
public abstract class ProcessJoinFunction<IN1, IN2, OUT> extends AbstractRichFunction {

    private static final long serialVersionUID = 1L;

    /** Called once per joined pair; results carry the larger of the two timestamps. */
    public abstract void processElement(IN1 left, IN2 right, Context ctx, Collector<OUT> out) throws Exception;

    /** The pair's timestamps and side outputs. */
    public abstract class Context {
        /** The left element's timestamp. */
        public abstract long getLeftTimestamp();

        /** The right element's timestamp. */
        public abstract long getRightTimestamp();

        /** The result's timestamp: the larger of the two. */
        public abstract long getTimestamp();

        /** Emits to a side output, with the result's timestamp. */
        public abstract <X> void output(OutputTag<X> outputTag, X value);
    }
}
