package io.tidemark.runtime.streamrecord;

/** Whether an input currently takes part in the watermark minimum. Travels in-band with the data. */
public enum WatermarkStatus {
    /** The input emits records and watermarks; it holds the minimum back. */
    ACTIVE,
    /** The input has nothing to say for now; downstream leaves it out of the minimum. */
    IDLE
}
