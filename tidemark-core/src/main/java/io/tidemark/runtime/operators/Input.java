package io.tidemark.runtime.operators;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;

/** The receiving side of an operator with one input. */
public interface Input<IN> {

    void processElement(StreamRecord<IN> record) throws Exception;

    /** A new watermark from upstream; never lower than the previous one. */
    void processWatermark(Watermark watermark) throws Exception;

    void processWatermarkStatus(WatermarkStatus status) throws Exception;

    /** Upstream ended; called once, after the final watermark. */
    void endInput() throws Exception;
}
