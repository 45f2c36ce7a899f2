package io.tidemark.runtime.watermarks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The watermark and idle/active status of one stream: a split of a source, an input channel of a
 * subtask, or what a source or an operator emits. The one place where either is kept; everything that
 * combines streams (a split source's splits, a subtask's input channels) combines these.
 *
 * <p>The watermark only moves forward ({@link #advance}); the status changes only when it is different
 * ({@link #markIdle}, {@link #markActive}), and each call says whether it changed something, so the
 * caller can forward exactly the changes. Written by one thread (the subtask's); other threads (metrics,
 * diagnostics) read a recent value through {@link #readWatermark} and {@link #readIdle} (release stores,
 * acquire loads: no fence on x86, no torn value anywhere). Two values: what a checkpoint of a stream's
 * progress has to keep.
 */
public final class WatermarkState {

    private static final VarHandle WATERMARK;
    private static final VarHandle IDLE;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            WATERMARK = l.findVarHandle(WatermarkState.class, "watermark", long.class);
            IDLE = l.findVarHandle(WatermarkState.class, "idle", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private long watermark = Long.MIN_VALUE;
    private boolean idle;

    /** The watermark (the writing thread's view). */
    public long watermark() {
        return watermark;
    }

    /** Whether the stream is idle (the writing thread's view). */
    public boolean isIdle() {
        return idle;
    }

    /** The watermark, from any thread. */
    public long readWatermark() {
        return (long) WATERMARK.getAcquire(this);
    }

    /** Whether the stream is idle, from any thread. */
    public boolean readIdle() {
        return (boolean) IDLE.getAcquire(this);
    }

    /** Raises the watermark to {@code w}; returns false, changing nothing, unless {@code w} is higher. */
    public boolean advance(long w) {
        if (w <= watermark) {
            return false;
        }
        WATERMARK.setRelease(this, w);
        return true;
    }

    /** Marks the stream idle; returns whether it was active. */
    public boolean markIdle() {
        if (idle) {
            return false;
        }
        IDLE.setRelease(this, true);
        return true;
    }

    /** Marks the stream active; returns whether it was idle. */
    public boolean markActive() {
        if (!idle) {
            return false;
        }
        IDLE.setRelease(this, false);
        return true;
    }

    @Override
    public String toString() {
        return (idle ? "idle " : "active ") + watermark;
    }
}
