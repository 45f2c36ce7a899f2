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
import io.tidemark.runtime.checkpoint.StateInput;
import io.tidemark.runtime.checkpoint.StateOutput;
import java.io.IOException;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;

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
        this.watermarks = newWatermarks();
    }

    /** Per-split watermarks; their output is the running source's context. */
    private final transient SplitWatermarks<T> watermarks;
    private transient volatile SourceContext<T> out;
    /** The periodic emission, once the source runs (under the lock). */
    private transient ProcessingTimeService.PeriodicTimer periodic;
    /** When the restored periodic emission runs first ({@code Long.MIN_VALUE}: one interval after the start). */
    private transient long restoredPeriodic = Long.MIN_VALUE;

    private SplitWatermarks<T> newWatermarks() {
        return new SplitWatermarks<>(strategy, timeService.getClock(), new WatermarkOutput() {
            @Override
            public void emitWatermark(Watermark watermark) {
                out.emitWatermark(watermark);
            }

            @Override
            public void markIdle() {
                out.markAsTemporarilyIdle();
            }

            @Override
            public void markActive() {
                // the next record or watermark marks the source active
            }
        });
    }

    /**
     * The splits' watermarks and generators' progress and the periodic emission's next time, then each
     * split's state ({@code snapshotSplitState}); under the lock.
     */
    public void snapshot(StateOutput o) throws IOException {
        watermarks.snapshot(o, periodic != null ? periodic.nextTime() : restoredPeriodic);
        Map<String, ? extends Serializable> splits = source.snapshotSplitState();
        o.writeInt(splits.size());
        for (Map.Entry<String, ? extends Serializable> e : splits.entrySet()) {
            o.writeString(e.getKey());
            o.writeValue(e.getValue());
        }
    }

    /** Restores what {@link #snapshot} wrote, before {@link #run}: the source gets its split states back. */
    public void restore(StateInput in) throws IOException {
        restoredPeriodic = watermarks.restore(in);
        int n = in.readInt();
        Map<String, Serializable> splits = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            splits.put(in.readString(), (Serializable) in.readValue());
        }
        source.restoreSplitState(splits);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void run(SourceContext<T> ctx) throws Exception {
        out = ctx;
        metrics.setDiagnostics(watermarks.diagnostics());
        metrics.setWatermarkGeneration(GenerationFacts.of(strategy, config.getAutoWatermarkInterval(), watermarks::largestJumps));
        Object lock = ctx.getCheckpointLock();
        if (config.getAutoWatermarkInterval() > 0) {
            synchronized (lock) {
                periodic = schedulePeriodicEmission(timeService, config.getAutoWatermarkInterval(), restoredPeriodic,
                        watermarks::onPeriodicEmit);
            }
        }
        SplitContext.RecordOutput<T> records = ctx instanceof LockHoldingOutput
                ? ((LockHoldingOutput<T>) ctx)::collectWithTimestampHoldingLock // SplitContext holds the lock
                : ctx::collectWithTimestamp;
        source.run(new SplitContext<>(lock, watermarks, subtask, parallelism, config.isPerEventWatermarks(), records));
    }

    /**
     * Schedules a split source's periodic emission every {@code interval}: from its restored schedule
     * ({@code restoredNext}, kept in the checkpoint), so that on a replayed clock a restored job emits at
     * the same replayed times as one never stopped, else one interval from the clock's time now.
     */
    public static ProcessingTimeService.PeriodicTimer schedulePeriodicEmission(ProcessingTimeService timers, long interval,
            long restoredNext, Runnable emit) {
        ProcessingTimeService.ProcessingTimeCallback callback = time -> emit.run();
        return restoredNext != Long.MIN_VALUE ? timers.schedulePeriodically(interval, restoredNext, callback)
                : timers.schedulePeriodically(interval, callback);
    }

    @Override
    public void cancel() {
        source.cancel();
    }
}
