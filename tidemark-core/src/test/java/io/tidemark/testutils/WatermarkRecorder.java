package io.tidemark.testutils;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.runtime.operators.AbstractStreamOperator;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A pass-through test operator that records, in order, every item it sees: {@code "r:<value>@<ts>"},
 * {@code "w:<ts>"}, {@code "s:IDLE|ACTIVE"}, {@code "end"}.
 */
public final class WatermarkRecorder<T> extends AbstractStreamOperator<T, T> {

    private final List<String> events;

    public WatermarkRecorder(List<String> events) {
        this.events = events;
    }

    /** A list the recorder may write from the job thread. */
    public static List<String> newLog() {
        return Collections.synchronizedList(new ArrayList<>());
    }

    @Override
    public void processElement(StreamRecord<T> record) {
        events.add("r:" + record.getValue() + (record.hasTimestamp() ? "@" + record.getTimestamp() : ""));
        output.collect(record);
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        events.add("w:" + watermark.getTimestamp());
        super.processWatermark(watermark);
    }

    @Override
    public void processWatermarkStatus(WatermarkStatus status) throws Exception {
        events.add("s:" + status);
        super.processWatermarkStatus(status);
    }

    @Override
    public void endInput() throws Exception {
        events.add("end");
        super.endInput();
    }
}
