package io.tidemark.streaming.util;

import io.tidemark.runtime.operators.AbstractTwoInputOperator;
import io.tidemark.runtime.operators.TwoInputOperators;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import io.tidemark.streaming.api.operators.TwoInputStreamOperator;
import io.tidemark.streaming.api.watermark.Watermark;
import io.tidemark.streaming.runtime.streamrecord.StreamRecord;

/**
 * A test harness for a two-input operator, as Flink's of the same name: elements and watermarks go to
 * input 1 or 2; the operator's output watermark is the minimum of the two inputs' (a watermark on one
 * input alone emits nothing until the other has one).
 *
 * @param <IN1> first input's type
 * @param <IN2> second input's type
 * @param <OUT> output type
 */
public class TwoInputStreamOperatorTestHarness<IN1, IN2, OUT> extends AbstractStreamOperatorTestHarness<OUT> {

    private final TwoInputs<IN1, IN2, OUT> inputs;

    /** Subtask 0 of 1. */
    public TwoInputStreamOperatorTestHarness(TwoInputStreamOperator<IN1, IN2, OUT> operator) throws Exception {
        this(operator, 1, 1, 0);
    }

    public TwoInputStreamOperatorTestHarness(TwoInputStreamOperator<IN1, IN2, OUT> operator, int maxParallelism,
            int parallelism, int subtaskIndex) throws Exception {
        this(engineOperator(operator), maxParallelism, parallelism, subtaskIndex);
    }

    /** For an operator of the embedded engine itself. */
    protected TwoInputStreamOperatorTestHarness(AbstractTwoInputOperator<IN1, IN2, OUT> operator, int maxParallelism,
            int parallelism, int subtaskIndex) throws Exception {
        super(operator, maxParallelism, parallelism, subtaskIndex);
        this.inputs = new TwoInputs<>(operator, this);
    }

    @SuppressWarnings("unchecked")
    static <IN1, IN2, OUT> AbstractTwoInputOperator<IN1, IN2, OUT> engineOperator(
            TwoInputStreamOperator<IN1, IN2, OUT> operator) {
        return (AbstractTwoInputOperator<IN1, IN2, OUT>) TwoInputOperators.create(operator.getDescription());
    }

    public void processElement1(IN1 value, long timestamp) throws Exception {
        inputs.processElement1(new StreamRecord<>(value, timestamp));
    }

    public void processElement1(StreamRecord<IN1> element) throws Exception {
        inputs.processElement1(element);
    }

    public void processElement2(IN2 value, long timestamp) throws Exception {
        inputs.processElement2(new StreamRecord<>(value, timestamp));
    }

    public void processElement2(StreamRecord<IN2> element) throws Exception {
        inputs.processElement2(element);
    }

    public void processWatermark1(Watermark watermark) throws Exception {
        inputs.processWatermark1(watermark);
    }

    public void processWatermark2(Watermark watermark) throws Exception {
        inputs.processWatermark2(watermark);
    }

    /** The same watermark on both inputs. */
    public void processBothWatermarks(Watermark watermark) throws Exception {
        processWatermark1(watermark);
        processWatermark2(watermark);
    }

    public void processWatermarkStatus1(WatermarkStatus status) throws Exception {
        inputs.processWatermarkStatus(1, status);
    }

    public void processWatermarkStatus2(WatermarkStatus status) throws Exception {
        inputs.processWatermarkStatus(2, status);
    }

    public void endInput1() throws Exception {
        inputs.endInput(1);
    }

    public void endInput2() throws Exception {
        inputs.endInput(2);
    }
}
