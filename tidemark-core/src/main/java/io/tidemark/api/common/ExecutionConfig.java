package io.tidemark.api.common;

import java.io.Serializable;
import java.time.Duration;

/** Job-wide settings. */
public class ExecutionConfig implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Flink's default periodic watermark interval. */
    public static final long DEFAULT_AUTO_WATERMARK_INTERVAL = 200L;

    private long autoWatermarkInterval = DEFAULT_AUTO_WATERMARK_INTERVAL;

    /**
     * How often (milliseconds of processing time) watermark generators' {@code onPeriodicEmit} runs.
     * Default 200 ms, as in Flink. <b>0 means "after every event"</b>: Tidemark then calls
     * {@code onPeriodicEmit} right after each {@code onEvent}, which makes watermarks a function of the
     * input alone (Flink instead switches periodic emission off at 0). Idleness is still checked every
     * 200 ms of processing time in that mode.
     */
    public ExecutionConfig setAutoWatermarkInterval(long intervalMillis) {
        if (intervalMillis < 0) {
            throw new IllegalArgumentException("the watermark interval cannot be negative: " + intervalMillis);
        }
        this.autoWatermarkInterval = intervalMillis;
        return this;
    }

    /** Same as {@link #setAutoWatermarkInterval(long)}. */
    public ExecutionConfig setAutoWatermarkInterval(Duration interval) {
        return setAutoWatermarkInterval(interval.toMillis());
    }

    public long getAutoWatermarkInterval() {
        return autoWatermarkInterval;
    }

    /** Whether watermarks are emitted after every event (interval 0). */
    public boolean isPerEventWatermarks() {
        return autoWatermarkInterval == 0;
    }

    /**
     * How often (ms of processing time) the engine runs generators' periodic emission and with it the
     * idleness checks: the watermark interval, or {@value #DEFAULT_AUTO_WATERMARK_INTERVAL} ms when
     * watermarks are emitted per event.
     */
    public long getPeriodicEmitInterval() {
        return isPerEventWatermarks() ? DEFAULT_AUTO_WATERMARK_INTERVAL : autoWatermarkInterval;
    }
}
