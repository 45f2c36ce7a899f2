package io.tidemark.runtime.operators;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import io.tidemark.util.OutputTag;

/**
 * Where an operator sends what it produces. Records, side-output records and the control items
 * (watermarks, watermark status, end of input) all travel through the same object, in order.
 */
public interface Output<T> {

    void collect(StreamRecord<T> record);

    /** Sends a record to the side output named by {@code tag}; dropped when nobody consumes it. */
    <X> void collect(OutputTag<X> tag, StreamRecord<X> record);

    void emitWatermark(Watermark watermark);

    void emitWatermarkStatus(WatermarkStatus status);

    /** No more records will follow. Sent once, after the final watermark. */
    void endInput() throws Exception;
}
