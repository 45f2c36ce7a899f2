package io.tidemark.cli.profile;

import io.tidemark.cli.config.JobConfig;
import io.tidemark.runtime.operators.windowing.WindowRules;

/**
 * The job's window operator as {@code tidemark tune} simulates it for one candidate: which records
 * are late, which windows fire when, how many hold state — without their contents. Follows the
 * engine's rules ({@link WindowRules}: cleanup time, late windows and elements, firing timing).
 */
interface WindowModel {

    /** A record of key {@code key} at {@code timestamp} reaching the operator at {@code watermark}, processing time {@code now}. */
    void record(int key, long timestamp, long watermark, long now);

    /** The operator's watermark advanced to {@code watermark} at processing time {@code now}: timers fire. */
    void watermark(long watermark, long now);

    /** What the model counted. */
    Tally tally();

    static WindowModel of(JobConfig.Window w, long allowedLateness) {
        WindowRules<Object> rules = new WindowRules<>(true, allowedLateness, null);
        return switch (w.type()) {
            case TUMBLING -> new AlignedWindows(rules, w.size().toMillis(), w.size().toMillis(), w.offset().toMillis());
            case SLIDING -> new AlignedWindows(rules, w.size().toMillis(), w.slide().toMillis(), w.offset().toMillis());
            case SESSION -> new SessionWindows(rules, w.gap().toMillis());
        };
    }
}
