package io.tidemark.streaming.api.functions;

import io.tidemark.api.common.functions.AbstractRichFunction;
import io.tidemark.streaming.api.TimeDomain;
import io.tidemark.streaming.api.TimerService;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;

/** A low-level function on each record, with access to time and side outputs. */
public abstract class ProcessFunction<I, O> extends AbstractRichFunction {

    private static final long serialVersionUID = 1L;

    public abstract void processElement(I value, Context ctx, Collector<O> out) throws Exception;

    /** Called when a timer fires (keyed streams only). */
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<O> out) throws Exception {}

    /** What {@link #processElement} can see. */
    public abstract class Context {
        /** The record's event timestamp, or {@code null} when it has none. */
        public abstract Long timestamp();

        public abstract TimerService timerService();

        /** Emits to a side output. */
        public abstract <X> void output(OutputTag<X> outputTag, X value);
    }

    /** What {@link #onTimer} can see. */
    public abstract class OnTimerContext extends Context {
        public abstract TimeDomain timeDomain();
    }
}
