package io.tidemark.flink.bridge;

import io.tidemark.api.common.ExecutionConfig;
import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkOutput;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.runtime.source.SplitContext;
import io.tidemark.runtime.source.SplitSourceAdapter;
import io.tidemark.runtime.source.SplitWatermarks;
import io.tidemark.runtime.time.ProcessingTimeService;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.time.Clock;
import io.tidemark.time.ReplayClock;
import io.tidemark.time.SystemClock;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.source.legacy.RichParallelSourceFunction;
import org.apache.flink.streaming.api.functions.source.legacy.RichSourceFunction;

/**
 * Tidemark sources as Flink legacy sources ({@code env.addSource}, still in Flink 2 under
 * {@code ...source.legacy}). Records, timestamps, source watermarks and idleness pass through; like
 * Tidemark's own source context, a watermark not above the last one is dropped.
 */
public final class Sources {

    private Sources() {}

    /** Tidemark's source context on top of Flink's. */
    static <T> SourceFunction.SourceContext<T> context(
            org.apache.flink.streaming.api.functions.source.legacy.SourceFunction.SourceContext<T> ctx, LongCounter out) {
        return new SourceFunction.SourceContext<>() {
            private long lastWatermark = Long.MIN_VALUE;

            @Override
            public void collect(T element) {
                out.add(1L);
                ctx.collect(element);
            }

            @Override
            public void collectWithTimestamp(T element, long timestamp) {
                out.add(1L);
                ctx.collectWithTimestamp(element, timestamp);
            }

            @Override
            public void emitWatermark(Watermark mark) {
                synchronized (ctx.getCheckpointLock()) {
                    if (mark.getTimestamp() > lastWatermark) {
                        lastWatermark = mark.getTimestamp();
                        ctx.emitWatermark(new org.apache.flink.streaming.api.watermark.Watermark(mark.getTimestamp()));
                    }
                }
            }

            @Override
            public void markAsTemporarilyIdle() {
                ctx.markAsTemporarilyIdle();
            }

            @Override
            public Object getCheckpointLock() {
                return ctx.getCheckpointLock();
            }

            @Override
            public void close() {
                ctx.close();
            }
        };
    }

    /**
     * A bounded input ended: the final watermark, as Tidemark sends it, also when the source had marked
     * itself idle (Flink's own end-of-input watermark does not pass an idle output; emitting through
     * the context marks the output active first).
     */
    static void endOfInput(org.apache.flink.streaming.api.functions.source.legacy.SourceFunction.SourceContext<?> ctx,
            boolean cancelled) {
        if (!cancelled) {
            synchronized (ctx.getCheckpointLock()) {
                ctx.emitWatermark(org.apache.flink.streaming.api.watermark.Watermark.MAX_WATERMARK);
            }
        }
    }

    /** A plain (non-parallel) Tidemark source: one subtask, as in Tidemark. */
    public static class Single extends RichSourceFunction<Object> implements Checkpointed.Hooks {
        private static final long serialVersionUID = 1L;

        @Override
        public Object wrapped() {
            return f;
        }
        private final SourceFunction<Object> f;
        private final String name;

        public Single(SourceFunction<Object> f, String name) {
            this.f = f;
            this.name = name;
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            Runtime.open(f, getRuntimeContext());
        }

        private volatile boolean cancelled;

        @Override
        public void run(SourceContext<Object> ctx) throws Exception {
            f.run(context(ctx, Runtime.counter(getRuntimeContext(), name, "numRecordsOut")));
            endOfInput(ctx, cancelled);
        }

        @Override
        public void cancel() {
            cancelled = true;
            f.cancel();
        }

        @Override
        public void close() throws Exception {
            Runtime.close(f);
        }
    }

    /** A Tidemark {@code ParallelSourceFunction}: every subtask runs its own copy. */
    public static final class Parallel extends Single
            implements org.apache.flink.streaming.api.functions.source.legacy.ParallelSourceFunction<Object> {
        private static final long serialVersionUID = 1L;

        public Parallel(SourceFunction<Object> f, String name) {
            super(f, name);
        }
    }

