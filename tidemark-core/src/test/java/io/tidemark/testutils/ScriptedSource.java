package io.tidemark.testutils;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.time.ManualClock;
import java.util.ArrayList;
import java.util.List;

/**
 * A source that plays a script: records (with or without timestamp), watermarks, idleness, and
 * moves of a {@link ManualClock} (arrival times), in order. Nothing waits on wall time.
 */
public final class ScriptedSource<T> implements SourceFunction<T> {

    private static final long serialVersionUID = 1L;

    private final transient List<Object[]> steps = new ArrayList<>();
    private final transient ManualClock clock;
    private volatile boolean running = true;

    public ScriptedSource() {
        this(null);
    }

    /** A script that may move {@code clock}. */
    public ScriptedSource(ManualClock clock) {
        this.clock = clock;
    }

    public ScriptedSource<T> record(T value) {
        steps.add(new Object[] {"r", value});
        return this;
    }

    public ScriptedSource<T> record(T value, long timestamp) {
        steps.add(new Object[] {"t", value, timestamp});
        return this;
    }

    public ScriptedSource<T> watermark(long timestamp) {
        steps.add(new Object[] {"w", timestamp});
        return this;
    }

    public ScriptedSource<T> idle() {
        steps.add(new Object[] {"i"});
        return this;
    }

    /** Moves the clock to {@code time} (the arrival time of what follows). */
    public ScriptedSource<T> at(long time) {
        if (clock == null) {
            throw new IllegalStateException("this script has no clock");
        }
        steps.add(new Object[] {"c", time});
        return this;
    }

    /**
     * Moves the clock to {@code time} and lets the processing-time timers that are now due fire
     * (periodic watermark emission, idleness checks, processing-time windows), without emitting a
     * record. Implemented as a watermark of {@code Long.MIN_VALUE}, which a source never forwards
     * (watermarks only move forward) but before which the source context fires due timers.
     */
    public ScriptedSource<T> tick(long time) {
        at(time);
        steps.add(new Object[] {"w", Long.MIN_VALUE});
        return this;
    }

    /** Runs {@code action} on the source thread at this point of the script (e.g. to mark a log). */
    public ScriptedSource<T> step(Runnable action) {
        steps.add(new Object[] {"x", action});
        return this;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void run(SourceContext<T> ctx) {
        for (Object[] step : steps) {
            if (!running) {
                return;
            }
            switch ((String) step[0]) {
                case "r":
                    ctx.collect((T) step[1]);
                    break;
                case "t":
                    ctx.collectWithTimestamp((T) step[1], (Long) step[2]);
                    break;
                case "w":
                    ctx.emitWatermark(new Watermark((Long) step[1]));
                    break;
                case "i":
                    ctx.markAsTemporarilyIdle();
                    break;
                case "c":
                    clock.advanceTo((Long) step[1]);
                    break;
                case "x":
                    ((Runnable) step[1]).run();
                    break;
                default:
                    throw new IllegalStateException();
            }
        }
    }

    @Override
    public void cancel() {
        running = false;
    }
}
