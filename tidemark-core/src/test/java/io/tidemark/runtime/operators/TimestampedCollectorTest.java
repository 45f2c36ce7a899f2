package io.tidemark.runtime.operators;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import io.tidemark.util.OutputTag;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The collector hands on one re-used record: every value must still arrive with the timestamp that
 * was set (or erased) when it was collected, not with the previous value's.
 */
class TimestampedCollectorTest {

    /** What the next operator saw, read at the moment of each call (as a chained operator reads it). */
    private static final class Seen implements Output<String> {
        final List<String> seen = new ArrayList<>();

        @Override
        public void collect(StreamRecord<String> record) {
            seen.add(record.getValue() + (record.hasTimestamp() ? "@" + record.getTimestamp() : "@none"));
        }

        @Override
        public <X> void collect(OutputTag<X> tag, StreamRecord<X> record) {}

        @Override
        public void emitWatermark(Watermark watermark) {}

        @Override
        public void emitWatermarkStatus(WatermarkStatus status) {}

        @Override
        public void endInput() {}
    }

    @Test
    void eachValueCarriesTheTimestampSetWhenItWasCollected() {
        Seen out = new Seen();
        TimestampedCollector<String> collector = new TimestampedCollector<>(out);

        collector.collect("a");
        collector.setTimestamp(999);
        collector.collect("b");
        collector.collect("c");
        collector.setTimestamp(1999);
        collector.collect("d");
        collector.eraseTimestamp();
        collector.collect("e");
        collector.setTimestamp(new StreamRecord<>("from", 7L));
        collector.collect("f");
        collector.setTimestamp(new StreamRecord<>("no timestamp"));
        collector.collect("g");

        assertThat(out.seen).containsExactly("a@none", "b@999", "c@999", "d@1999", "e@none", "f@7", "g@none");
    }
}
