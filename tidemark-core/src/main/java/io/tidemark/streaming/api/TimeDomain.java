package io.tidemark.streaming.api;

/** The time a timer is set in. */
public enum TimeDomain {
    /** Fires when the watermark reaches the timer. */
    EVENT_TIME,
    /** Fires when the processing-time clock reaches the timer. */
    PROCESSING_TIME
}
