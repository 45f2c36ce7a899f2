package io.tidemark.runtime.watermarks;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.metrics.TimestampJump;
import io.tidemark.api.common.metrics.WatermarkGeneration;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * What a watermark strategy says about the watermarks it makes, read through its decorators (timestamp
 * assigner, idleness): its out-of-orderness bound and idle timeout, and whether it makes none at all.
 * Combined with the jumps a subtask keeps into the {@link WatermarkGeneration} its metrics publish.
 */
public final class GenerationFacts {

    private GenerationFacts() {}

    /** The generation of a subtask with {@code strategy}, emitting every {@code intervalMillis}, whose jumps {@code jumps} gives. */
    public static Supplier<WatermarkGeneration> of(WatermarkStrategy<?> strategy, long intervalMillis,
            Supplier<List<TimestampJump>> jumps) {
        Duration bound = maxOutOfOrderness(strategy);
        Duration idle = strategy.getIdleTimeout();
        boolean none = base(strategy) instanceof WatermarkStrategy.NoWatermarksStrategy;
        return () -> new WatermarkGeneration(bound, idle, none, intervalMillis, jumps.get());
    }

    /** The bound of a bounded out-of-orderness (or monotonous, or ingestion-time) strategy; null for any other. */
    public static Duration maxOutOfOrderness(WatermarkStrategy<?> strategy) {
        WatermarkStrategy<?> s = base(strategy);
        if (s instanceof WatermarkStrategy.BoundedOutOfOrdernessStrategy<?> b) {
            return b.getMaxOutOfOrderness();
        }
        if (s instanceof WatermarkStrategy.IngestionTimeStrategy<?>) {
            return Duration.ZERO;
        }
        return null;
    }

    /** The strategy under its decorators. */
    private static WatermarkStrategy<?> base(WatermarkStrategy<?> strategy) {
        WatermarkStrategy<?> s = strategy;
        while (true) {
            if (s instanceof WatermarkStrategy.WatermarkStrategyWithTimestampAssigner<?> a) {
                s = a.getBase();
            } else if (s instanceof WatermarkStrategy.WatermarkStrategyWithIdleness<?> i) {
                s = i.getBase();
            } else {
                return s;
            }
        }
    }
}