    /**
     * A split source ({@code env.fromSource(SplitSourceFunction, strategy, name)}): per-split
     * timestamps, watermarks and idleness through Tidemark's own {@link SplitWatermarks}, so the
     * combined watermark follows Tidemark's rules exactly; the source emits Flink watermarks and idle
     * status itself (no watermark assigner follows it). Each record: timestamp, the record goes out,
     * then its split's generator sees it (and, in per-event mode, emits), as in Tidemark.
     *
     * <p>Periodic emission (and with it the idleness checks) runs on Tidemark's periodic timer
     * ({@link ProcessingTimeService#schedulePeriodically}) every auto-watermark interval (none at 0):
     * <ul>
     *   <li>with a <b>driven clock</b> ({@link Clock#isDriven()}, e.g. the {@code ReplayClock} a replayed
     *   source advances to each record's arrival time) it runs exactly as in Tidemark's source task: on
     *   the source thread, from that clock, whenever the source emits something (before the record) and
     *   at the end of the input. The clock is the Tidemark environment's, held here next to the source
     *   so that both travel in one serialized object graph: the source advances the very instance the
     *   watermarks read, also inside Flink. Idleness timeouts follow that clock too.
     *   <li>otherwise from a timer thread of the source under the checkpoint lock, on the wall clock.
     * </ul>
     */
    public static final class Split extends RichParallelSourceFunction<Object> implements Checkpointed.Hooks {
        private static final long serialVersionUID = 1L;
        /** The source's split state ({@link SplitSourceFunction#snapshotSplitState}) in Flink's operator state. */
        private transient org.apache.flink.api.common.state.ListState<byte[]> splitState;
        /**
         * The split watermarks' progress ({@link SplitWatermarks#snapshot}: each split's watermark and
         * generator, the combined watermark), as Tidemark's source task keeps it: one entry per subtask,
         * the snapshot packed ({@code StateOutput.toPackedBytes}). Flink itself restarts a source's
         * watermark from nothing (FLINK-5601); restored, the source emits the combined watermark before
         * its first record, so windows and lateness go on exactly where they were.
         */
        private transient org.apache.flink.api.common.state.ListState<byte[]> watermarkState;
        /**
         * A replayed clock's time ({@link ReplayClock}), as Tidemark's source task keeps it: the clock
         * travels with the job graph, so a restored job's clock would start unset; restored, it goes on
         * from the checkpoint's time (and with it the periodic emission and idleness).
         */
        private transient org.apache.flink.api.common.state.ListState<Long> replayClockState;
        /** The periodic emission, once the source runs (under the checkpoint lock). */
        private transient ProcessingTimeService.PeriodicTimer periodic;
        /** The progress to restore (null: none), until {@link #run} creates the split watermarks. */
        private transient byte[] restoredWatermarks;
        /** The running split watermarks (null before {@link #run}). */
        private transient volatile SplitWatermarks<Object> watermarks;

        @Override
        public Object wrapped() {
            return source;
        }

        /**
         * Registers the split state and, on a restore, hands it to the source before it runs (then the
         * source's own checkpoint hooks, if it has any).
         */
        @Override
        public void initializeState(org.apache.flink.runtime.state.FunctionInitializationContext context) throws Exception {
            splitState = context.getOperatorStateStore().getListState(
                    new org.apache.flink.api.common.state.ListStateDescriptor<>("tidemark-split-state", byte[].class));
            watermarkState = context.getOperatorStateStore().getListState(
                    new org.apache.flink.api.common.state.ListStateDescriptor<>("tidemark-split-watermarks", byte[].class));
            replayClockState = context.getOperatorStateStore().getListState(
                    new org.apache.flink.api.common.state.ListStateDescriptor<>("tidemark-replay-clock", Long.class));
            if (context.isRestored()) {
                if (drivenClock instanceof ReplayClock replay) {
                    replayClockState.get().forEach(replay::advanceTo);
                }
                java.util.Map<String, java.io.Serializable> restored = new java.util.LinkedHashMap<>();
                for (byte[] entry : splitState.get()) {
                    SplitStates.read(entry, restored);
                }
                source.restoreSplitState(restored);
                java.util.List<byte[]> progress = new java.util.ArrayList<>();
                watermarkState.get().forEach(progress::add);
                restoredWatermarks = progress.size() == 1 ? progress.get(0) : null; // none or several: rescaled, from nothing
            }
            Checkpointed.Hooks.super.initializeState(context);
        }

