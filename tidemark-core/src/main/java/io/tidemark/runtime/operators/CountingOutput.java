package io.tidemark.runtime.operators;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.runtime.metrics.Counter;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import io.tidemark.util.OutputTag;

/** Counts the main-output records an operator emits ({@code numRecordsOut}). */
final class CountingOutput<T> implements Output<T> {

    private final Output<T> out;
    private final Counter counter;

    CountingOutput(Output<T> out, Counter counter) {
        this.out = out;
        this.counter = counter;
    }

    @Override
    public void collect(StreamRecord<T> record) {
        counter.inc();
        out.collect(record);
    }

    @Override
    public <X> void collect(OutputTag<X> tag, StreamRecord<X> record) {
        out.collect(tag, record);
    }

    @Override
    public void emitWatermark(Watermark watermark) {
        out.emitWatermark(watermark);
    }

    @Override
    public void emitWatermarkStatus(WatermarkStatus status) {
        out.emitWatermarkStatus(status);
    }

    @Override
    public void endInput() throws Exception {
        out.endInput();
    }
}
