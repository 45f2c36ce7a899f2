package io.tidemark.api.common.eventtime;

import io.tidemark.time.Clock;
import java.time.Duration;

/**
 * Decorates a generator with idleness detection: when no event arrived for the idle timeout (on the
 * job's clock), the output is marked idle so downstream leaves it out of the watermark minimum. The
 * next event makes it active again.
 *
 * <p>As in Flink: an event only counts ({@code onEvent} never reads the clock); the periodic emission
 * checks idleness. A check that sees new events since the previous one resets the inactivity; the first
 * check that sees none starts measuring it at that check's time; the output is idle at the first check
 * more than {@code idleTimeout} after that start. So with periodic emission every {@code P} ms and a
 * last event at {@code e}, the output goes idle at the first check after about
 * {@code e + P + idleTimeout} (between {@code e + idleTimeout + P} and {@code e + idleTimeout + 3P}).
 * Worked example: {@code P = 200}, timeout 1000, checks at 200, 400, …, events until 150: the check at
 * 200 sees the events, the one at 400 starts the inactivity, the one at 1600 is the first more than 1000
 * after it: idle from 1600. While idle, the wrapped generator's periodic emission is not called and
 * every check marks the output idle again (outputs ignore repeated marks).
 */
public class WatermarksWithIdleness<T> implements CheckpointedWatermarkGenerator<T>, CurrentBound {

    private final WatermarkGenerator<T> watermarks;
    private final IdlenessTimer idlenessTimer;

    public WatermarksWithIdleness(WatermarkGenerator<T> watermarks, Duration idleTimeout, Clock clock) {
        if (idleTimeout == null || idleTimeout.isNegative() || idleTimeout.isZero()) {
            throw new IllegalArgumentException("idle timeout must be greater than zero: " + idleTimeout);
        }
        this.watermarks = watermarks;
        this.idlenessTimer = new IdlenessTimer(clock, idleTimeout);
    }

    @Override
    public void onEvent(T event, long eventTimestamp, WatermarkOutput output) {
        watermarks.onEvent(event, eventTimestamp, output);
        idlenessTimer.activity();
    }

    /** The wrapped generator's bound. */
    @Override
    public long currentBoundMillis() {
        return CurrentBound.of(watermarks);
    }

    @Override
    public void onPeriodicEmit(WatermarkOutput output) {
        if (idlenessTimer.checkIfIdle()) {
            output.markIdle();
        } else {
            watermarks.onPeriodicEmit(output);
        }
    }

    /**
     * The idleness timer (events counted, events at the last check, whether it measures inactivity and
     * since when) and the wrapped generator's progress, if it has any to keep.
     */
    @Override
    public java.io.Serializable snapshotState() {
        java.util.ArrayList<Object> state = new java.util.ArrayList<>(2);
        state.add(idlenessTimer.snapshot());
        state.add(watermarks instanceof CheckpointedWatermarkGenerator<T> c ? c.snapshotState() : null);
        return state;
    }

    @Override
    public void restoreState(java.io.Serializable state) {
        java.util.List<?> s = (java.util.List<?>) state;
        idlenessTimer.restore((long[]) s.get(0));
        if (watermarks instanceof CheckpointedWatermarkGenerator<T> c && s.get(1) != null) {
            c.restoreState((java.io.Serializable) s.get(1));
        }
    }

    /**
     * Counts events, and measures inactivity from the first check that saw none (Flink's idleness
     * timer). The clock is read only by {@link #checkIfIdle}, and only when no event came since the
     * previous check.
     */
    static final class IdlenessTimer {
        private final Clock clock;
        private final long timeoutMillis;
        private long events;
        private long eventsAtLastCheck;
        private boolean measuring;
        private long inactiveSince;

        IdlenessTimer(Clock clock, Duration timeout) {
            this.clock = clock;
            long millis;
            try {
                millis = timeout.toMillis();
            } catch (ArithmeticException e) {
                millis = Long.MAX_VALUE;
            }
            this.timeoutMillis = millis;
        }

        void activity() {
            events++;
        }

        long[] snapshot() {
            return new long[] {events, eventsAtLastCheck, measuring ? 1 : 0, inactiveSince};
        }

        void restore(long[] s) {
            events = s[0];
            eventsAtLastCheck = s[1];
            measuring = s[2] != 0;
            inactiveSince = s[3];
        }

        boolean checkIfIdle() {
            if (events != eventsAtLastCheck) {
                eventsAtLastCheck = events;
                measuring = false;
                return false;
            }
            long now = clock.currentTimeMillis();
            if (!measuring) {
                measuring = true;
                inactiveSince = now;
                return false;
            }
            return now - inactiveSince > timeoutMillis;
        }
    }
}
