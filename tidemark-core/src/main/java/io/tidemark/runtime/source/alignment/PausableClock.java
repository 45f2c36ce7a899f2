package io.tidemark.runtime.source.alignment;

import io.tidemark.time.Clock;

/**
 * A split's clock for its watermark generator under watermark alignment: the job's clock with the time
 * the split spent paused left out (Flink's {@code PausableRelativeClock}), so that a split paused for
 * alignment does not count as idle, nor as quiet, for the pause. Never decreases. Used under the source's
 * lock.
 */
public final class PausableClock implements Clock {

    private final Clock clock;
    /** Time spent paused before the current pause. */
    private long pausedTotal;
    /** When the current pause began, or {@code Long.MIN_VALUE} when running. */
    private long pausedAt = Long.MIN_VALUE;

    public PausableClock(Clock clock) {
        this.clock = clock;
    }

    @Override
    public long currentTimeMillis() {
        long now = clock.currentTimeMillis();
        return now - pausedTotal - (pausedAt == Long.MIN_VALUE ? 0 : now - pausedAt);
    }

    @Override
    public boolean isDriven() {
        return clock.isDriven();
    }

    public void pause() {
        if (pausedAt == Long.MIN_VALUE) {
            pausedAt = clock.currentTimeMillis();
        }
    }

    public void resume() {
        if (pausedAt != Long.MIN_VALUE) {
            pausedTotal += clock.currentTimeMillis() - pausedAt;
            pausedAt = Long.MIN_VALUE;
        }
    }

    public boolean isPaused() {
        return pausedAt != Long.MIN_VALUE;
    }
}
