package io.tidemark.cli.profile;

import io.tidemark.cli.config.JobConfig;
import io.tidemark.runtime.time.ProcessingTimeService;
import io.tidemark.time.ManualClock;
import java.util.ArrayList;
import java.util.List;

/**
 * Every candidate of {@code tidemark tune}, side by side, on one pass over what the source emits. The
 * processing time the engine would run on is a driven clock moved to each emission's time; the
 * periodic watermark emission is the engine's own periodic timer ({@link ProcessingTimeService}: first
 * one interval after the start, then one interval after each run, fired before each record), shared by
 * all candidates as all would share it. So with replay ({@code source.arrival-time-field}) or
 * {@code emit: per-event} each candidate sees the watermarks a run with its bound sees, record for
 * record. Cost per record: one clock move, then each candidate's (see {@link Candidate}).
 */
final class Simulation implements Emissions {

    /** The watermark interval when emission is per event: the engine's default, which still paces the idleness checks. */
    private static final long DEFAULT_INTERVAL = 200;

    private final ManualClock clock;
    private final ProcessingTimeService timers;
    private final List<Candidate> candidates = new ArrayList<>();

    /** @param start processing time when the source opens ({@code Long.MIN_VALUE} for a replay or data clock) */
    Simulation(JobConfig job, List<Candidate.Spec> specs, long start) {
        clock = new ManualClock(start);
        timers = new ProcessingTimeService(clock);
        for (Candidate.Spec s : specs) {
            candidates.add(new Candidate(job, s, clock));
        }
        long interval = job.watermark().perEvent() ? DEFAULT_INTERVAL : job.watermark().interval().toMillis();
        timers.schedulePeriodically(interval, time -> {
            for (Candidate c : candidates) {
                c.periodic();
            }
        });
    }

    List<Candidate> candidates() {
        return candidates;
    }

    @Override
    public void record(String split, long timestamp, int key, long now, long arrival) {
        advance(now);
        for (Candidate c : candidates) {
            c.record(split, timestamp, key);
        }
    }

    @Override
    public void end(long now) {
        advance(now);
        for (Candidate c : candidates) {
            c.end();
        }
    }

    private void advance(long now) {
        clock.advanceTo(now);
        try {
            timers.fireDue();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
