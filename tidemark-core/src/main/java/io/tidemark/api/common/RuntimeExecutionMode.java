package io.tidemark.api.common;

/**
 * How a job runs its inputs (Flink's {@code RuntimeExecutionMode}; {@code execution.runtime-mode}).
 * Every rule of BATCH: docs/semantics.md.
 */
public enum RuntimeExecutionMode {
    /** Records are processed as they come, watermarks advance with the input: the default. */
    STREAMING,
    /**
     * Bounded inputs only, processed as a whole: no watermark until the input ended, then every
     * event-time window fires once with its final result, and no record is late.
     */
    BATCH,
    /** BATCH when every source is bounded, else STREAMING. */
    AUTOMATIC
}
