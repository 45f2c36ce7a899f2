package io.tidemark.examples;

import io.tidemark.streaming.api.windowing.Firing;
import java.time.Instant;

/**
 * One firing of one user's 5-minute window in {@link OrderStatsJob}: the {@link OrderStat} the seed's
 * {@code aggregate(new OrderAggregate())} emits, plus the key, the window and the firing (on time or
 * a late re-firing), which the seed's output lacks. Immutable: a copy of the accumulator's values.
 */
public record OrderWindowResult(String userId, long windowStart, long windowEnd, long count, double totalAmount,
        Firing.Timing timing, int firingIndex) {

    @Override
    public String toString() {
        return String.format("window  user=%-5s [%s, %s) count=%d total=%8.2f %s#%d", userId,
                Instant.ofEpochMilli(windowStart), Instant.ofEpochMilli(windowEnd), count, totalAmount, timing, firingIndex);
    }
}
