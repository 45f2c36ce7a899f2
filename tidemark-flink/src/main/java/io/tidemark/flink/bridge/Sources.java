package io.tidemark.flink.bridge;

import io.tidemark.api.common.ExecutionConfig;
import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.runtime.source.SplitContext;
import io.tidemark.runtime.source.SplitWatermarks;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.time.Clock;
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
    public static class Single extends RichSourceFunction<Object> {
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
     * then its split's generator sees it (and, at interval 0, emits), as in Tidemark.
     *
     * <p>Periodic emission (every auto-watermark interval, or at interval 0 every 200 ms for idleness):
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
    public static final class Split extends RichParallelSourceFunction<Object> {
        private static final long serialVersionUID = 1L;
        private final SplitSourceFunction<Object> source;
        private final WatermarkStrategy<Object> strategy;
        private final long interval;
        private final String name;
        /** The Tidemark environment's clock when it is driven, else null (wall clock). */
        private final Clock drivenClock;

        public Split(SplitSourceFunction<Object> source, WatermarkStrategy<Object> strategy, long interval, String name) {
            this(source, strategy, interval, name, null);
        }

        /**
         * @param clock the Tidemark environment's clock; used (and serialized with {@code source}) only
         *     when it is driven
         */
        public Split(SplitSourceFunction<Object> source, WatermarkStrategy<Object> strategy, long interval, String name,
                Clock clock) {
            this.source = source;
            this.strategy = strategy;
            this.interval = interval;
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
            // set once the periodic timer exists; the combined output fires due timers first, as
            // Tidemark's source context does before every watermark and idle mark
            DrivenTimer[] timer = new DrivenTimer[1];
            SplitWatermarks<Object> watermarks = new SplitWatermarks<>(strategy,
                    driven ? drivenClock : SystemClock.getInstance(),
                    new SplitWatermarks.CombinedOutput() {
                        @Override
                        public void emitWatermark(long watermark) {
                            if (timer[0] != null) {
                                timer[0].fireDue();
                            }
                            ctx.emitWatermark(new org.apache.flink.streaming.api.watermark.Watermark(watermark));
                        }

                        @Override
                        public void markIdle() {
                            if (timer[0] != null) {
                                timer[0].fireDue();
                            }
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
            ScheduledExecutorService wallTimer = null;
            if (driven) {
                synchronized (lock) {
                    timer[0] = new DrivenTimer(drivenClock, period, watermarks);
                }
            } else {
                wallTimer = Executors.newSingleThreadScheduledExecutor(r -> {
                    Thread t = new Thread(r, "tidemark-split-watermarks-" + name);
                    t.setDaemon(true);
                    return t;
                });
                wallTimer.scheduleWithFixedDelay(() -> {
                    try {
                        synchronized (lock) {
                            watermarks.onPeriodicEmit();
                        }
                    } catch (Throwable e) {
                        timerError.compareAndSet(null, e);
                    }
                }, period, period, TimeUnit.MILLISECONDS);
            }
            DrivenTimer due = timer[0];
            int subtask = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
            int parallelism = getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks();
            try {
                // with a driven clock, the timers due at its current time fire just before the record
                // goes out, as in Tidemark's source context
                source.run(new SplitContext<>(lock, watermarks, subtask, parallelism, perEvent, (element, ts) -> {
                    Throwable e = timerError.get();
                    if (e != null) {
                        throw new IllegalStateException("periodic watermark emission failed", e);
                    }
                    if (due != null) {
                        due.fireDue();
                    }
                    out.add(1L);
                    ctx.collectWithTimestamp(element, ts);
                }));
            } finally {
                if (wallTimer != null) {
                    wallTimer.shutdownNow();
                    wallTimer.awaitTermination(10, TimeUnit.SECONDS);
                }
            }
            Throwable e = timerError.get();
            if (e != null) {
                throw new IllegalStateException("periodic watermark emission failed", e);
            }
            if (due != null && !cancelled) {
                // Tidemark's source task fires the due timers once more at the end of the input
                synchronized (lock) {
                    due.fireDue();
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
     * The periodic emission of a split source on a driven clock: Tidemark's one processing-time timer
     * of the source task, fired (under the lock, on the source thread) when the clock has reached it,
     * then registered again one period after the clock's current time.
     */
    static final class DrivenTimer {
        private final Clock clock;
        private final long period;
        private final SplitWatermarks<?> watermarks;
        private long next;
        private boolean firing;

        DrivenTimer(Clock clock, long period, SplitWatermarks<?> watermarks) {
            this.clock = clock;
            this.period = period;
            this.watermarks = watermarks;
            this.next = clock.currentTimeMillis() + period;
        }

        /** Fires the periodic emission if it is due; a call from inside the emission does nothing. */
        void fireDue() {
            if (firing) {
                return;
            }
            firing = true;
            try {
                long now = clock.currentTimeMillis();
                while (next <= now) {
                    next = Long.MAX_VALUE;
                    watermarks.onPeriodicEmit();
                    next = clock.currentTimeMillis() + period;
                }
            } finally {
                firing = false;
            }
        }
    }
}
