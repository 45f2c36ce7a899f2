package io.tidemark.cli.profile;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkOutput;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.job.JobRunner;
import io.tidemark.runtime.source.SplitWatermarks;
import io.tidemark.time.Clock;
import java.time.Duration;

/**
 * One what-if of {@code tidemark tune}: the job with another bound (and allowed lateness, idleness),
 * simulated on the records the job's source emits. The source side is the engine's own
 * {@link SplitWatermarks} with the job's watermark strategy for that bound — per-split generators,
 * idleness timers, the minimum over active splits — so the watermark the windows see is the run's; the
 * window side is a {@link WindowModel}. Per record: one generator call and one window-set insertion per
 * window of the record.
 */
final class Candidate {

    /** What is simulated: the bound, the allowed lateness and the idleness (null: none), in ms. */
    record Spec(long bound, long lateness, Long idleness) {}

    private final Spec spec;
    private final SplitWatermarks<Object> splits;
    private final WindowModel windows;
    private final boolean perEvent;
    private final Clock clock;
    private long watermark = Long.MIN_VALUE;

    Candidate(JobConfig job, Spec spec, Clock clock) {
        this.spec = spec;
        this.clock = clock;
        JobConfig.Watermark w = job.watermark();
        this.perEvent = w.perEvent();
        JobConfig.Watermark mine = w.withBound(Duration.ofMillis(spec.bound()),
                spec.idleness() == null ? null : Duration.ofMillis(spec.idleness()));
        this.windows = WindowModel.of(job.window(), spec.lateness());
        this.splits = new SplitWatermarks<>(JobRunner.strategy(mine, (e, ts) -> ts), clock, new WatermarkOutput() {
            @Override
            public void emitWatermark(Watermark mark) {
                watermark = mark.getTimestamp();
                windows.watermark(watermark, clock.currentTimeMillis());
            }

            @Override
            public void markIdle() {
                // the window operator's watermark stays where it is
            }

            @Override
            public void markActive() {
                // likewise
            }
        });
    }

    Spec spec() {
        return spec;
    }

    Tally tally() {
        return windows.tally();
    }

    /** The source emits a record of {@code split} (an interned name) at {@code timestamp}, of key {@code key}. */
    void record(String split, long timestamp, int key) {
        windows.record(key, timestamp, watermark, clock.currentTimeMillis());
        splits.onEvent(split, null, timestamp);
        if (perEvent) {
            splits.onPeriodicEmit(split);
        }
    }

    /** Periodic emission (and the idleness checks) ran. */
    void periodic() {
        splits.onPeriodicEmit();
    }

    /** The end of the input: the final watermark fires every open window. */
    void end() {
        watermark = Long.MAX_VALUE;
        windows.watermark(Long.MAX_VALUE, clock.currentTimeMillis());
    }
}
