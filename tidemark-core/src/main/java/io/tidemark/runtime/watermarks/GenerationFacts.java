package io.tidemark.runtime.watermarks;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.metrics.TimestampJump;
import io.tidemark.api.common.metrics.WatermarkGeneration;
import java.time.Duration;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * What a watermark strategy says about the watermarks it makes, read through its decorators (timestamp
 * assigner, idleness, idle advance, alignment): its out-of-orderness bound (an adaptive one as it is
 * now) and idle timeout, and whether it makes none at all.
 * Combined with the jumps a subtask keeps into the {@link WatermarkGeneration} its metrics publish.
 */
public final class GenerationFacts {

    private GenerationFacts() {}

    /**
     * The generation of a subtask with {@code strategy}, emitting every {@code intervalMillis}, whose jumps
     * {@code jumps} gives; an adaptive bound is the one in use now, as {@code currentBound} gives it (-1:
     * none yet).
     */
    public static Supplier<WatermarkGeneration> of(WatermarkStrategy<?> strategy, long intervalMillis,
            Supplier<List<TimestampJump>> jumps, LongSupplier currentBound) {
        Duration bound = maxOutOfOrderness(strategy);
        boolean adaptive = base(strategy) instanceof WatermarkStrategy.AdaptiveOutOfOrdernessStrategy<?>;
        Duration idle = strategy.getIdleTimeout();
        boolean none = base(strategy) instanceof WatermarkStrategy.NoWatermarksStrategy;
        return () -> {
            long now = adaptive ? currentBound.getAsLong() : -1;
            return new WatermarkGeneration(now >= 0 ? Duration.ofMillis(now) : bound, idle, none, intervalMillis, jumps.get());
        };
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
            } else if (s instanceof WatermarkStrategy.WatermarkStrategyWithIdleAdvance<?> a) {
                s = a.getBase();
            } else if (s instanceof WatermarkStrategy.WatermarkStrategyWithAlignment<?> a) {
                s = a.getBase();
            } else {
                return s;
            }
        }
    }
}
