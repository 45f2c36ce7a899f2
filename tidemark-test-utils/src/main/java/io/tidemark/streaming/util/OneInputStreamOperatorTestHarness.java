package io.tidemark.streaming.util;

import io.tidemark.runtime.operators.AbstractStreamOperator;
import io.tidemark.runtime.operators.Operators;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import io.tidemark.streaming.api.operators.OneInputStreamOperator;
import io.tidemark.streaming.api.watermark.Watermark;
import io.tidemark.streaming.runtime.streamrecord.StreamRecord;
import java.util.Collection;

/**
 * A test harness for a one-input operator, as Flink's of the same name: {@code new
 * OneInputStreamOperatorTestHarness<>(new StreamFlatMap<>(fn))}, {@link #open}, then
 * {@link #processElement}, {@link #processWatermark}, {@link #setProcessingTime}, and read
 * {@link #extractOutputValues} / {@link #getOutput} / {@link #getSideOutput}. The operator is the
 * embedded engine's, built from the API operator's description with the very function instance given.
 *
 * @param <IN> input type
 * @param <OUT> output type
 */
public class OneInputStreamOperatorTestHarness<IN, OUT> extends AbstractStreamOperatorTestHarness<OUT> {

    private final AbstractStreamOperator<IN, OUT> oneInputOperator;

    /** Subtask 0 of 1. */
    public OneInputStreamOperatorTestHarness(OneInputStreamOperator<IN, OUT> operator) throws Exception {
        this(operator, 1, 1, 0);
    }

    public OneInputStreamOperatorTestHarness(OneInputStreamOperator<IN, OUT> operator, int maxParallelism,
            int parallelism, int subtaskIndex) throws Exception {
        this(engineOperator(operator), maxParallelism, parallelism, subtaskIndex);
    }

    /** For an operator of the embedded engine itself (a custom operator of {@code DataStream.transform}). */
    public OneInputStreamOperatorTestHarness(AbstractStreamOperator<IN, OUT> operator) throws Exception {
        this(operator, 1, 1, 0);
    }

    public OneInputStreamOperatorTestHarness(AbstractStreamOperator<IN, OUT> operator, int maxParallelism,
            int parallelism, int subtaskIndex) throws Exception {
        super(operator, maxParallelism, parallelism, subtaskIndex);
        this.oneInputOperator = operator;
    }

    @SuppressWarnings("unchecked")
    static <IN, OUT> AbstractStreamOperator<IN, OUT> engineOperator(OneInputStreamOperator<IN, OUT> operator) {
        return (AbstractStreamOperator<IN, OUT>) Operators.create(operator.getDescription());
    }

    public void processElement(IN value, long timestamp) throws Exception {
        processElement(new StreamRecord<>(value, timestamp));
    }

    public void processElement(StreamRecord<IN> element) throws Exception {
        expectOpen("process an element");
        var record = toEngine(element);
        oneInputOperator.setKeyContextElement(record);
        oneInputOperator.processElement(record);
    }

    public void processElements(Collection<StreamRecord<IN>> elements) throws Exception {
        for (StreamRecord<IN> element : elements) {
            processElement(element);
        }
    }

    public void processWatermark(long watermark) throws Exception {
        processWatermark(new Watermark(watermark));
    }

    public void processWatermark(Watermark watermark) throws Exception {
        expectOpen("process a watermark");
        oneInputOperator.processWatermark(toEngine(watermark));
    }

    public void processWatermarkStatus(WatermarkStatus status) throws Exception {
        expectOpen("process a watermark status");
        oneInputOperator.processWatermarkStatus(status);
    }

    /** The end of the input: the operator's end of input (send {@code MAX_WATERMARK} first to fire event time). */
    public void endInput() throws Exception {
        expectOpen("end the input");
        oneInputOperator.endInput();
    }

    /** The highest watermark the operator received. */
    public long getCurrentWatermark() {
        return oneInputOperator.getCurrentWatermark();
    }
}
