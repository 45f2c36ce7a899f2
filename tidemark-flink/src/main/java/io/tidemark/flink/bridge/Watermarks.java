package io.tidemark.flink.bridge;

import io.tidemark.api.common.eventtime.TimestampAssigner;
import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkGenerator;
import io.tidemark.api.common.eventtime.WatermarkOutput;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.time.SystemClock;
import org.apache.flink.api.common.eventtime.TimestampAssignerSupplier;
import org.apache.flink.api.common.eventtime.WatermarkGeneratorSupplier;

/**
 * A Tidemark watermark strategy as a Flink one. The idleness decorator becomes Flink's own
 * {@code withIdleness}, the timestamp-assigner decorator Flink's {@code withTimestampAssigner}; any
 * other strategy is wrapped: its generator and assigner run unchanged, with Tidemark's wall clock. A
 * strategy with idle advance (Flink has none) is wrapped whole, its idleness included.
 *
 * <p>Per-event mode ({@code ExecutionConfig.setPerEventWatermarks}, Tidemark's extension): the wrapped
 * generator's {@code onPeriodicEmit} runs right after each {@code onEvent}, as Tidemark does; periodic
 * emission (and idleness) runs at the job's interval, which the runner gives Flink unchanged.
 */
public final class Watermarks implements org.apache.flink.api.common.eventtime.WatermarkStrategy<Object> {

    private static final long serialVersionUID = 1L;

    private final WatermarkStrategy<Object> strategy;
    private final boolean perEvent;

    private Watermarks(WatermarkStrategy<Object> strategy, boolean perEvent) {
        this.strategy = strategy;
        this.perEvent = perEvent;
    }

    /**
     * The Flink strategy for a Tidemark strategy; its watermark alignment becomes Flink's own
     * ({@code withWatermarkAlignment}), which Flink applies to its FLIP-27 sources (the Kafka source).
     */
    public static org.apache.flink.api.common.eventtime.WatermarkStrategy<Object> of(WatermarkStrategy<?> strategy,
            boolean perEvent) {
        org.apache.flink.api.common.eventtime.WatermarkStrategy<Object> flink = translate(strategy, perEvent);
        io.tidemark.api.common.eventtime.WatermarkAlignmentParams a = strategy.getAlignmentParameters();
        return a.isEnabled() ? flink.withWatermarkAlignment(a.getWatermarkGroup(), java.time.Duration.ofMillis(a.getMaxAllowedWatermarkDrift()),
                java.time.Duration.ofMillis(a.getUpdateInterval())) : flink;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static org.apache.flink.api.common.eventtime.WatermarkStrategy<Object> translate(WatermarkStrategy<?> strategy,
            boolean perEvent) {
        if (strategy.getIdleAdvance() != null) {
            // Flink has no idle advance: Tidemark's generators run whole (idleness included, inside the advance)
            return new Watermarks((WatermarkStrategy<Object>) strategy, perEvent);
        }
        if (strategy instanceof WatermarkStrategy.WatermarkStrategyWithAlignment<?> w) {
            return translate(w.getBase(), perEvent); // the alignment is added once, by of
        }
        if (strategy instanceof WatermarkStrategy.WatermarkStrategyWithIdleness) {
            WatermarkStrategy.WatermarkStrategyWithIdleness<Object> w = (WatermarkStrategy.WatermarkStrategyWithIdleness) strategy;
            return translate(w.getBase(), perEvent).withIdleness(w.getIdleTimeout());
        }
        if (strategy instanceof WatermarkStrategy.WatermarkStrategyWithTimestampAssigner) {
            WatermarkStrategy.WatermarkStrategyWithTimestampAssigner<Object> w =
                    (WatermarkStrategy.WatermarkStrategyWithTimestampAssigner) strategy;
            return translate(w.getBase(), perEvent).withTimestampAssigner(new Assigners(w));
        }
        return new Watermarks((WatermarkStrategy<Object>) strategy, perEvent);
    }

    @Override
    public org.apache.flink.api.common.eventtime.TimestampAssigner<Object> createTimestampAssigner(
            TimestampAssignerSupplier.Context context) {
        return new Assigners(strategy).createTimestampAssigner(context);
    }

    @Override
    public org.apache.flink.api.common.eventtime.WatermarkGenerator<Object> createWatermarkGenerator(
            WatermarkGeneratorSupplier.Context context) {
        WatermarkGenerator<Object> g = strategy.createWatermarkGenerator(SystemClock::getInstance);
        if (g instanceof io.tidemark.api.common.eventtime.CurrentBound bound) { // as on the embedded engine: the bound in use
            context.getMetricGroup().gauge("watermarkBound", (org.apache.flink.metrics.Gauge<Long>) bound::currentBoundMillis);
        }
        return new Generator(g, perEvent);
    }

    /** The assigners of a Tidemark strategy (or of its timestamp-assigner decorator). */
    private static final class Assigners implements TimestampAssignerSupplier<Object> {
        private static final long serialVersionUID = 1L;
        private final WatermarkStrategy<Object> strategy;

        Assigners(WatermarkStrategy<Object> strategy) {
            this.strategy = strategy;
        }

        @Override
        public org.apache.flink.api.common.eventtime.TimestampAssigner<Object> createTimestampAssigner(Context context) {
            TimestampAssigner<Object> a = strategy.createTimestampAssigner(SystemClock::getInstance);
            return a::extractTimestamp;
        }
    }

    private static final class Generator implements org.apache.flink.api.common.eventtime.WatermarkGenerator<Object> {
        private final WatermarkGenerator<Object> g;
        private final boolean perEvent;
        private org.apache.flink.api.common.eventtime.WatermarkOutput lastFlinkOutput;
        private WatermarkOutput output;

        Generator(WatermarkGenerator<Object> g, boolean perEvent) {
            this.g = g;
            this.perEvent = perEvent;
        }

        private WatermarkOutput output(org.apache.flink.api.common.eventtime.WatermarkOutput flink) {
            if (flink != lastFlinkOutput) {
                lastFlinkOutput = flink;
                output = new WatermarkOutput() {
                    @Override
                    public void emitWatermark(Watermark watermark) {
                        flink.emitWatermark(new org.apache.flink.api.common.eventtime.Watermark(watermark.getTimestamp()));
                    }

                    @Override
                    public void markIdle() {
                        flink.markIdle();
                    }

                    @Override
                    public void markActive() {
                        flink.markActive();
                    }
                };
            }
            return output;
        }

        @Override
        public void onEvent(Object event, long eventTimestamp, org.apache.flink.api.common.eventtime.WatermarkOutput out) {
            WatermarkOutput o = output(out);
            g.onEvent(event, eventTimestamp, o);
            if (perEvent) {
                g.onPeriodicEmit(o);
            }
        }

        @Override
        public void onPeriodicEmit(org.apache.flink.api.common.eventtime.WatermarkOutput out) {
            g.onPeriodicEmit(output(out));
        }
    }
}
