package io.tidemark.flink.bridge;

import io.tidemark.api.common.ExecutionConfig;
import io.tidemark.api.common.eventtime.TimestampAssigner;
import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.runtime.source.SplitWatermarks;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.time.SystemClock;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
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
    public static final class Single extends RichSourceFunction<Object> {
        private static final long serialVersionUID = 1L;
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
    public static final class Parallel extends RichParallelSourceFunction<Object> {
        private static final long serialVersionUID = 1L;
        private final SourceFunction<Object> f;
        private final String name;

        public Parallel(SourceFunction<Object> f, String name) {
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

    /**
     * A split source ({@code env.fromSource(SplitSourceFunction, strategy, name)}): per-split
     * timestamps, watermarks and idleness through Tidemark's own {@link SplitWatermarks}, so the
     * combined watermark follows Tidemark's rules exactly; the source emits Flink watermarks and idle
     * status itself (no watermark assigner follows it). Periodic emission runs on a timer thread under
     * the checkpoint lock every auto-watermark interval (or, at interval 0, after every record and every
     * 200 ms for idleness), on the wall clock.
     */
    public static final class Split extends RichParallelSourceFunction<Object> {
        private static final long serialVersionUID = 1L;
        private final SplitSourceFunction<Object> source;
        private final WatermarkStrategy<Object> strategy;
        private final long interval;
        private final String name;

        public Split(SplitSourceFunction<Object> source, WatermarkStrategy<Object> strategy, long interval, String name) {
            this.source = source;
            this.strategy = strategy;
            this.interval = interval;
            this.name = name;
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            Runtime.open(source, getRuntimeContext());
        }

        @Override
        public void run(SourceContext<Object> ctx) throws Exception {
            LongCounter out = Runtime.counter(getRuntimeContext(), name, "numRecordsOut");
            Object lock = ctx.getCheckpointLock();
            SplitWatermarks<Object> watermarks = new SplitWatermarks<>(strategy, SystemClock.getInstance(),
                    new SplitWatermarks.CombinedOutput() {
                        @Override
                        public void emitWatermark(long watermark) {
                            ctx.emitWatermark(new org.apache.flink.streaming.api.watermark.Watermark(watermark));
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
            boolean perEvent = interval == 0;
            long period = perEvent ? ExecutionConfig.DEFAULT_AUTO_WATERMARK_INTERVAL : interval;
            AtomicReference<Throwable> timerError = new AtomicReference<>();
            ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "tidemark-split-watermarks-" + name);
                t.setDaemon(true);
                return t;
            });
            timer.scheduleWithFixedDelay(() -> {
                try {
                    synchronized (lock) {
                        watermarks.onPeriodicEmit();
                    }
                } catch (Throwable e) {
                    timerError.compareAndSet(null, e);
                }
            }, period, period, TimeUnit.MILLISECONDS);
            int subtask = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
            int parallelism = getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks();
            try {
                source.run(new SplitSourceFunction.SplitSourceContext<>() {
                    @Override
                    public int getIndexOfThisSubtask() {
                        return subtask;
                    }

                    @Override
                    public int getNumberOfParallelSubtasks() {
                        return parallelism;
                    }

                    @Override
                    public void announceSplit(String split) {
                        synchronized (lock) {
                            watermarks.announce(split);
                        }
                    }

                    @Override
                    public void collect(String split, Object element) {
                        emit(split, element, TimestampAssigner.NO_TIMESTAMP);
                    }

                    @Override
                    public void collectWithTimestamp(String split, Object element, long timestamp) {
                        emit(split, element, timestamp);
                    }

                    private void emit(String split, Object element, long recordTimestamp) {
                        Throwable e = timerError.get();
                        if (e != null) {
                            throw new IllegalStateException("periodic watermark emission failed", e);
                        }
                        synchronized (lock) {
                            // as Tidemark (and Flink) do: timestamp, the record goes out, then the generator sees it
                            long ts = watermarks.assignTimestamp(split, element, recordTimestamp);
                            out.add(1L);
                            ctx.collectWithTimestamp(element, ts);
                            watermarks.onEvent(split, element, ts);
                            if (perEvent) {
                                watermarks.onPeriodicEmit(split);
                            }
                        }
                    }

                    @Override
                    public void splitFinished(String split) {
                        synchronized (lock) {
                            watermarks.splitFinished(split);
                        }
                    }

                    @Override
                    public Object getCheckpointLock() {
                        return lock;
                    }
                });
            } finally {
                timer.shutdownNow();
                timer.awaitTermination(10, TimeUnit.SECONDS);
            }
            Throwable e = timerError.get();
            if (e != null) {
                throw new IllegalStateException("periodic watermark emission failed", e);
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
}
