package io.tidemark.streaming.api.functions;

import io.tidemark.api.common.functions.AbstractRichFunction;
import io.tidemark.streaming.api.TimeDomain;
import io.tidemark.streaming.api.TimerService;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;

/** A low-level function on each record of a keyed stream, with keyed state and timers. */
public abstract class KeyedProcessFunction<K, I, O> extends AbstractRichFunction {

    private static final long serialVersionUID = 1L;

    public abstract void processElement(I value, Context ctx, Collector<O> out) throws Exception;

    /** Called when a timer set through {@link Context#timerService()} fires. */
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<O> out) throws Exception {}

    /** What {@link #processElement} can see. */
    public abstract class Context {
        /** The record's event timestamp (or the timer's time), or {@code null} when there is none. */
        public abstract Long timestamp();

        public abstract TimerService timerService();

        public abstract <X> void output(OutputTag<X> outputTag, X value);

        public abstract K getCurrentKey();
    }

    /** What {@link #onTimer} can see. */
    public abstract class OnTimerContext extends Context {
        public abstract TimeDomain timeDomain();

        @Override
        public abstract K getCurrentKey();
    }
}
