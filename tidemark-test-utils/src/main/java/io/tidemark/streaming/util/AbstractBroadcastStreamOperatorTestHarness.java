package io.tidemark.streaming.util;

import io.tidemark.api.common.state.BroadcastState;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.runtime.operators.AbstractTwoInputOperator;
import io.tidemark.streaming.api.watermark.Watermark;
import io.tidemark.streaming.runtime.streamrecord.StreamRecord;

/**
 * A test harness for an operator of a stream connected with a broadcast stream, as Flink's of the same
 * name: {@link #processElement} feeds the non-broadcast side (input 1), {@link #processBroadcastElement}
 * the broadcast side (input 2); the output watermark is the minimum of the two sides'.
 *
 * @param <IN1> the non-broadcast side's type
 * @param <IN2> the broadcast side's type
 * @param <OUT> output type
 */
public abstract class AbstractBroadcastStreamOperatorTestHarness<IN1, IN2, OUT>
        extends AbstractStreamOperatorTestHarness<OUT> {

    private final TwoInputs<IN1, IN2, OUT> inputs;

    protected AbstractBroadcastStreamOperatorTestHarness(AbstractTwoInputOperator<IN1, IN2, OUT> operator,
            int maxParallelism, int parallelism, int subtaskIndex) throws Exception {
        super(operator, maxParallelism, parallelism, subtaskIndex);
        this.inputs = new TwoInputs<>(operator, this);
    }

    public void processElement(IN1 value, long timestamp) throws Exception {
        inputs.processElement1(new StreamRecord<>(value, timestamp));
    }

    public void processElement(StreamRecord<IN1> element) throws Exception {
        inputs.processElement1(element);
    }

    public void processBroadcastElement(IN2 value, long timestamp) throws Exception {
        inputs.processElement2(new StreamRecord<>(value, timestamp));
    }

    public void processBroadcastElement(StreamRecord<IN2> element) throws Exception {
        inputs.processElement2(element);
    }

    public void processWatermark(long watermark) throws Exception {
        processWatermark(new Watermark(watermark));
    }

    public void processWatermark(Watermark watermark) throws Exception {
        inputs.processWatermark1(watermark);
    }

    public void processBroadcastWatermark(long watermark) throws Exception {
        processBroadcastWatermark(new Watermark(watermark));
    }

    public void processBroadcastWatermark(Watermark watermark) throws Exception {
        inputs.processWatermark2(watermark);
    }

    /** The same watermark on both sides. */
    public void watermark(long watermark) throws Exception {
        processWatermark(watermark);
        processBroadcastWatermark(watermark);
    }

    /** The operator's broadcast state that {@code descriptor} names (one the operator was made with). */
    public <K, V> BroadcastState<K, V> getBroadcastState(MapStateDescriptor<K, V> descriptor) {
        expectOpen("read the broadcast state");
        return inputs.operator().broadcastStates().get(descriptor);
    }
}
