package io.tidemark.runtime.operators;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;

/**
 * An operator with two inputs. The task calls each input's methods with that input's items in order,
 * and the watermark and status of each input already combined over its channels; the operator combines
 * the two inputs ({@link CombinedWatermark}). {@link #endInput(int)} is called once per input, after
 * its final watermark.
 */
public interface TwoInputStreamOperator<IN1, IN2, OUT> extends StreamOperator<OUT> {

    /** Counts the record and sets the key context of input 1; called before {@link #processElement1}. */
    void setKeyContextElement1(StreamRecord<IN1> record) throws Exception;

    /** Counts the record and sets the key context of input 2; called before {@link #processElement2}. */
    void setKeyContextElement2(StreamRecord<IN2> record) throws Exception;

    void processElement1(StreamRecord<IN1> record) throws Exception;

    void processElement2(StreamRecord<IN2> record) throws Exception;

    void processWatermark1(Watermark watermark) throws Exception;

    void processWatermark2(Watermark watermark) throws Exception;

    void processWatermarkStatus1(WatermarkStatus status) throws Exception;

    void processWatermarkStatus2(WatermarkStatus status) throws Exception;

    /** Input {@code input} (1 or 2) ended. */
    void endInput(int input) throws Exception;
}