        /** Called by Flink holding the checkpoint lock: the positions match the records emitted. */
        @Override
        public void snapshotState(org.apache.flink.runtime.state.FunctionSnapshotContext context) throws Exception {
            java.util.List<byte[]> entries = new java.util.ArrayList<>();
            for (java.util.Map.Entry<String, ? extends java.io.Serializable> e : source.snapshotSplitState().entrySet()) {
                entries.add(SplitStates.write(e.getKey(), e.getValue()));
            }
            splitState.update(entries);
            if (drivenClock instanceof ReplayClock replay && replay.started()) {
                replayClockState.update(java.util.List.of(replay.currentTimeMillis()));
            }
            SplitWatermarks<Object> w = watermarks;
            if (w != null) {
                io.tidemark.runtime.checkpoint.StateOutput out = new io.tidemark.runtime.checkpoint.StateOutput();
                ProcessingTimeService.PeriodicTimer p = periodic;
                w.snapshot(out, p == null ? Long.MIN_VALUE : p.nextTime());
                w.snapshotSorting(out);
                watermarkState.update(java.util.List.of(out.toPackedBytes()));
            } else if (restoredWatermarks != null) {
                watermarkState.update(java.util.List.of(restoredWatermarks));
            }
            Checkpointed.Hooks.super.snapshotState(context);
        }
        private final SplitSourceFunction<Object> source;
        private final WatermarkStrategy<Object> strategy;
        private final boolean perEvent;
        private final long periodicEmitInterval;
        private final String name;
        /** The Tidemark environment's clock when it is driven, else null (wall clock). */
        private final Clock drivenClock;

        /**
         * @param config the Tidemark job's settings: per-event emission, the periodic emission interval
         * @param clock the Tidemark environment's clock; used (and serialized with {@code source}) only
         *     when it is driven
         */
        /** Each split's reorder buffer in milliseconds, or -1: no sorting. */
        private final long sortMillis;

        public Split(SplitSourceFunction<Object> source, WatermarkStrategy<Object> strategy, ExecutionConfig config,
                String name, Clock clock) {
            this(source, strategy, -1, config, name, clock);
        }

        /**
         * With {@code sortMillis} ≥ 0 each split is sorted in a reorder buffer of its own; its late records
         * go out as {@link SourceLate}, for the {@link SourceLate.Router} chained after the source.
         */
        public Split(SplitSourceFunction<Object> source, WatermarkStrategy<Object> strategy, long sortMillis, ExecutionConfig config,
                String name, Clock clock) {
            this.sortMillis = sortMillis;
            this.source = source;
            this.strategy = strategy;
            this.perEvent = config.isPerEventWatermarks();
            this.periodicEmitInterval = config.getAutoWatermarkInterval();
            this.name = name;
            this.drivenClock = clock != null && clock.isDriven() ? clock : null;
        }

        /** The driven clock this source follows, or null when it follows the wall clock. */
        public Clock getDrivenClock() {
            return drivenClock;
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            Runtime.open(source, getRuntimeContext());
        }

