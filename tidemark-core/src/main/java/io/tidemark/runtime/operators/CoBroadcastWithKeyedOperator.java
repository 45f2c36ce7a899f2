package io.tidemark.runtime.operators;

import io.tidemark.api.common.state.BroadcastState;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.state.ReadOnlyBroadcastState;
import io.tidemark.api.common.state.State;
import io.tidemark.api.common.state.StateDescriptor;
import io.tidemark.runtime.state.BroadcastStates;
import io.tidemark.runtime.state.KeyedStateFunction;
import io.tidemark.runtime.state.VoidNamespace;
import io.tidemark.runtime.state.ttl.TtlStates;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.streaming.api.TimeDomain;
import io.tidemark.streaming.api.TimerService;
import io.tidemark.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import io.tidemark.util.OutputTag;
import java.util.List;

/**
 * Runs a {@link KeyedBroadcastProcessFunction}: input 1 is the keyed stream (keyed state, timers, the
 * broadcast state read only), input 2 the broadcast stream (broadcast state writable, every key's state
 * through {@code applyToKeyedState}; no current key).
 */
public final class CoBroadcastWithKeyedOperator<KS, IN1, IN2, OUT> extends AbstractTwoInputOperator<IN1, IN2, OUT> {

    private final KeyedBroadcastProcessFunction<KS, IN1, IN2, OUT> function;
    private final BroadcastStates states;
    private ReadOnlyCtx readOnly;
    private Ctx readWrite;
    private OnTimerCtx timerCtx;

    public CoBroadcastWithKeyedOperator(KeyedBroadcastProcessFunction<KS, IN1, IN2, OUT> function,
            List<MapStateDescriptor<?, ?>> descriptors) {
        super(function);
        this.function = function;
        this.states = new BroadcastStates(descriptors);
    }

    @Override
    public void open() throws Exception {
        super.open();
        readOnly = new ReadOnlyCtx();
        readWrite = new Ctx();
        timerCtx = new OnTimerCtx();
    }

    @Override
    public BroadcastStates broadcastStates() {
        return states;
    }

    @Override
    public void processElement1(StreamRecord<IN1> record) throws Exception {
        collector.setTimestamp(record);
        readOnly.record = record;
        function.processElement(record.getValue(), readOnly, collector);
        readOnly.record = null;
    }

    @Override
    public void processElement2(StreamRecord<IN2> record) throws Exception {
        collector.setTimestamp(record);
        readWrite.record = record;
        function.processBroadcastElement(record.getValue(), readWrite, collector);
        readWrite.record = null;
    }

    @Override
    protected void onTimer(long time, TimeDomain domain) throws Exception {
        timerCtx.domain = domain;
        timerCtx.time = time;
        function.onTimer(time, timerCtx, collector);
    }

    @SuppressWarnings("unchecked")
    private KS key() {
        return (KS) currentKey();
    }

    private long processingTime() {
        return context.getClock().currentTimeMillis();
    }

    private class ReadOnlyCtx extends KeyedBroadcastProcessFunction<KS, IN1, IN2, OUT>.ReadOnlyContext {
        StreamRecord<?> record;

        ReadOnlyCtx() {
            function.super();
        }

        @Override
        public <K, V> ReadOnlyBroadcastState<K, V> getBroadcastState(MapStateDescriptor<K, V> stateDescriptor) {
            return states.getReadOnly(stateDescriptor);
        }

        @Override
        public TimerService timerService() {
            return timerServiceView;
        }

        @Override
        public KS getCurrentKey() {
            return key();
        }

        @Override
        public Long timestamp() {
            return timestampOf(record);
        }

        @Override
        public <X> void output(OutputTag<X> outputTag, X value) {
            emitSide(outputTag, value, timestamp());
        }

        @Override
        public long currentProcessingTime() {
            return processingTime();
        }

        @Override
        public long currentWatermark() {
            return getCurrentWatermark();
        }
    }

    private final class Ctx extends KeyedBroadcastProcessFunction<KS, IN1, IN2, OUT>.Context {
        StreamRecord<?> record;

        Ctx() {
            function.super();
        }

        @Override
        public <K, V> BroadcastState<K, V> getBroadcastState(MapStateDescriptor<K, V> stateDescriptor) {
            return states.get(stateDescriptor);
        }

        @Override
        @SuppressWarnings("unchecked")
        public <VS, S extends State> void applyToKeyedState(StateDescriptor<S, VS> stateDescriptor,
                KeyedStateFunction<KS, S> f) throws Exception {
            Object before = keyedState.getCurrentKey();
            try {
                for (Object k : keyedState.keysWith(stateDescriptor, VoidNamespace.INSTANCE)) {
                    keyedState.setCurrentKey(k);
                    f.process((KS) k, TtlStates.getPartitionedState(keyedState, VoidNamespace.INSTANCE, stateDescriptor,
                            context.getStateTtlClock()));
                }
            } finally {
                keyedState.setCurrentKey(before);
            }
        }

        @Override
        public Long timestamp() {
            return timestampOf(record);
        }

        @Override
        public <X> void output(OutputTag<X> outputTag, X value) {
            emitSide(outputTag, value, timestamp());
        }

        @Override
        public long currentProcessingTime() {
            return processingTime();
        }

        @Override
        public long currentWatermark() {
            return getCurrentWatermark();
        }
    }

    private final class OnTimerCtx extends KeyedBroadcastProcessFunction<KS, IN1, IN2, OUT>.OnTimerContext {
        TimeDomain domain;
        long time;

        OnTimerCtx() {
            function.super();
        }

        @Override
        public TimeDomain timeDomain() {
            return domain;
        }

        @Override
        public KS getCurrentKey() {
            return key();
        }

        @Override
        public TimerService timerService() {
            return timerServiceView;
        }

        @Override
        public <K, V> ReadOnlyBroadcastState<K, V> getBroadcastState(MapStateDescriptor<K, V> stateDescriptor) {
            return states.getReadOnly(stateDescriptor);
        }

        @Override
        public Long timestamp() {
            return time;
        }

        @Override
        public <X> void output(OutputTag<X> outputTag, X value) {
            emitSide(outputTag, value, time);
        }

        @Override
        public long currentProcessingTime() {
            return processingTime();
        }

        @Override
        public long currentWatermark() {
            return getCurrentWatermark();
        }
    }
}
