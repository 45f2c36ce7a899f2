package io.tidemark.configuration;

import java.time.Duration;

/** Flink's pipeline options that Tidemark honours (Flink's {@code PipelineOptions}). */
public final class PipelineOptions {

    private PipelineOptions() {}

    /** How often watermark generators emit periodically; 200 ms, 0 switches periodic emission off. */
    public static final ConfigOption<Duration> AUTO_WATERMARK_INTERVAL =
            ConfigOptions.key("pipeline.auto-watermark-interval").durationType().defaultValue(Duration.ofMillis(200));

    /** The maximum parallelism of the job's operators; -1 for Flink's default. */
    public static final ConfigOption<Integer> MAX_PARALLELISM =
            ConfigOptions.key("pipeline.max-parallelism").intType().defaultValue(-1);
}
