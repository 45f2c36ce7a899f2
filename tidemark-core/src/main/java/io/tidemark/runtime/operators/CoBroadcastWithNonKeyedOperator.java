package io.tidemark.runtime.operators;

import io.tidemark.api.common.state.BroadcastState;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.state.ReadOnlyBroadcastState;
import io.tidemark.runtime.state.BroadcastStates;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.streaming.api.functions.co.BroadcastProcessFunction;
import io.tidemark.util.OutputTag;
import java.util.List;

/**
 * Runs a {@link BroadcastProcessFunction}: input 1 is the non-keyed stream (broadcast state read
 * only), input 2 the broadcast stream (broadcast state writable; every subtask sees every record).
 */
public final class CoBroadcastWithNonKeyedOperator<IN1, IN2, OUT> extends AbstractTwoInputOperator<IN1, IN2, OUT> {

    private final BroadcastProcessFunction<IN1, IN2, OUT> function;
    private final BroadcastStates states;
    private ReadOnlyCtx readOnly;
    private Ctx readWrite;

    public CoBroadcastWithNonKeyedOperator(BroadcastProcessFunction<IN1, IN2, OUT> function,
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

    private final class ReadOnlyCtx extends BroadcastProcessFunction<IN1, IN2, OUT>.ReadOnlyContext {
        StreamRecord<?> record;

        ReadOnlyCtx() {
            function.super();
        }

        @Override
        public <K, V> ReadOnlyBroadcastState<K, V> getBroadcastState(MapStateDescriptor<K, V> stateDescriptor) {
            return states.getReadOnly(stateDescriptor);
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
            return context.getClock().currentTimeMillis();
        }

        @Override
        public long currentWatermark() {
            return getCurrentWatermark();
        }
    }

    private final class Ctx extends BroadcastProcessFunction<IN1, IN2, OUT>.Context {
        StreamRecord<?> record;

        Ctx() {
            function.super();
        }

        @Override
        public <K, V> BroadcastState<K, V> getBroadcastState(MapStateDescriptor<K, V> stateDescriptor) {
            return states.get(stateDescriptor);
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
            return context.getClock().currentTimeMillis();
        }

        @Override
        public long currentWatermark() {
            return getCurrentWatermark();
        }
    }
}
