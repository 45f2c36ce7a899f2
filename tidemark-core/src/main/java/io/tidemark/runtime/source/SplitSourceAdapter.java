package io.tidemark.runtime.source;

import io.tidemark.api.common.ExecutionConfig;
import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.runtime.metrics.OperatorMetrics;
import io.tidemark.runtime.time.ProcessingTimeService;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;

/**
 * Runs one subtask of a {@link SplitSourceFunction} as a source task's source: per-split watermarks
 * through {@link SplitWatermarks}, emitted every {@code autoWatermarkInterval} of processing time (or
 * after every record at interval 0, with idleness checked every 200 ms). Built by the engine for one
 * subtask, with that subtask's timers, settings and metrics; never serialized.
 */
public final class SplitSourceAdapter<T> implements SourceFunction<T> {

    private static final long serialVersionUID = 1L;
    private static final long IDLENESS_CHECK_INTERVAL = ExecutionConfig.DEFAULT_AUTO_WATERMARK_INTERVAL;

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
        SplitWatermarks<T> watermarks = new SplitWatermarks<>(strategy, timeService.getClock(), new SplitWatermarks.CombinedOutput() {
            @Override
            public void emitWatermark(long watermark) {
                ctx.emitWatermark(new Watermark(watermark));
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
        metrics.setSplitWatermarks(watermarks);
        long interval = config.getAutoWatermarkInterval();
        boolean perEvent = interval == 0;
        long period = perEvent ? IDLENESS_CHECK_INTERVAL : interval;
        Object lock = ctx.getCheckpointLock();
        ProcessingTimeService.ProcessingTimeCallback[] periodic = new ProcessingTimeService.ProcessingTimeCallback[1];
        periodic[0] = time -> {
            watermarks.onPeriodicEmit();
            timeService.registerTimer(timeService.getCurrentProcessingTime() + period, periodic[0]);
        };
        synchronized (lock) {
            timeService.registerTimer(timeService.getCurrentProcessingTime() + period, periodic[0]);
        }
        SplitContext.RecordOutput<T> out = ctx instanceof LockHoldingOutput
                ? ((LockHoldingOutput<T>) ctx)::collectWithTimestampHoldingLock // SplitContext holds the lock
                : ctx::collectWithTimestamp;
        source.run(new SplitContext<>(lock, watermarks, subtask, parallelism, perEvent, out));
    }

    @Override
    public void cancel() {
        source.cancel();
    }
}
