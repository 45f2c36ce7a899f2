package io.tidemark.streaming.api.functions.co;

import io.tidemark.util.Collector;

/**
 * A function on a non-keyed stream connected with a broadcast stream: {@link #processBroadcastElement}
 * for each broadcast record (on every subtask; it may write the broadcast state), {@link
 * #processElement} for each record of the other stream (it may read the broadcast state).
 */
public abstract class BroadcastProcessFunction<IN1, IN2, OUT> extends BaseBroadcastProcessFunction {

    private static final long serialVersionUID = 1L;

    /** Called for each record of the non-broadcast input. */
    public abstract void processElement(IN1 value, ReadOnlyContext ctx, Collector<OUT> out) throws Exception;

    /** Called for each record of the broadcast input, on every subtask. */
    public abstract void processBroadcastElement(IN2 value, Context ctx, Collector<OUT> out) throws Exception;

    /** The broadcast side's context. */
    public abstract class Context extends BaseBroadcastProcessFunction.Context {}

    /** The non-broadcast side's context. */
    public abstract class ReadOnlyContext extends BaseBroadcastProcessFunction.ReadOnlyContext {}
}
