package io.tidemark.api.common.eventtime;

import io.tidemark.time.Clock;
import java.io.Serializable;
import java.time.Duration;

/**
 * How a stream gets its timestamps and watermarks: a {@link TimestampAssigner} and a
 * {@link WatermarkGenerator}, each created once per place that assigns them (a split or a subtask).
 *
 * <p>Strategies compose by decoration: {@code forBoundedOutOfOrderness(..).withTimestampAssigner(..)
 * .withIdleness(..)} wraps the base strategy twice; the order of the two calls does not matter.
 */
public interface WatermarkStrategy<T> extends TimestampAssignerSupplier<T>, WatermarkGeneratorSupplier<T> {

    @Override
    WatermarkGenerator<T> createWatermarkGenerator(WatermarkGeneratorSupplier.Context context);

    /** By default the timestamp the record already carries is kept. */
    @Override
    default TimestampAssigner<T> createTimestampAssigner(TimestampAssignerSupplier.Context context) {
        return new RecordTimestampAssigner<>();
    }

    /** This strategy with timestamps taken from each element by {@code assigner}. */
    default WatermarkStrategy<T> withTimestampAssigner(SerializableTimestampAssigner<T> assigner) {
        return withTimestampAssigner(TimestampAssignerSupplier.of(assigner));
    }

    /** This strategy with timestamps taken from each element by the assigners {@code supplier} makes. */
    default WatermarkStrategy<T> withTimestampAssigner(TimestampAssignerSupplier<T> supplier) {
        return new WatermarkStrategyWithTimestampAssigner<>(this, supplier);
    }

    /**
     * This strategy with idleness detection: an input with no events for {@code idleTimeout} of
     * processing time is marked idle, and active again with its next event.
     */
    default WatermarkStrategy<T> withIdleness(Duration idleTimeout) {
        if (idleTimeout == null || idleTimeout.isNegative() || idleTimeout.isZero()) {
            throw new IllegalArgumentException("idle timeout must be greater than zero: " + idleTimeout);
        }
        return new WatermarkStrategyWithIdleness<>(this, idleTimeout);
    }

    /** The timeout set by {@link #withIdleness}, or {@code null}. Used by runners and tools. */
    default Duration getIdleTimeout() {
        return null;
    }

    /**
     * This strategy with idle advance (Tidemark's extension, opt-in): an input with no events for
     * {@code advanceAfter} of processing time moves its watermark on with processing time, so the last
     * windows of a quiet stream fire without new data ({@link WatermarksWithIdleAdvance}). With
     * {@link #withIdleness} too, in either order, advancing outranks idleness.
     */
    default WatermarkStrategy<T> withIdleAdvance(Duration advanceAfter) {
        if (advanceAfter == null || advanceAfter.isNegative() || advanceAfter.isZero()) {
            throw new IllegalArgumentException("idle advance must be greater than zero: " + advanceAfter);
        }
        return new WatermarkStrategyWithIdleAdvance<>(this, advanceAfter);
    }

    /** The quiet time set by {@link #withIdleAdvance}, or {@code null}. Used by runners and tools. */
    default Duration getIdleAdvance() {
        return null;
    }

    /**
     * Flink's watermark alignment, updated every second: see
     * {@link #withWatermarkAlignment(String, Duration, Duration)}.
     */
    default WatermarkStrategy<T> withWatermarkAlignment(String watermarkGroup, Duration maxAllowedWatermarkDrift) {
        return withWatermarkAlignment(watermarkGroup, maxAllowedWatermarkDrift, Duration.ofSeconds(1));
    }

