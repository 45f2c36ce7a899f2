package io.tidemark.time;

/** Wall-clock processing time ({@link System#currentTimeMillis()}), clamped so it never decreases. */
public final class SystemClock implements Clock {

    private static final SystemClock INSTANCE = new SystemClock();

    private volatile long last = Long.MIN_VALUE;

    private SystemClock() {}

    public static SystemClock getInstance() {
        return INSTANCE;
    }

    @Override
    public long currentTimeMillis() {
        long now = System.currentTimeMillis();
        long prev = last;
        if (now <= prev) {
            return prev;
        }
        last = now; // written at most once per millisecond
        return now;
    }
}
