package io.tidemark.api.connector.source.util.ratelimit;

import java.io.Serializable;

/**
 * How fast a source emits, as Flink's: a {@link RateLimiter} per subtask, created knowing the source's
 * parallelism ({@link #perSecond} divides the rate evenly over the subtasks).
 */
@FunctionalInterface
public interface RateLimiterStrategy extends Serializable {

    /** The limiter of one subtask of a source running at {@code parallelism}. */
    RateLimiter createRateLimiter(int parallelism);

    /**
     * At most {@code recordsPerSecond} records per second over all subtasks (each subtask its share),
     * evenly spaced on the wall clock.
     */
    static RateLimiterStrategy perSecond(double recordsPerSecond) {
        if (!(recordsPerSecond > 0)) {
            throw new IllegalArgumentException("the rate must be positive: " + recordsPerSecond);
        }
        return parallelism -> new SpacingRateLimiter(recordsPerSecond / parallelism);
    }

    /**
     * {@code recordsPerCheckpoint} records per checkpoint. Tidemark has no checkpoints yet: a source
     * given this strategy fails when it starts, naming it.
     */
    static RateLimiterStrategy perCheckpoint(int recordsPerCheckpoint) {
        return parallelism -> {
            throw new UnsupportedOperationException("RateLimiterStrategy.perCheckpoint(" + recordsPerCheckpoint
                    + ") needs checkpoints, which Tidemark does not have yet; use perSecond or noOp");
        };
    }

    /** No limit. */
    static RateLimiterStrategy noOp() {
        return parallelism -> () -> {};
    }
}
