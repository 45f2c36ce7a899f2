package io.tidemark.api.common.eventtime;

import io.tidemark.time.Clock;

/**
 * Ingestion time: the timestamp is the processing time at which the record is assigned its timestamp
 * (right after the source), read from the job's clock. It never decreases, so it pairs with
 * monotonous watermarks.
 */
public final class IngestionTimeAssigner<T> implements TimestampAssigner<T> {

    private final Clock clock;
    private long maxTimestamp = Long.MIN_VALUE;

    public IngestionTimeAssigner(Clock clock) {
        this.clock = clock;
    }

    @Override
    public long extractTimestamp(T element, long recordTimestamp) {
        maxTimestamp = Math.max(maxTimestamp, clock.currentTimeMillis());
        return maxTimestamp;
    }
}
