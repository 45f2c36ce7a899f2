package io.tidemark.api.common;

/** The life cycle of a job. */
public enum JobStatus {
    /** Tasks are being set up. */
    CREATED,
    /** Records are flowing (or the job waits for input). */
    RUNNING,
    /** Every input ended and every result was emitted. */
    FINISHED,
    /** A task failed; all tasks were stopped. */
    FAILED,
    /** The job was cancelled; all tasks were stopped. */
    CANCELED
}
