package io.tidemark.streaming.api.functions.co;

import io.tidemark.api.common.functions.AbstractRichFunction;
import io.tidemark.streaming.api.TimeDomain;
import io.tidemark.streaming.api.TimerService;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;

/**
 * A low-level function on two connected streams: each record of either input, with its timestamp,
 * side outputs and (on keyed connected streams) keyed state and timers. Prefer
 * {@link KeyedCoProcessFunction} on keyed streams: it also gives the current key.
 */
public abstract class CoProcessFunction<IN1, IN2, OUT> extends AbstractRichFunction {

    private static final long serialVersionUID = 1L;

    /** Called for each record of the first input. */
    public abstract void processElement1(IN1 value, Context ctx, Collector<OUT> out) throws Exception;

    /** Called for each record of the second input. */
    public abstract void processElement2(IN2 value, Context ctx, Collector<OUT> out) throws Exception;

    /** Called when a timer set through {@link Context#timerService()} fires (keyed streams only). */
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<OUT> out) throws Exception {}

    /** What the {@code processElement} methods can see. */
    public abstract class Context {
        /** The record's event timestamp (or the timer's time), or {@code null} when there is none. */
        public abstract Long timestamp();

        public abstract TimerService timerService();

        public abstract <X> void output(OutputTag<X> outputTag, X value);
    }

    /** What {@link #onTimer} can see. */
    public abstract class OnTimerContext extends Context {
        public abstract TimeDomain timeDomain();
    }
}
