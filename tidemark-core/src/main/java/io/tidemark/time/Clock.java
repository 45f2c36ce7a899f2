package io.tidemark.time;

/**
 * The single source of processing time for a job.
 *
 * <p>Every read of processing time in Tidemark goes through a {@code Clock}: periodic watermark
 * emission, idleness detection, processing-time windows and timers, ingestion timestamps and the
 * watermark-lag metric. Production jobs use {@link SystemClock}; tests and deterministic replay use
 * {@link ManualClock} or {@link ReplayClock}, so nothing ever sleeps on wall time.
 */
public interface Clock {

    /** Current processing time in epoch milliseconds. Never decreases. */
    long currentTimeMillis();

    /**
     * Whether this clock is driven by the data (replay) or by a test, rather than by wall time.
     * A driven clock never advances while the engine waits, so the engine does not wait for timers on
     * it: a source task fires the timers that are due each time its source emits something (a record,
     * a watermark, an idle mark) and at the end of its input; a task behind an exchange fires them
     * each time a batch of input arrives. Moving the clock alone fires nothing.
     */
    default boolean isDriven() {
        return false;
    }
}
