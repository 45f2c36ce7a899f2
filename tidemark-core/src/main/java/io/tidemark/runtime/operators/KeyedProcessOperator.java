package io.tidemark.runtime.operators;

import io.tidemark.api.common.functions.Function;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.timers.Timer;
import io.tidemark.streaming.api.TimeDomain;
import io.tidemark.streaming.api.TimerService;
import io.tidemark.streaming.api.functions.KeyedProcessFunction;
import io.tidemark.util.OutputTag;

/** Runs a {@link KeyedProcessFunction}: keyed state and event/processing-time timers. */
public final class KeyedProcessOperator<K, IN, OUT> extends AbstractStreamOperator<IN, OUT> {

    private final KeyedProcessFunction<K, IN, OUT> function;
    private TimestampedCollector<OUT> collector;
    private Ctx ctx;
    private OnTimerCtx timerCtx;
    private TimerService timerServiceView;

    public KeyedProcessOperator(KeyedProcessFunction<K, IN, OUT> function) {
        this.function = function;
    }

    @Override
    protected Function userFunction() {
        return function;
    }

    @Override
    public void open() throws Exception {
        super.open();
        collector = new TimestampedCollector<>(output);
        timerServiceView = new TimerServiceImpl(this);
        ctx = new Ctx();
        timerCtx = new OnTimerCtx();
    }

    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        collector.setTimestamp(record);
        ctx.record = record;
        function.processElement(record.getValue(), ctx, collector);
        ctx.record = null;
    }

    @Override
    public void onEventTime(Timer timer) throws Exception {
        fire(timer, TimeDomain.EVENT_TIME);
    }

    @Override
    public void onProcessingTime(Timer timer) throws Exception {
        fire(timer, TimeDomain.PROCESSING_TIME);
    }

    private void fire(Timer timer, TimeDomain domain) throws Exception {
        collector.setTimestamp(timer.getTimestamp());
        timerCtx.domain = domain;
        timerCtx.time = timer.getTimestamp();
        function.onTimer(timer.getTimestamp(), timerCtx, collector);
    }

    @SuppressWarnings("unchecked")
    private K currentKey() {
        return (K) keyedState.getCurrentKey();
    }

    private <X> void emitSide(OutputTag<X> tag, X value, Long timestamp) {
        if (tag == null) {
            throw new IllegalArgumentException("OutputTag must not be null");
        }
        output.collect(tag, timestamp == null ? new StreamRecord<>(value) : new StreamRecord<>(value, timestamp));
    }

    private final class Ctx extends KeyedProcessFunction<K, IN, OUT>.Context {
        StreamRecord<IN> record;

        Ctx() {
            function.super();
        }

        @Override
        public Long timestamp() {
            return record != null && record.hasTimestamp() ? record.getTimestamp() : null;
        }

        @Override
        public TimerService timerService() {
            return timerServiceView;
        }

        @Override
        public <X> void output(OutputTag<X> outputTag, X value) {
            emitSide(outputTag, value, timestamp());
        }

        @Override
        public K getCurrentKey() {
            return currentKey();
        }
    }

    private final class OnTimerCtx extends KeyedProcessFunction<K, IN, OUT>.OnTimerContext {
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

        @Override
        public K getCurrentKey() {
            return currentKey();
        }
    }
}