    /**
     * Flink's watermark alignment (FLIP-182, FLIP-217): the split sources ({@code env.fromSource}) of one
     * group keep pace. Every {@code updateInterval} each source subtask reports its watermark (an idle or
     * finished subtask reports none that holds anyone back) and learns the group's lowest; a split whose
     * watermark is more than {@code maxAllowedWatermarkDrift} above it is paused (its source stops reading
     * it) until the lowest catches up, and a subtask whose own watermark is that far ahead stops emitting.
     * Only for split sources, as in Flink: ignored by {@code assignTimestampsAndWatermarks}.
     */
    default WatermarkStrategy<T> withWatermarkAlignment(String watermarkGroup, Duration maxAllowedWatermarkDrift,
            Duration updateInterval) {
        java.util.Objects.requireNonNull(watermarkGroup, "watermark group");
        if (maxAllowedWatermarkDrift == null || maxAllowedWatermarkDrift.isNegative()) {
            throw new IllegalArgumentException("the maximal drift must be zero or more: " + maxAllowedWatermarkDrift);
        }
        if (updateInterval == null || updateInterval.isNegative() || updateInterval.isZero()) {
            throw new IllegalArgumentException("the update interval must be greater than zero: " + updateInterval);
        }
        return new WatermarkStrategyWithAlignment<>(this, new WatermarkAlignmentParams(maxAllowedWatermarkDrift.toMillis(),
                watermarkGroup, updateInterval.toMillis()));
    }

    /** The alignment set by {@link #withWatermarkAlignment}, else {@link WatermarkAlignmentParams#WATERMARK_ALIGNMENT_DISABLED}. */
    default WatermarkAlignmentParams getAlignmentParameters() {
        return WatermarkAlignmentParams.WATERMARK_ALIGNMENT_DISABLED;
    }

    // ------------------------------------------------------------------ built-in strategies

    /** Watermark = largest timestamp seen − {@code maxOutOfOrderness} − 1, emitted periodically. */
    static <T> WatermarkStrategy<T> forBoundedOutOfOrderness(Duration maxOutOfOrderness) {
        return new BoundedOutOfOrdernessStrategy<>(maxOutOfOrderness);
    }

    /**
     * Watermark = largest timestamp seen − a bound that follows the observed disorder − 1 (Tidemark's
     * extension): {@code bound}'s quantile of the disorder over a sliding window of event time, times its
     * factor, between its min and max, moved at most its max step per update
     * ({@link AdaptiveOutOfOrdernessWatermarks}). The watermark never goes backwards.
     */
    static <T> WatermarkStrategy<T> forAdaptiveOutOfOrderness(AdaptiveBound bound) {
        return new AdaptiveOutOfOrdernessStrategy<>(bound);
    }

    /** For timestamps that only ascend: bounded out-of-orderness with bound zero. */
    static <T> WatermarkStrategy<T> forMonotonousTimestamps() {
        return new BoundedOutOfOrdernessStrategy<>(Duration.ZERO);
    }

    /** Watermarks from a generator of your own (punctuated, periodic or adaptive). */
    static <T> WatermarkStrategy<T> forGenerator(WatermarkGeneratorSupplier<T> generatorSupplier) {
        return generatorSupplier::createWatermarkGenerator;
    }

    /** No watermarks: event-time windows fire only when a bounded input ends. */
    static <T> WatermarkStrategy<T> noWatermarks() {
        return new NoWatermarksStrategy<>();
    }

    /**
     * Ingestion time: each record's timestamp is the processing time (the job's clock) at which it
     * enters the pipeline; watermarks are monotonous.
     */
    static <T> WatermarkStrategy<T> forIngestionTime() {
        return new IngestionTimeStrategy<>();
    }

    // ------------------------------------------------------------------ decorators

    /** A strategy whose timestamps come from a supplied assigner. */
    final class WatermarkStrategyWithTimestampAssigner<T> implements WatermarkStrategy<T> {
        private static final long serialVersionUID = 1L;
        private final WatermarkStrategy<T> base;
        private final TimestampAssignerSupplier<T> assigner;

        WatermarkStrategyWithTimestampAssigner(WatermarkStrategy<T> base, TimestampAssignerSupplier<T> assigner) {
            this.base = base;
            this.assigner = assigner;
        }

        @Override
        public TimestampAssigner<T> createTimestampAssigner(TimestampAssignerSupplier.Context context) {
            return assigner.createTimestampAssigner(context);
        }

