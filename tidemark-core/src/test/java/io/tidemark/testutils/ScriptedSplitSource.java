package io.tidemark.testutils;

import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.time.ManualClock;
import java.util.ArrayList;
import java.util.List;

/**
 * A split source that plays a script: records of named splits (with timestamps), finished splits,
 * moves of a {@link ManualClock} and test actions, in order. Nothing waits on wall time.
 */
public final class ScriptedSplitSource<T> implements SplitSourceFunction<T> {

    private static final long serialVersionUID = 1L;

    private final transient List<Object[]> steps = new ArrayList<>();
    private final transient ManualClock clock;
    private volatile boolean running = true;

    public ScriptedSplitSource(ManualClock clock) {
        this.clock = clock;
    }

    public ScriptedSplitSource<T> record(String split, T value, long timestamp) {
        steps.add(new Object[] {"t", split, value, timestamp});
        return this;
    }

    public ScriptedSplitSource<T> finish(String split) {
        steps.add(new Object[] {"f", split});
        return this;
    }

    /** Moves the clock to {@code time} (the arrival time of what follows). */
    public ScriptedSplitSource<T> at(long time) {
        steps.add(new Object[] {"c", time});
        return this;
    }

    /** Runs {@code action} on the source thread at this point of the script. */
    public ScriptedSplitSource<T> step(Runnable action) {
        steps.add(new Object[] {"x", action});
        return this;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void run(SplitSourceContext<T> ctx) {
        for (Object[] step : steps) {
            if (!running) {
                return;
            }
            switch ((String) step[0]) {
                case "t":
                    ctx.collectWithTimestamp((String) step[1], (T) step[2], (Long) step[3]);
                    break;
                case "f":
                    ctx.splitFinished((String) step[1]);
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
