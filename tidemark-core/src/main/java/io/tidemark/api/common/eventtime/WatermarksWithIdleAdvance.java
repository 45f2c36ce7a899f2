package io.tidemark.api.common.eventtime;

import io.tidemark.time.Clock;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Decorates a generator so that a quiet input still moves event time on (Tidemark's extension; Flink has
 * no equivalent): once no event arrived for {@code advanceAfter} of processing time, each periodic
 * emission emits the wrapped generator's last watermark plus the processing time since the last event.
 * So the watermark goes on as if event time kept pace with processing time (for a bounded generator:
 * the largest timestamp + the quiet time − the bound − 1), and the last windows of a quiet stream fire
 * without new data. Records that come later are late or on time by the usual rules; the next event ends
 * the advance (the wrapped generator's watermarks, lower, are dropped by the output until they pass it).
 *
 * <p>Rules. The clock is read once per event ({@code onEvent}: the last event's processing time) and at
 * each periodic emission. Nothing advances before the wrapped generator emitted a watermark. Advancing
 * outranks idleness: while it advances, an idle mark of the wrapped generator (a
 * {@link WatermarksWithIdleness} inside) is not passed on — an input whose watermark moves is active.
 * Worked example: bound 5 s, advance after 60 s, checks every 200 ms; one event at 100 000 (event time)
 * arriving at 1 000 (processing time): watermark 94 999 from the check at 1 200; the check at 61 000
 * (60 s quiet) emits 94 999 + 60 000 = 154 999, the one at 61 200 155 199, and so on. On a replayed
 * clock the processing time is the recorded arrival time, so the advance is a function of the input:
 * the first check after a gap of {@code advanceAfter} or more in the recording — a replay fires the due
 * check before the record that ends the gap — advances by the whole gap.
 */
public class WatermarksWithIdleAdvance<T> implements CheckpointedWatermarkGenerator<T>, CurrentBound {

    private final WatermarkGenerator<T> watermarks;
    private final long advanceAfterMillis;
    private final Clock clock;
    /** Processing time of the latest event, or {@code Long.MIN_VALUE} before the first. */
    private long lastEvent = Long.MIN_VALUE;
    /** The highest watermark the wrapped generator emitted, or {@code Long.MIN_VALUE}. */
    private long highest = Long.MIN_VALUE;
    /** Whether the last periodic emission advanced (and the input is therefore active, not idle). */
    private boolean advancing;
    private final Intercept intercept = new Intercept();

    public WatermarksWithIdleAdvance(WatermarkGenerator<T> watermarks, Duration advanceAfter, Clock clock) {
        if (advanceAfter == null || advanceAfter.isNegative() || advanceAfter.isZero()) {
            throw new IllegalArgumentException("idle advance must be greater than zero: " + advanceAfter);
        }
        this.watermarks = watermarks;
        this.advanceAfterMillis = advanceAfter.toMillis();
        this.clock = clock;
    }

    /** A fresh advance of the same quiet time around {@code wrap} of this one's generator (idleness goes inside). */
    public WatermarksWithIdleAdvance<T> around(java.util.function.UnaryOperator<WatermarkGenerator<T>> wrap) {
        return new WatermarksWithIdleAdvance<>(wrap.apply(watermarks), Duration.ofMillis(advanceAfterMillis), clock);
    }

    @Override
    public void onEvent(T event, long eventTimestamp, WatermarkOutput output) {
        lastEvent = clock.currentTimeMillis();
        advancing = false;
        watermarks.onEvent(event, eventTimestamp, intercept.to(output));
    }

    /** The wrapped generator's bound. */
    @Override
    public long currentBoundMillis() {
        return CurrentBound.of(watermarks);
    }

    @Override
    public void onPeriodicEmit(WatermarkOutput output) {
        long quiet = lastEvent == Long.MIN_VALUE ? -1 : clock.currentTimeMillis() - lastEvent;
        // decided before the wrapped generator runs, so that its idle mark is held back in this very check
        advancing = highest != Long.MIN_VALUE && quiet >= advanceAfterMillis;
        watermarks.onPeriodicEmit(intercept.to(output));
        if (advancing) {
            long w = highest + quiet;
            output.emitWatermark(new Watermark(w < highest ? Long.MAX_VALUE - 1 : w)); // saturates below the end of time
        }
    }

    /** The last event's processing time, the wrapped generator's highest watermark, whether it advances, and the wrapped generator's progress. */
    @Override
    public Serializable snapshotState() {
        List<Object> state = new ArrayList<>(2);
        state.add(new long[] {lastEvent, highest, advancing ? 1 : 0});
        state.add(watermarks instanceof CheckpointedWatermarkGenerator<T> c ? c.snapshotState() : null);
        return (Serializable) state;
    }

    @Override
    public void restoreState(Serializable state) {
        List<?> s = (List<?>) state;
        long[] own = (long[]) s.get(0);
        lastEvent = own[0];
        highest = own[1];
        advancing = own[2] != 0;
        if (watermarks instanceof CheckpointedWatermarkGenerator<T> c && s.get(1) != null) {
            c.restoreState((Serializable) s.get(1));
        }
    }

    /** Where the wrapped generator emits: its watermarks are noted, its idle marks held back while advancing. */
    private final class Intercept implements WatermarkOutput {
        private WatermarkOutput out;

        WatermarkOutput to(WatermarkOutput output) {
            out = output;
            return this;
        }

        @Override
        public void emitWatermark(Watermark watermark) {
            highest = Math.max(highest, watermark.getTimestamp());
            out.emitWatermark(watermark);
        }

        @Override
        public void markIdle() {
            if (!advancing) {
                out.markIdle();
            }
        }

        @Override
        public void markActive() {
            out.markActive();
        }
    }
}