        @Override
        public WatermarkGenerator<T> createWatermarkGenerator(WatermarkGeneratorSupplier.Context context) {
            return base.createWatermarkGenerator(context);
        }

        @Override
        public Duration getIdleTimeout() {
            return base.getIdleTimeout();
        }

        @Override
        public Duration getIdleAdvance() {
            return base.getIdleAdvance();
        }

        @Override
        public WatermarkAlignmentParams getAlignmentParameters() {
            return base.getAlignmentParameters();
        }

        /** The strategy this one decorates. */
        public WatermarkStrategy<T> getBase() {
            return base;
        }
    }

    /** A strategy whose sources keep pace with the others of their alignment group; generators unchanged. */
    final class WatermarkStrategyWithAlignment<T> implements WatermarkStrategy<T> {
        private static final long serialVersionUID = 1L;
        private final WatermarkStrategy<T> base;
        private final WatermarkAlignmentParams alignment;

        WatermarkStrategyWithAlignment(WatermarkStrategy<T> base, WatermarkAlignmentParams alignment) {
            this.base = base;
            this.alignment = alignment;
        }

        @Override
        public TimestampAssigner<T> createTimestampAssigner(TimestampAssignerSupplier.Context context) {
            return base.createTimestampAssigner(context);
        }

        @Override
        public WatermarkGenerator<T> createWatermarkGenerator(WatermarkGeneratorSupplier.Context context) {
            return base.createWatermarkGenerator(context);
        }

        @Override
        public Duration getIdleTimeout() {
            return base.getIdleTimeout();
        }

        @Override
        public Duration getIdleAdvance() {
            return base.getIdleAdvance();
        }

        @Override
        public WatermarkAlignmentParams getAlignmentParameters() {
            return alignment;
        }

        /** The strategy this one decorates. */
        public WatermarkStrategy<T> getBase() {
            return base;
        }
    }

    /** A strategy whose generators are wrapped in {@link WatermarksWithIdleAdvance}. */
    final class WatermarkStrategyWithIdleAdvance<T> implements WatermarkStrategy<T> {
        private static final long serialVersionUID = 1L;
        private final WatermarkStrategy<T> base;
        private final Duration advanceAfter;

        WatermarkStrategyWithIdleAdvance(WatermarkStrategy<T> base, Duration advanceAfter) {
            this.base = base;
            this.advanceAfter = advanceAfter;
        }

        @Override
        public TimestampAssigner<T> createTimestampAssigner(TimestampAssignerSupplier.Context context) {
            return base.createTimestampAssigner(context);
        }

        @Override
        public WatermarkGenerator<T> createWatermarkGenerator(WatermarkGeneratorSupplier.Context context) {
            return new WatermarksWithIdleAdvance<>(base.createWatermarkGenerator(context), advanceAfter, context.getClock());
        }

        @Override
        public Duration getIdleTimeout() {
            return base.getIdleTimeout();
        }

        @Override
        public Duration getIdleAdvance() {
            return advanceAfter;
        }

        @Override
        public WatermarkAlignmentParams getAlignmentParameters() {
            return base.getAlignmentParameters();
        }

        /** The strategy this one decorates. */
        public WatermarkStrategy<T> getBase() {
            return base;
        }
    }

    /** A strategy whose generators are wrapped in {@link WatermarksWithIdleness}. */
    final class WatermarkStrategyWithIdleness<T> implements WatermarkStrategy<T> {
        private static final long serialVersionUID = 1L;
        private final WatermarkStrategy<T> base;
        private final Duration idleTimeout;

        WatermarkStrategyWithIdleness(WatermarkStrategy<T> base, Duration idleTimeout) {
            this.base = base;
            this.idleTimeout = idleTimeout;
        }

        @Override
        public TimestampAssigner<T> createTimestampAssigner(TimestampAssignerSupplier.Context context) {
            return base.createTimestampAssigner(context);
        }

