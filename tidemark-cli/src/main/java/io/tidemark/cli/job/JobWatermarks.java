package io.tidemark.cli.job;

import io.tidemark.api.common.eventtime.SerializableTimestampAssigner;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.cli.config.ConfigException;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.JobKeys;

/**
 * The job file's {@code watermark} section as a watermark strategy: the base strategy (bounded,
 * adaptive, monotonous, none) with the records' event time, then idleness, idle advance and alignment;
 * the same strategy serves a source's splits and, with {@code per-key}, each key of the windows.
 */
final class JobWatermarks {

    private JobWatermarks() {}

    /**
     * The alignment group of a job's source: a job has one source, and a job's groups are its own, so
     * one name serves every job.
     */
    static final String ALIGNMENT_GROUP = "job";

    /** The job's watermark strategy for records whose event time {@code time} gives. */
    static <T> WatermarkStrategy<T> strategy(JobConfig job, SerializableTimestampAssigner<T> time) {
        return strategy(job.watermark(), time);
    }

    /** The watermark strategy of the job file's {@code watermark} section {@code w}. */
    static <T> WatermarkStrategy<T> strategy(JobConfig.Watermark w, SerializableTimestampAssigner<T> time) {
        WatermarkStrategy<T> s = switch (w.strategy()) {
            case BOUNDED -> WatermarkStrategy.forBoundedOutOfOrderness(w.maxOutOfOrderness());
            case ADAPTIVE -> WatermarkStrategy.forAdaptiveOutOfOrderness(w.adaptive());
            case MONOTONOUS -> WatermarkStrategy.forMonotonousTimestamps();
            case NONE -> WatermarkStrategy.noWatermarks();
        };
        s = s.withTimestampAssigner(time);
        if (w.idleness() != null) {
            s = s.withIdleness(w.idleness());
        }
        if (w.idleAdvance() != null) {
            s = s.withIdleAdvance(w.idleAdvance());
        }
        if (w.alignmentDrift() != null) {
            s = s.withWatermarkAlignment(ALIGNMENT_GROUP, w.alignmentDrift(), w.alignmentUpdate());
        }
        return s;
    }

    /** Refuses, before anything runs, what {@code engine} cannot do: per-key watermarks on Flink. */
    static void checkEngine(JobConfig job, Engine engine) {
        if (job.watermark().perKey() && engine.flink()) {
            throw new ConfigException(JobKeys.PER_KEY.path(), "true is not for --engine flink: Flink has no per-key watermarks (its "
                    + "watermark is one per operator subtask, for all keys); run this job on the embedded engine, or without per-key");
        }
    }
}
