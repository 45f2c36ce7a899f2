package io.tidemark.api.connector.source.util.ratelimit;

import java.util.function.LongSupplier;

/**
 * Lets one record through every {@code 1 / rate} seconds: the {@code n}-th {@link #acquire} returns no
 * earlier than {@code (n - 1) / rate} seconds after the first; a caller that falls behind is not allowed
 * to catch up in a burst beyond one record. Time and sleeping are injected (the wall clock by default),
 * so the spacing is tested without waiting.
 */
public final class SpacingRateLimiter implements RateLimiter {

    /** Sleeps for a number of nanoseconds. */
    @FunctionalInterface
    public interface Sleeper {
        void sleepNanos(long nanos) throws InterruptedException;
    }

    private final long intervalNanos;
    private final LongSupplier nanoTime;
    private final Sleeper sleeper;
    private long next = Long.MIN_VALUE;

    public SpacingRateLimiter(double recordsPerSecond) {
        this(recordsPerSecond, System::nanoTime, nanos -> Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000)));
    }

    public SpacingRateLimiter(double recordsPerSecond, LongSupplier nanoTime, Sleeper sleeper) {
        if (!(recordsPerSecond > 0)) {
            throw new IllegalArgumentException("the rate must be positive: " + recordsPerSecond);
        }
        this.intervalNanos = Math.max(1, Math.round(1_000_000_000d / recordsPerSecond));
        this.nanoTime = nanoTime;
        this.sleeper = sleeper;
    }

    @Override
    public void acquire() throws InterruptedException {
        long now = nanoTime.getAsLong();
        if (next == Long.MIN_VALUE || now - next > 0) {
            next = now; // the first record, or the caller fell behind: no burst to catch up
        } else if (next - now > 0) {
            sleeper.sleepNanos(next - now);
        }
        next += intervalNanos;
    }
}
