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
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.api.common.eventtime.WatermarkAlignmentParams;
import io.tidemark.runtime.source.alignment.AlignmentGroups;
import io.tidemark.runtime.source.alignment.SplitAlignment;
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

    /** Each split's reorder buffer and late output, or null: no sorting. */
    private final OperatorDescription.Sort sort;

    public SplitSourceAdapter(SplitSourceFunction<T> source, WatermarkStrategy<T> strategy, ProcessingTimeService timeService,
            ExecutionConfig config, OperatorMetrics metrics, int subtask, int parallelism) {
        this(source, strategy, null, timeService, config, metrics, subtask, parallelism);
    }

    /** With {@code sort} (may be null), each split sorted in a reorder buffer of its own. */
    public SplitSourceAdapter(SplitSourceFunction<T> source, WatermarkStrategy<T> strategy, OperatorDescription.Sort sort,
            ProcessingTimeService timeService, ExecutionConfig config, OperatorMetrics metrics, int subtask, int parallelism) {
        this.sort = sort;
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
        }, sort == null ? -1 : sort.bufferMillis());
    }

    /**
     * With a strategy that has watermark alignment, takes part in its group of {@code groups} (the job's):
     * updates every update interval, splits paused through the source's {@code pauseOrResumeSplits}.
     * Called before {@link #restore} and {@link #run}.
     */
    public void align(AlignmentGroups groups, String sourceName) {
        WatermarkAlignmentParams params = strategy.getAlignmentParameters();
        if (params.isEnabled()) {
            watermarks.align(new SplitAlignment(params, groups.group(params.getWatermarkGroup()), sourceName),
                    source::pauseOrResumeSplits);
            aligned = params;
        }
    }

    /** The alignment settings when the source takes part in a group, else null. */
    private transient WatermarkAlignmentParams aligned;

    /**
     * The splits' watermarks and generators' progress and the periodic emission's next time, then each
     * split's state ({@code snapshotSplitState}), then the splits' reorder buffers; under the lock.
     */
    public void snapshot(StateOutput o) throws IOException {
        watermarks.snapshot(o, periodic != null ? periodic.nextTime() : restoredPeriodic);
        Map<String, ? extends Serializable> splits = source.snapshotSplitState();
        o.writeInt(splits.size());
        for (Map.Entry<String, ? extends Serializable> e : splits.entrySet()) {
            o.writeString(e.getKey());
            o.writeValue(e.getValue());
        }
        watermarks.snapshotSorting(o);
    }

    /**
     * Restores the splits this subtask now reads ({@link SplitSourceFunction#ownerOf}) of what one old
     * subtask's {@link #snapshot} wrote: a restore at a changed parallelism calls it for every old
     * subtask, then {@link #finishRescaledRestore}.
     */
    public void restorePart(StateInput in) throws IOException {
        java.util.function.Predicate<String> mine = split -> source.ownerOf(split, parallelism) == subtask;
        long[] combined = new long[2];
        restoredPeriodic = Math.max(restoredPeriodic, watermarks.restore(in, mine, combined));
        rescaledWatermark = Math.min(rescaledWatermark, combined[0]);
        for (int n = in.readInt(); n > 0; n--) {
            String split = in.readString();
            Serializable state = (Serializable) in.readValue();
            if (mine.test(split)) {
                rescaledSplits.put(split, state);
            }
        }
        if (in.remaining() > 0) {
            watermarks.restoreSorting(in, mine);
        }
    }

    /**
     * Ends a rescaled restore: the source gets the states of the splits it reads now; the combined
     * watermark starts at the lowest of the old subtasks' (nothing on time becomes late).
     */
    public void finishRescaledRestore() {
        if (rescaledWatermark != Long.MAX_VALUE) {
            watermarks.restoreCombined(rescaledWatermark, false);
        }
        source.restoreSplitState(rescaledSplits);
    }

    /** The splits and lowest combined watermark gathered by {@link #restorePart}. */
    private final Map<String, Serializable> rescaledSplits = new LinkedHashMap<>();
    private long rescaledWatermark = Long.MAX_VALUE;

    /** Restores what {@link #snapshot} wrote, before {@link #run}: the source gets its split states back. */
    public void restore(StateInput in) throws IOException {
        restoredPeriodic = watermarks.restore(in);
        int n = in.readInt();
        Map<String, Serializable> splits = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            splits.put(in.readString(), (Serializable) in.readValue());
        }
        source.restoreSplitState(splits);
        if (in.remaining() > 0) { // a checkpoint written before sorting existed ends here
            watermarks.restoreSorting(in);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public void run(SourceContext<T> ctx) throws Exception {
        out = ctx;
        metrics.setDiagnostics(watermarks.diagnostics());
        metrics.setWatermarkGeneration(GenerationFacts.of(strategy, config.getAutoWatermarkInterval(), watermarks::largestJumps,
                metrics.watermarkBound::get));
        Object lock = ctx.getCheckpointLock();
        if (config.getAutoWatermarkInterval() > 0) {
            synchronized (lock) {
                periodic = schedulePeriodicEmission(timeService, config.getAutoWatermarkInterval(), restoredPeriodic, () -> {
                    watermarks.onPeriodicEmit();
                    metrics.watermarkBound.set(watermarks.largestBound());
                });
            }
        }
        if (aligned != null) {
            synchronized (lock) {
                timeService.schedulePeriodically(aligned.getUpdateInterval(), time -> watermarks.updateAlignment());
            }
        }
        LockHoldingOutput<T> holding = (LockHoldingOutput<T>) ctx; // the engine's context; SplitContext holds the lock
        @SuppressWarnings("unchecked")
        io.tidemark.util.OutputTag<T> lateTag = sort == null ? null : (io.tidemark.util.OutputTag<T>) sort.lateTag();
        SplitContext<T> splits = new SplitContext<>(lock, watermarks, subtask, parallelism, config.isPerEventWatermarks(),
                new SplitContext.RecordOutput<>() {
                    @Override
                    public void emit(T element, long timestamp) {
                        holding.collectWithTimestampHoldingLock(element, timestamp);
                    }

                    @Override
                    public void late(T element, long timestamp) {
                        holding.collectLateHoldingLock(lateTag, element, timestamp);
                    }
                });
        try {
            source.run(splits);
            if (!cancelled) {
                synchronized (lock) {
                    splits.endOfInput();
                }
            }
        } finally {
            watermarks.alignmentFinished();
        }
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

    private volatile boolean cancelled;

    @Override
    public void cancel() {
        cancelled = true;
        source.cancel();
    }
}
