package io.tidemark.runtime.operators;

import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.streaming.api.TimeDomain;
import io.tidemark.streaming.api.TimerService;
import io.tidemark.streaming.api.functions.co.CoProcessFunction;
import io.tidemark.util.OutputTag;

/** Runs a {@link CoProcessFunction} (keyed state and timers when the inputs are keyed). */
public final class CoProcessOperator<IN1, IN2, OUT> extends AbstractTwoInputOperator<IN1, IN2, OUT> {

    private final CoProcessFunction<IN1, IN2, OUT> function;
    private Ctx ctx;
    private OnTimerCtx timerCtx;

    public CoProcessOperator(CoProcessFunction<IN1, IN2, OUT> function) {
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
    public void processElement1(StreamRecord<IN1> record) throws Exception {
        collector.setTimestamp(record);
        ctx.record = record;
        function.processElement1(record.getValue(), ctx, collector);
        ctx.record = null;
    }

    @Override
    public void processElement2(StreamRecord<IN2> record) throws Exception {
        collector.setTimestamp(record);
        ctx.record = record;
        function.processElement2(record.getValue(), ctx, collector);
        ctx.record = null;
    }

    @Override
    protected void onTimer(long time, TimeDomain domain) throws Exception {
        timerCtx.domain = domain;
        timerCtx.time = time;
        function.onTimer(time, timerCtx, collector);
    }

    private final class Ctx extends CoProcessFunction<IN1, IN2, OUT>.Context {
        StreamRecord<?> record;

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

    private final class OnTimerCtx extends CoProcessFunction<IN1, IN2, OUT>.OnTimerContext {
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
