package io.tidemark.time;

/**
 * A clock that only moves when told to. Used by tests: advancing it lets the engine fire due
 * processing-time timers deterministically. Serializable, so that a source function holding the
 * clock it advances (a replay) can be shipped with it to another engine (the Flink runner).
 */
public class ManualClock implements Clock, java.io.Serializable {

    private static final long serialVersionUID = 1L;

    private volatile long now;

    public ManualClock() {
        this(0L);
    }

    public ManualClock(long startMillis) {
        this.now = startMillis;
    }

    @Override
    public long currentTimeMillis() {
        return now;
    }

    @Override
    public boolean isDriven() {
        return true;
    }

    /** Moves the clock to {@code millis}; a value in the past is ignored (the clock never goes back). */
    public synchronized void advanceTo(long millis) {
        if (millis > now) {
            now = millis;
        }
    }

    /** Moves the clock forward by {@code millis}. */
    public synchronized void advanceBy(long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("cannot move a clock backwards: " + millis);
        }
        now += millis;
    }
}
