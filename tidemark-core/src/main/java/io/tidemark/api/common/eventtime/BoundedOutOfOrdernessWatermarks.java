package io.tidemark.api.common.eventtime;

import java.time.Duration;

/**
 * Watermark = the largest timestamp seen − the out-of-orderness bound − 1.
 *
 * <p>The articles write "max − bound"; Flink, and Tidemark, subtract one more millisecond: a
 * watermark {@code W} means "no more records with timestamp ≤ W", and a record exactly {@code bound}
 * behind the maximum must still be on time. Before the first event the watermark is
 * {@link Long#MIN_VALUE}. Emits in {@link #onPeriodicEmit} only.
 */
public class BoundedOutOfOrdernessWatermarks<T> implements CheckpointedWatermarkGenerator<T>, CurrentBound {

    private final long outOfOrdernessMillis;

    /** Largest timestamp seen, kept so that {@code maxTimestamp - bound - 1} never underflows. */
    private long maxTimestamp;

    public BoundedOutOfOrdernessWatermarks(Duration maxOutOfOrderness) {
        if (maxOutOfOrderness == null) {
            throw new NullPointerException("maxOutOfOrderness");
        }
        if (maxOutOfOrderness.isNegative()) {
            throw new IllegalArgumentException("maxOutOfOrderness cannot be negative: " + maxOutOfOrderness);
        }
        this.outOfOrdernessMillis = maxOutOfOrderness.toMillis();
        this.maxTimestamp = Long.MIN_VALUE + outOfOrdernessMillis + 1;
    }

    @Override
    public void onEvent(T event, long eventTimestamp, WatermarkOutput output) {
        maxTimestamp = Math.max(maxTimestamp, eventTimestamp);
    }

    @Override
    public void onPeriodicEmit(WatermarkOutput output) {
        output.emitWatermark(new Watermark(maxTimestamp - outOfOrdernessMillis - 1));
    }

    /** The largest timestamp seen. */
    @Override
    public java.io.Serializable snapshotState() {
        return maxTimestamp;
    }

    @Override
    public void restoreState(java.io.Serializable state) {
        maxTimestamp = (Long) state;
    }

    /** The configured bound in milliseconds. */
    public long getOutOfOrdernessMillis() {
        return outOfOrdernessMillis;
    }

    @Override
    public long currentBoundMillis() {
        return outOfOrdernessMillis;
    }
}
