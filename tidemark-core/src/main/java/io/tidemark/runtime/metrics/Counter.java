package io.tidemark.runtime.metrics;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A counter written by one thread (its subtask) and readable from any thread while the job runs.
 * Writes are opaque (no fence on x86), reads see a recent value.
 */
public final class Counter {

    private static final VarHandle COUNT;

    static {
        try {
            COUNT = MethodHandles.lookup().findVarHandle(Counter.class, "count", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused")
    private long count;

    public void inc() {
        COUNT.setOpaque(this, (long) COUNT.getOpaque(this) + 1);
    }

    public void inc(long n) {
        COUNT.setOpaque(this, (long) COUNT.getOpaque(this) + n);
    }

    public long get() {
        return (long) COUNT.getOpaque(this);
    }
}
