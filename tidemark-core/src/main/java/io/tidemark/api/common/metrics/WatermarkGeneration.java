package io.tidemark.api.common.metrics;

import java.time.Duration;
import java.util.List;

/**
 * How a subtask generates watermarks — a source with a watermark strategy, or
 * {@code assignTimestampsAndWatermarks} — for tools that explain a watermark.
 *
 * @param maxOutOfOrderness the strategy's bound ({@code forBoundedOutOfOrderness}; zero for monotonous
 *     timestamps), or null when the strategy is one whose bound is not known (a custom generator)
 * @param idleTimeout the strategy's {@code withIdleness} timeout, or null when it has none
 * @param noWatermarks whether the strategy emits no watermarks at all ({@code noWatermarks()})
 * @param intervalMillis the periodic emission interval ({@code autoWatermarkInterval}), 0 when off
 * @param largestJumps the largest forward moves of each input's largest timestamp, largest first
 */
public record WatermarkGeneration(Duration maxOutOfOrderness, Duration idleTimeout, boolean noWatermarks,
        long intervalMillis, List<TimestampJump> largestJumps) {

    public WatermarkGeneration {
        largestJumps = List.copyOf(largestJumps);
    }
}
