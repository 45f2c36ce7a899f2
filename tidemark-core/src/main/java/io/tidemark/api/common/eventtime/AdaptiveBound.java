package io.tidemark.api.common.eventtime;

import java.io.Serializable;
import java.time.Duration;
import java.util.Locale;

/**
 * How an adaptive out-of-orderness bound follows the disorder it observes
 * ({@link WatermarkStrategy#forAdaptiveOutOfOrderness}): the bound is {@code factor ×} the
 * {@code quantile} of the disorder over the last {@code window} of event time, kept between {@code min}
 * and {@code max}, and moved by at most {@code maxStep} per update. Seeds/003 §4: "P99 × 1.2–1.5".
 *
 * <pre>{@code
 * AdaptiveBound.quantile(0.99).factor(1.3).over(Duration.ofMinutes(10))
 *         .between(Duration.ofSeconds(1), Duration.ofMinutes(2))
 * }</pre>
 *
 * Defaults: factor 1, window 10 min, between 0 and 10 min, max step a tenth of {@code max − min}.
 * Immutable; every method returns a new bound.
 */
public final class AdaptiveBound implements Serializable {

    private static final long serialVersionUID = 1L;

    private final double quantile;
    private final double factor;
    private final long windowMillis;
    private final long minMillis;
    private final long maxMillis;
    /** At most this change per update; -1: a tenth of {@code max − min}. */
    private final long maxStepMillis;

    private AdaptiveBound(double quantile, double factor, long windowMillis, long minMillis, long maxMillis, long maxStepMillis) {
        if (!(quantile > 0 && quantile <= 1)) {
            throw new IllegalArgumentException("the quantile must be in (0, 1]: " + quantile);
        }
        if (!(factor > 0) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("the factor must be above 0: " + factor);
        }
        if (windowMillis < 10) {
            throw new IllegalArgumentException("the window must be at least 10 ms: " + windowMillis + " ms");
        }
        if (minMillis < 0 || maxMillis < minMillis) {
            throw new IllegalArgumentException("the bound must lie between a min of 0 or more and a max not below it: "
                    + minMillis + " ms, " + maxMillis + " ms");
        }
        if (maxStepMillis < -1 || maxStepMillis == 0) {
            throw new IllegalArgumentException("the max step must be above 0: " + maxStepMillis + " ms");
        }
        this.quantile = quantile;
        this.factor = factor;
        this.windowMillis = windowMillis;
        this.minMillis = minMillis;
        this.maxMillis = maxMillis;
        this.maxStepMillis = maxStepMillis;
    }

    /** A bound following the {@code q} quantile of the disorder (e.g. 0.99). */
    public static AdaptiveBound quantile(double q) {
        return new AdaptiveBound(q, 1, 600_000, 0, 600_000, -1);
    }

    /** The bound is this multiple of the quantile (seeds/003: 1.2 to 1.5 over the P99). */
    public AdaptiveBound factor(double f) {
        return new AdaptiveBound(quantile, f, windowMillis, minMillis, maxMillis, maxStepMillis);
    }

    /** The disorder of the last {@code window} of event time counts (updated every tenth of it). */
    public AdaptiveBound over(Duration window) {
        return new AdaptiveBound(quantile, factor, window.toMillis(), minMillis, maxMillis, maxStepMillis);
    }

    /** The bound stays within {@code [min, max]}. */
    public AdaptiveBound between(Duration min, Duration max) {
        return new AdaptiveBound(quantile, factor, windowMillis, min.toMillis(), max.toMillis(), maxStepMillis);
    }

    /** The bound changes by at most {@code step} per update (every tenth of the window). */
    public AdaptiveBound maxStep(Duration step) {
        return new AdaptiveBound(quantile, factor, windowMillis, minMillis, maxMillis, step.toMillis());
    }

    public double getQuantile() {
        return quantile;
    }

    public double getFactor() {
        return factor;
    }

    public long getWindowMillis() {
        return windowMillis;
    }

    public long getMinMillis() {
        return minMillis;
    }

    public long getMaxMillis() {
        return maxMillis;
    }

    /** The largest change per update in milliseconds (at least 1). */
    public long getMaxStepMillis() {
        return maxStepMillis > 0 ? maxStepMillis : Math.max(1, (maxMillis - minMillis) / 10);
    }

    /** The event time between two updates: a tenth of the window. */
    public long getUpdateMillis() {
        return Math.max(1, windowMillis / AdaptiveOutOfOrdernessWatermarks.SLOTS);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "P%s × %s over %d ms, between %d and %d ms, at most %d ms per update",
                quantile * 100, factor, windowMillis, minMillis, maxMillis, getMaxStepMillis());
    }
}
