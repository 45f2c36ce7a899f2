package io.tidemark.runtime.operators;

import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.streaming.api.TimeDomain;
import io.tidemark.streaming.api.TimerService;
import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.util.OutputTag;

/** Runs a {@link ProcessFunction} (timers only when the stream is keyed). */
public final class ProcessOperator<IN, OUT> extends AbstractProcessOperator<IN, OUT> {

    private final ProcessFunction<IN, OUT> function;
    private Ctx ctx;
    private OnTimerCtx timerCtx;

    public ProcessOperator(ProcessFunction<IN, OUT> function) {
        super(function);
        this.function = function;
    }

    @Override
    public void open() throws Exception {
        super.open();
        ctx = new Ctx();
        timerCtx = new OnTimerCtx();
    }

    @Override
    void process(StreamRecord<IN> record) throws Exception {
        ctx.record = record;
        function.processElement(record.getValue(), ctx, collector);
        ctx.record = null;
    }

    @Override
    void onTimer(long time, TimeDomain domain) throws Exception {
        timerCtx.domain = domain;
        timerCtx.time = time;
        function.onTimer(time, timerCtx, collector);
    }

    private final class Ctx extends ProcessFunction<IN, OUT>.Context {
        StreamRecord<IN> record;

        Ctx() {
            function.super();
        }

        @Override
        public Long timestamp() {
            return timestampOf(record);
        }

        @Override
        public TimerService timerService() {
            return timerServiceView;
        }

        @Override
        public <X> void output(OutputTag<X> outputTag, X value) {
            emitSide(outputTag, value, timestamp());
        }
    }

    private final class OnTimerCtx extends ProcessFunction<IN, OUT>.OnTimerContext {
        TimeDomain domain;
        long time;

        OnTimerCtx() {
            function.super();
        }

        @Override
        public Long timestamp() {
            return time;
        }

        @Override
        public TimerService timerService() {
            return timerServiceView;
        }

        @Override
        public <X> void output(OutputTag<X> outputTag, X value) {
            emitSide(outputTag, value, time);
        }

        @Override
        public TimeDomain timeDomain() {
            return domain;
        }
    }
}