        @Override
        public void run(SourceContext<Object> ctx) throws Exception {
            LongCounter out = Runtime.counter(getRuntimeContext(), name, "numRecordsOut");
            Object lock = ctx.getCheckpointLock();
            boolean driven = drivenClock != null;
            // Tidemark's timer service, with its one periodic timer: the split watermarks' periodic
            // emission and idleness checks; fired on the source thread (driven clock) or by a timer thread
            ProcessingTimeService timers = new ProcessingTimeService(driven ? drivenClock : SystemClock.getInstance());
            SplitWatermarks<Object> w = new SplitWatermarks<>(strategy, timers.getClock(), new WatermarkOutput() {
                @Override
                public void emitWatermark(Watermark watermark) {
                    if (driven) {
                        fireDue(timers); // as Tidemark's source context does before every watermark
                    }
                    ctx.emitWatermark(new org.apache.flink.streaming.api.watermark.Watermark(watermark.getTimestamp()));
                }

                @Override
                public void markIdle() {
                    if (driven) {
                        fireDue(timers);
                    }
                    ctx.markAsTemporarilyIdle();
                }

                @Override
                public void markActive() {
                    // the next record or watermark marks the source active
                }
            }, sortMillis);
            io.tidemark.api.common.eventtime.WatermarkAlignmentParams alignment = strategy.getAlignmentParameters();
            if (alignment.isEnabled()) {
                // the group is this job's in this JVM: every subtask of a local MiniCluster, per TaskManager on a cluster
                w.align(new io.tidemark.runtime.source.alignment.SplitAlignment(alignment,
                        ALIGNMENT.computeIfAbsent(getRuntimeContext().getJobInfo().getJobId().toString(),
                                id -> new io.tidemark.runtime.source.alignment.AlignmentGroups())
                                .group(alignment.getWatermarkGroup()), name), source::pauseOrResumeSplits);
            }
            synchronized (lock) { // restored and scheduled before a checkpoint can see them
                long nextPeriodic = Long.MIN_VALUE;
                if (restoredWatermarks != null) {
                    io.tidemark.runtime.checkpoint.StateInput in =
                            io.tidemark.runtime.checkpoint.StateInput.unpack(restoredWatermarks, 0, restoredWatermarks.length);
                    nextPeriodic = w.restore(in);
                    if (in.remaining() > 0) { // the reorder buffers; none in a checkpoint written before sorting existed
                        w.restoreSorting(in);
                    }
                    long restored = w.getCombinedWatermark();
                    if (restored > Long.MIN_VALUE) {
                        ctx.emitWatermark(new org.apache.flink.streaming.api.watermark.Watermark(restored));
                    }
                    restoredWatermarks = null;
                }
                if (periodicEmitInterval > 0) { // 0: periodic emission off, as in Flink
                    periodic = SplitSourceAdapter.schedulePeriodicEmission(timers, periodicEmitInterval, nextPeriodic, w::onPeriodicEmit);
                }
                watermarks = w;
            }
            SplitWatermarks<Object> bound = watermarks; // as on the embedded engine: the largest bound in use among the splits
            getRuntimeContext().getMetricGroup().gauge("watermarkBound", (org.apache.flink.metrics.Gauge<Long>) bound::largestBound);
            if (alignment.isEnabled()) {
                synchronized (lock) {
                    timers.schedulePeriodically(alignment.getUpdateInterval(), time -> w.updateAlignment());
                }
            }
            WallClockTimers wall = driven ? null : new WallClockTimers(timers, lock, "tidemark-split-watermarks-" + name);
            int subtask = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
            int parallelism = getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks();
            try {
                // with a driven clock, the timers due at its current time fire just before the record
                // goes out, as in Tidemark's source context
                SplitContext<Object> splits = new SplitContext<>(lock, w, subtask, parallelism, perEvent,
                        new SplitContext.RecordOutput<>() {
                            @Override
                            public void emit(Object element, long ts) {
                                beforeRecord();
                                out.add(1L);
                                ctx.collectWithTimestamp(element, ts);
                            }

                            @Override
                            public void late(Object element, long ts) {
                                beforeRecord();
                                ctx.collectWithTimestamp(new SourceLate(element), ts); // to the side output (SourceLate.Router)
                            }

                            private void beforeRecord() {
                                if (wall != null) {
                                    wall.checkFailure();
                                } else {
                                    fireDue(timers);
                                }
                            }
                        });
                source.run(splits);
                if (!cancelled) {
                    synchronized (lock) {
                        splits.endOfInput();
                    }
                }
            } finally {
                w.alignmentFinished();
                if (wall != null) {
                    wall.stop();
                }
            }
            if (wall != null) {
                wall.checkFailure();
            } else if (!cancelled) {
                // Tidemark's source task fires the due timers once more at the end of the input
                synchronized (lock) {
                    fireDue(timers);
                }
            }
            endOfInput(ctx, cancelled);
        }

        private volatile boolean cancelled;

        @Override
        public void cancel() {
            cancelled = true;
            source.cancel();
        }

        @Override
        public void close() throws Exception {
            Runtime.close(source);
        }
    }

    /**
     * The watermark alignment groups of the split sources of each job running in this JVM, by Flink job id
     * (Flink's own alignment serves only its FLIP-27 sources; Tidemark's split sources run as legacy
     * sources). An entry is a few objects per job and stays for the JVM's life.
     */
    private static final java.util.concurrent.ConcurrentMap<String, io.tidemark.runtime.source.alignment.AlignmentGroups> ALIGNMENT =
            new java.util.concurrent.ConcurrentHashMap<>();

    private static void fireDue(ProcessingTimeService timers) {
        try {
            timers.fireDue();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Fires a timer service's timers on the wall clock from a thread of its own, under the source's
     * checkpoint lock: sleeps until the next timer is due. A failure is kept for the source thread to
     * rethrow.
     */
    static final class WallClockTimers {
        private final ProcessingTimeService timers;
        private final Object lock;
        private final Thread thread;
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private volatile boolean running = true;

        WallClockTimers(ProcessingTimeService timers, Object lock, String name) {
            this.timers = timers;
            this.lock = lock;
            this.thread = new Thread(this::loop, name);
            thread.setDaemon(true);
            thread.start();
        }

        private void loop() {
            try {
                while (running) {
                    long wait = timers.nextTime() - timers.getCurrentProcessingTime();
                    if (wait > 0) {
                        LockSupport.parkNanos(Math.min(wait, 1000L) * 1_000_000L);
                        continue;
                    }
                    synchronized (lock) {
                        if (running) {
                            timers.fireDue();
                        }
                    }
                }
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
            }
        }

        void checkFailure() {
            Throwable e = failure.get();
            if (e != null) {
                throw new IllegalStateException("periodic watermark emission failed", e);
            }
        }

        void stop() throws InterruptedException {
            running = false;
            LockSupport.unpark(thread);
            thread.join(10_000);
        }
    }
}
