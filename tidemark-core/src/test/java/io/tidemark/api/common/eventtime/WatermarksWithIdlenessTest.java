package io.tidemark.api.common.eventtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Idleness as Flink detects it: events are counted; the clock is read only by the periodic check. */
class WatermarksWithIdlenessTest {

    /** A clock that counts how often it is read. */
    static final class CountingClock implements Clock {
        long now;
        int reads;

        @Override
        public long currentTimeMillis() {
            reads++;
            return now;
        }
    }

    /** Records what the generator tells its output. */
    static final class Log implements WatermarkOutput {
        final List<String> marks = new ArrayList<>();

        @Override
        public void emitWatermark(Watermark watermark) {
            marks.add("w" + watermark.getTimestamp());
        }

        @Override
        public void markIdle() {
            marks.add("idle");
        }

        @Override
        public void markActive() {
            marks.add("active");
        }
    }

    @Test
    void eventsDoNotReadTheClock() {
        CountingClock clock = new CountingClock();
        WatermarksWithIdleness<String> g = new WatermarksWithIdleness<>(new BoundedOutOfOrdernessWatermarks<>(Duration.ZERO),
                Duration.ofSeconds(1), clock);
        Log out = new Log();
        for (int i = 0; i < 1000; i++) {
            g.onEvent("e", i, out);
        }
        assertThat(clock.reads).isZero();
        g.onPeriodicEmit(out); // sees new events: no clock read needed either
        assertThat(clock.reads).isZero();
        g.onPeriodicEmit(out); // no new event: starts measuring the silence
        assertThat(clock.reads).isEqualTo(1);
    }

    /**
     * Checks every 200 ms, timeout 1 s, last event at 150: the check at 200 sees it, the one at 400 starts
     * the silence, 1400 is exactly 1 s after it (not idle), 1600 is more (idle). An event ends it.
     */
    @Test
    void idleAtTheFirstCheckMoreThanTheTimeoutAfterTheFirstSilentCheck() {
        CountingClock clock = new CountingClock();
        WatermarksWithIdleness<String> g = new WatermarksWithIdleness<>(new BoundedOutOfOrdernessWatermarks<>(Duration.ZERO),
                Duration.ofSeconds(1), clock);
        Log out = new Log();
        clock.now = 150;
        g.onEvent("e", 5000, out);
        List<Long> idleAt = new ArrayList<>();
        for (long t = 200; t <= 2000; t += 200) {
            clock.now = t;
            int before = out.marks.size();
            g.onPeriodicEmit(out);
            if (out.marks.subList(before, out.marks.size()).contains("idle")) {
                idleAt.add(t);
            }
        }
        assertThat(idleAt).containsExactly(1600L, 1800L, 2000L);
        assertThat(out.marks.get(0)).isEqualTo("w4999");
        clock.now = 2100;
        g.onEvent("e", 6000, out);
        clock.now = 2200;
        out.marks.clear();
        g.onPeriodicEmit(out);
        assertThat(out.marks).containsExactly("w5999");
    }
}
