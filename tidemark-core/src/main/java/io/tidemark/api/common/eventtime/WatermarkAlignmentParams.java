package io.tidemark.api.common.eventtime;

import java.io.Serializable;
import java.time.Duration;
import java.util.Objects;

/**
 * Flink's watermark alignment settings ({@link WatermarkStrategy#withWatermarkAlignment}): the group
 * whose sources keep pace with each other, how far a source's (or split's) watermark may run ahead of
 * the group's lowest, and how often the group's lowest is brought up to date.
 */
public final class WatermarkAlignmentParams implements Serializable {

    private static final long serialVersionUID = 1L;

    /** No alignment. */
    public static final WatermarkAlignmentParams WATERMARK_ALIGNMENT_DISABLED = new WatermarkAlignmentParams(Long.MAX_VALUE, "", 0);

    private final long maxAllowedWatermarkDrift;
    private final String watermarkGroup;
    private final long updateInterval;

    public WatermarkAlignmentParams(long maxAllowedWatermarkDrift, String watermarkGroup, long updateInterval) {
        this.maxAllowedWatermarkDrift = maxAllowedWatermarkDrift;
        this.watermarkGroup = Objects.requireNonNull(watermarkGroup, "watermark group");
        this.updateInterval = updateInterval;
    }

    public boolean isEnabled() {
        return maxAllowedWatermarkDrift < Long.MAX_VALUE;
    }

    /** Milliseconds a watermark may be ahead of the group's lowest. */
    public long getMaxAllowedWatermarkDrift() {
        return maxAllowedWatermarkDrift;
    }

    public String getWatermarkGroup() {
        return watermarkGroup;
    }

    /** Milliseconds between two updates of the group's lowest watermark. */
    public long getUpdateInterval() {
        return updateInterval;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WatermarkAlignmentParams p && p.maxAllowedWatermarkDrift == maxAllowedWatermarkDrift
                && p.updateInterval == updateInterval && p.watermarkGroup.equals(watermarkGroup);
    }

    @Override
    public int hashCode() {
        return Objects.hash(maxAllowedWatermarkDrift, watermarkGroup, updateInterval);
    }

    @Override
    public String toString() {
        return isEnabled() ? "alignment group '" + watermarkGroup + "', drift " + maxAllowedWatermarkDrift + " ms, update every "
                + updateInterval + " ms" : "no alignment";
    }
}
