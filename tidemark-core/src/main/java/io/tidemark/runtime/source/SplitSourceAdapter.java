package io.tidemark.runtime.source;

import io.tidemark.api.common.ExecutionConfig;
import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkOutput;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.runtime.metrics.OperatorMetrics;
import io.tidemark.runtime.time.ProcessingTimeService;
import io.tidemark.runtime.watermarks.GenerationFacts;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;

/**
 * Runs one subtask of a {@link SplitSourceFunction} as a source task's source: per-split watermarks
 * through {@link SplitWatermarks}, whose periodic emission (and idleness checks) runs on the task's
 * periodic timer every {@link ExecutionConfig#getAutoWatermarkInterval} of processing time (never at
 * interval 0, as in Flink), and in per-event mode also after every record. Built by the engine for one subtask, with that subtask's
 * timers, settings and metrics (it reports its splits through {@link SplitWatermarks#diagnostics});
 * never serialized.
 */
public final class SplitSourceAdapter<T> implements SourceFunction<T> {

    private static final long serialVersionUID = 1L;

    private final SplitSourceFunction<T> source;
    private final WatermarkStrategy<T> strategy;
    private final transient ProcessingTimeService timeService;
    private final transient ExecutionConfig config;
    private final transient OperatorMetrics metrics;
    private final int subtask;
    private final int parallelism;

    public SplitSourceAdapter(SplitSourceFunction<T> source, WatermarkStrategy<T> strategy, ProcessingTimeService timeService,
            ExecutionConfig config, OperatorMetrics metrics, int subtask, int parallelism) {
        this.source = source;
        this.strategy = strategy;
        this.timeService = timeService;
        this.config = config;
        this.metrics = metrics;
        this.subtask = subtask;
        this.parallelism = parallelism;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void run(SourceContext<T> ctx) throws Exception {
        SplitWatermarks<T> watermarks = new SplitWatermarks<>(strategy, timeService.getClock(), new WatermarkOutput() {
            @Override
            public void emitWatermark(Watermark watermark) {
                ctx.emitWatermark(watermark);
            }

            @Override
            public void markIdle() {
                ctx.markAsTemporarilyIdle();
            }

            @Override
            public void markActive() {
                // the next record or watermark marks the source active
            }
        });
        metrics.setDiagnostics(watermarks.diagnostics());
        metrics.setWatermarkGeneration(GenerationFacts.of(strategy, config.getAutoWatermarkInterval(), watermarks::largestJumps));
        Object lock = ctx.getCheckpointLock();
        if (config.getAutoWatermarkInterval() > 0) {
            synchronized (lock) {
                timeService.schedulePeriodically(config.getAutoWatermarkInterval(), time -> watermarks.onPeriodicEmit());
            }
        }
        SplitContext.RecordOutput<T> out = ctx instanceof LockHoldingOutput
                ? ((LockHoldingOutput<T>) ctx)::collectWithTimestampHoldingLock // SplitContext holds the lock
                : ctx::collectWithTimestamp;
        source.run(new SplitContext<>(lock, watermarks, subtask, parallelism, config.isPerEventWatermarks(), out));
    }

    @Override
    public void cancel() {
        source.cancel();
    }
}
