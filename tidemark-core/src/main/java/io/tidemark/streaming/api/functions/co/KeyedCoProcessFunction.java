package io.tidemark.streaming.api.functions.co;

import io.tidemark.api.common.functions.AbstractRichFunction;
import io.tidemark.streaming.api.TimeDomain;
import io.tidemark.streaming.api.TimerService;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;

/**
 * A low-level function on two connected keyed streams: each record of either input with the current
 * key, keyed state shared by both inputs (records of equal keys meet in one subtask), and event- and
 * processing-time timers. The operator's watermark is the minimum of the two inputs' watermarks (an
 * idle input is left out), so an event-time timer fires when both inputs have passed it.
 */
public abstract class KeyedCoProcessFunction<K, IN1, IN2, OUT> extends AbstractRichFunction {

    private static final long serialVersionUID = 1L;

    /** Called for each record of the first input. */
    public abstract void processElement1(IN1 value, Context ctx, Collector<OUT> out) throws Exception;

    /** Called for each record of the second input. */
    public abstract void processElement2(IN2 value, Context ctx, Collector<OUT> out) throws Exception;

    /** Called when a timer set through {@link Context#timerService()} fires. */
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<OUT> out) throws Exception {}

    /** What the {@code processElement} methods can see. */
    public abstract class Context {
        /** The record's event timestamp (or the timer's time), or {@code null} when there is none. */
        public abstract Long timestamp();

        public abstract TimerService timerService();

        public abstract <X> void output(OutputTag<X> outputTag, X value);

        /** The key of the current record. */
        public abstract K getCurrentKey();
    }

    /** What {@link #onTimer} can see. */
    public abstract class OnTimerContext extends Context {
        public abstract TimeDomain timeDomain();

        /** The key of the firing timer. */
        @Override
        public abstract K getCurrentKey();
    }
}