        /** Inside an idle advance, if the base has one: advancing outranks idleness, whichever was declared first. */
        @Override
        public WatermarkGenerator<T> createWatermarkGenerator(WatermarkGeneratorSupplier.Context context) {
            WatermarkGenerator<T> g = base.createWatermarkGenerator(context);
            if (g instanceof WatermarksWithIdleAdvance<T> advance) {
                return advance.around(inner -> new WatermarksWithIdleness<>(inner, idleTimeout, context.getClock()));
            }
            return new WatermarksWithIdleness<>(g, idleTimeout, context.getClock());
        }

        @Override
        public Duration getIdleTimeout() {
            return idleTimeout;
        }

        @Override
        public Duration getIdleAdvance() {
            return base.getIdleAdvance();
        }

        @Override
        public WatermarkAlignmentParams getAlignmentParameters() {
            return base.getAlignmentParameters();
        }

        /** The strategy this one decorates. */
        public WatermarkStrategy<T> getBase() {
            return base;
        }
    }

    /** {@link #forBoundedOutOfOrderness}; keeps its bound readable for runners and tools. */
    final class BoundedOutOfOrdernessStrategy<T> implements WatermarkStrategy<T> {
        private static final long serialVersionUID = 1L;
        private final Duration maxOutOfOrderness;

        BoundedOutOfOrdernessStrategy(Duration maxOutOfOrderness) {
            if (maxOutOfOrderness == null || maxOutOfOrderness.isNegative()) {
                throw new IllegalArgumentException("maxOutOfOrderness must be zero or more: " + maxOutOfOrderness);
            }
            this.maxOutOfOrderness = maxOutOfOrderness;
        }

        @Override
        public WatermarkGenerator<T> createWatermarkGenerator(WatermarkGeneratorSupplier.Context context) {
            return new BoundedOutOfOrdernessWatermarks<>(maxOutOfOrderness);
        }

        public Duration getMaxOutOfOrderness() {
            return maxOutOfOrderness;
        }
    }

    /** {@link #forAdaptiveOutOfOrderness}; keeps its settings readable for runners and tools. */
    final class AdaptiveOutOfOrdernessStrategy<T> implements WatermarkStrategy<T> {
        private static final long serialVersionUID = 1L;
        private final AdaptiveBound bound;

        AdaptiveOutOfOrdernessStrategy(AdaptiveBound bound) {
            this.bound = java.util.Objects.requireNonNull(bound, "adaptive bound");
        }

        @Override
        public WatermarkGenerator<T> createWatermarkGenerator(WatermarkGeneratorSupplier.Context context) {
            return new AdaptiveOutOfOrdernessWatermarks<>(bound);
        }

        public AdaptiveBound getBound() {
            return bound;
        }
    }

    /** {@link #noWatermarks}; a class of its own so that tools can tell a job that has no watermarks. */
    final class NoWatermarksStrategy<T> implements WatermarkStrategy<T> {
        private static final long serialVersionUID = 1L;

        @Override
        public WatermarkGenerator<T> createWatermarkGenerator(WatermarkGeneratorSupplier.Context context) {
            return new NoWatermarksGenerator<>();
        }
    }

    /** {@link #forIngestionTime}. */
    final class IngestionTimeStrategy<T> implements WatermarkStrategy<T> {
        private static final long serialVersionUID = 1L;

        @Override
        public TimestampAssigner<T> createTimestampAssigner(TimestampAssignerSupplier.Context context) {
            Clock clock = context.getClock();
            return new IngestionTimeAssigner<>(clock);
        }

        @Override
        public WatermarkGenerator<T> createWatermarkGenerator(WatermarkGeneratorSupplier.Context context) {
            return new AscendingTimestampsWatermarks<>();
        }

        /** Ingestion time ignores any later timestamp assigner: the clock is the timestamp. */
        @Override
        public WatermarkStrategy<T> withTimestampAssigner(TimestampAssignerSupplier<T> supplier) {
            throw new UnsupportedOperationException("ingestion time takes its timestamps from the clock");
        }
    }
}
