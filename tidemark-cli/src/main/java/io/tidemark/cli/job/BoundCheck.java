package io.tidemark.cli.job;

import io.tidemark.cli.config.Durations;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.JobKeys;
import java.time.Duration;

/**
 * An implausible watermark bound, said instead of run silently: {@code max-out-of-orderness: 5000s} meant
 * as 5 s makes every window wait 5000 s of event time after its end, on most inputs until the end of the
 * input. Before a run ({@code validate}, {@code run}): the bound is more than {@value #FACTOR} times the
 * window's size (a session's gap). After it (the summary): the bound is longer than the event time the
 * run's window results spanned, so no window could fire before the input ended.
 */
public final class BoundCheck {

    /** How many window sizes a bound may be before it is called implausible. */
    static final int FACTOR = 10;

    private BoundCheck() {}

    /** The warning before a run, or null. */
    public static String beforeRun(JobConfig job) {
        Duration bound = bound(job);
        JobConfig.Window w = job.window();
        boolean session = w.type() == JobConfig.WindowType.SESSION;
        Duration size = session ? w.gap() : w.size();
        if (bound == null || size == null || bound.compareTo(size.multipliedBy(FACTOR)) <= 0) {
            return null;
        }
        return JobKeys.MAX_OUT_OF_ORDERNESS.path() + " (" + Durations.format(bound) + ") is more than " + FACTOR + " times "
                + (session ? JobKeys.GAP.path() : JobKeys.SIZE.path()) + " (" + Durations.format(size) + "): each window fires "
                + Durations.format(bound) + " of event time after its end, or only when the input ends. Was a smaller bound meant?";
    }

    /**
     * The warning after a run whose window results spanned [{@code minStart}, {@code maxEnd}) of event time
     * ({@code minStart > maxEnd}: none), or null.
     */
    static String afterRun(JobConfig job, long minStart, long maxEnd) {
        Duration bound = bound(job);
        if (bound == null || minStart > maxEnd || bound.toMillis() <= maxEnd - minStart) {
            return null;
        }
        return JobKeys.MAX_OUT_OF_ORDERNESS.path() + " (" + Durations.format(bound) + ") is longer than the event time the "
                + "results span (" + Durations.format(Duration.ofMillis(maxEnd - minStart)) + "): the watermark trailed the "
                + "latest event time by the whole bound, so no window could fire before the input ended";
    }

    private static Duration bound(JobConfig job) {
        JobConfig.Watermark w = job.watermark();
        return w.strategy() == JobConfig.Strategy.BOUNDED ? w.maxOutOfOrderness() : null;
    }
}
