package io.tidemark.api.common.eventtime;

import io.tidemark.time.Clock;
import java.time.Duration;

/**
 * Decorates a generator with idleness detection: when no event arrived for the idle timeout (on the
 * job's clock), the output is marked idle so downstream leaves it out of the watermark minimum. The
 * next event makes it active again.
 *
 * <p>Idleness is checked when the periodic emission runs, as in Flink: an output is reported idle on
 * the first periodic emission at least {@code idleTimeout} after its last event, i.e. at most one
 * watermark interval late. While idle, the wrapped generator's periodic emission is not called.
 */
public class WatermarksWithIdleness<T> implements WatermarkGenerator<T> {

    private final WatermarkGenerator<T> watermarks;
    private final IdlenessTimer idlenessTimer;
    private boolean isIdleNow;

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
        isIdleNow = false;
    }

    @Override
    public void onPeriodicEmit(WatermarkOutput output) {
        if (idlenessTimer.checkIfIdle()) {
            if (!isIdleNow) {
                output.markIdle();
                isIdleNow = true;
            }
        } else {
            watermarks.onPeriodicEmit(output);
        }
    }

    /**
     * Tracks the time since the last activity. {@code checkIfIdle} reports idle once the clock has
     * passed the last activity (or, before any activity, the first check) by the timeout.
     */
    static final class IdlenessTimer {
        private final Clock clock;
        private final long timeoutMillis;
        private boolean active = true;
        private boolean started;
        private long lastActivity;

        IdlenessTimer(Clock clock, Duration timeout) {
            this.clock = clock;
            this.timeoutMillis = timeout.toMillis();
        }

        void activity() {
            active = true;
            started = true;
            lastActivity = clock.currentTimeMillis();
        }

        boolean checkIfIdle() {
            long now = clock.currentTimeMillis();
            if (!started) {
                // no event yet: start measuring inactivity from the first check
                started = true;
                lastActivity = now;
                return false;
            }
            if (!active) {
                return true;
            }
            if (now - lastActivity >= timeoutMillis) {
                active = false;
                return true;
            }
            return false;
        }
    }
}
