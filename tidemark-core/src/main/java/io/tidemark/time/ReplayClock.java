package io.tidemark.time;

/**
 * Processing time replayed from the data: a source advances it to each record's arrival time
 * (for instance an {@code arrival} column) before it emits the record.
 *
 * <p>With a replay clock, periodic watermark emission, idleness, processing-time windows and timers
 * are a pure function of the input, so a job gives the same outputs on every run and runs at full
 * speed. Arrival times that go backwards are clamped: processing time never decreases.
 */
public final class ReplayClock extends ManualClock {

    public ReplayClock() {
        super(Long.MIN_VALUE);
    }

    public ReplayClock(long startMillis) {
        super(startMillis);
    }

    /** Whether any arrival time has been seen yet. */
    public boolean started() {
        return currentTimeMillis() != Long.MIN_VALUE;
    }
}
