package io.tidemark.streaming.util;

import io.tidemark.runtime.operators.AbstractTwoInputOperator;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import io.tidemark.streaming.api.watermark.Watermark;
import io.tidemark.streaming.runtime.streamrecord.StreamRecord;

/** The two inputs of a harness's two-input operator: each element is keyed by its input, then processed. */
final class TwoInputs<IN1, IN2, OUT> {

    private final AbstractTwoInputOperator<IN1, IN2, OUT> operator;
    private final AbstractStreamOperatorTestHarness<OUT> harness;

    TwoInputs(AbstractTwoInputOperator<IN1, IN2, OUT> operator, AbstractStreamOperatorTestHarness<OUT> harness) {
        this.operator = operator;
        this.harness = harness;
    }

    AbstractTwoInputOperator<IN1, IN2, OUT> operator() {
        return operator;
    }

    void processElement1(StreamRecord<IN1> element) throws Exception {
        harness.expectOpen("process an element");
        var record = AbstractStreamOperatorTestHarness.toEngine(element);
        operator.setKeyContextElement1(record);
        operator.processElement1(record);
    }

    void processElement2(StreamRecord<IN2> element) throws Exception {
        harness.expectOpen("process an element");
        var record = AbstractStreamOperatorTestHarness.toEngine(element);
        operator.setKeyContextElement2(record);
        operator.processElement2(record);
    }

    void processWatermark1(Watermark watermark) throws Exception {
        harness.expectOpen("process a watermark");
        operator.processWatermark1(AbstractStreamOperatorTestHarness.toEngine(watermark));
    }

    void processWatermark2(Watermark watermark) throws Exception {
        harness.expectOpen("process a watermark");
        operator.processWatermark2(AbstractStreamOperatorTestHarness.toEngine(watermark));
    }

    void processWatermarkStatus(int input, WatermarkStatus status) throws Exception {
        harness.expectOpen("process a watermark status");
        if (input == 1) {
            operator.processWatermarkStatus1(status);
        } else {
            operator.processWatermarkStatus2(status);
        }
    }

    void endInput(int input) throws Exception {
        harness.expectOpen("end an input");
        operator.endInput(input);
    }
}
