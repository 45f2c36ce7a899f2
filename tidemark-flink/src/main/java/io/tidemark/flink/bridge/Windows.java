package io.tidemark.flink.bridge;

import io.tidemark.api.common.state.KeyedStateStore;
import io.tidemark.api.common.state.MergingState;
import io.tidemark.api.common.state.State;
import io.tidemark.api.common.state.StateDescriptor;
import io.tidemark.runtime.operators.windowing.WindowRules;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.functions.windowing.WindowFunction;
import io.tidemark.streaming.api.functions.windowing.delta.DeltaFunction;
import io.tidemark.streaming.api.windowing.Firing;
import io.tidemark.streaming.api.windowing.evictors.Evictor;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.triggers.TriggerResult;
import io.tidemark.streaming.api.windowing.windows.GlobalWindow;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.streaming.api.windowing.windows.Window;
import io.tidemark.streaming.runtime.operators.windowing.TimestampedValue;
import io.tidemark.util.OutputTag;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.streaming.api.functions.windowing.RichWindowFunction;

/** Windows, window functions and user-defined triggers between Tidemark and Flink. */
public final class Windows {

    private Windows() {}

    /** The Tidemark window equal to a Flink window. */
    public static Window toTidemark(org.apache.flink.streaming.api.windowing.windows.Window w) {
        if (w instanceof org.apache.flink.streaming.api.windowing.windows.TimeWindow) {
            org.apache.flink.streaming.api.windowing.windows.TimeWindow t = (org.apache.flink.streaming.api.windowing.windows.TimeWindow) w;
            return new TimeWindow(t.getStart(), t.getEnd());
        }
        if (w instanceof org.apache.flink.streaming.api.windowing.windows.GlobalWindow) {
            return GlobalWindow.get();
        }
        throw new UnsupportedOperationException("no Tidemark window for " + w);
    }

    static org.apache.flink.streaming.api.windowing.triggers.TriggerResult toFlink(TriggerResult r) {
        return org.apache.flink.streaming.api.windowing.triggers.TriggerResult.valueOf(r.name());
    }

    // ------------------------------------------------------------------ user-defined triggers

    /**
     * A user-defined Tidemark trigger run by Flink's window operator: windows are converted, timers and
     * partitioned state (scoped to key and window by Flink) are Flink's.
     */
    public static final class TriggerBridge
            extends org.apache.flink.streaming.api.windowing.triggers.Trigger<Object, org.apache.flink.streaming.api.windowing.windows.Window> {
        private static final long serialVersionUID = 1L;
        private final Trigger<Object, Window> trigger;

        public TriggerBridge(Trigger<Object, Window> trigger) {
            this.trigger = trigger;
        }

        @Override
        public org.apache.flink.streaming.api.windowing.triggers.TriggerResult onElement(Object element, long timestamp,
                org.apache.flink.streaming.api.windowing.windows.Window window, TriggerContext ctx) throws Exception {
            return toFlink(trigger.onElement(element, timestamp, toTidemark(window), new Ctx(ctx, null)));
        }

        @Override
        public org.apache.flink.streaming.api.windowing.triggers.TriggerResult onProcessingTime(long time,
                org.apache.flink.streaming.api.windowing.windows.Window window, TriggerContext ctx) throws Exception {
            return toFlink(trigger.onProcessingTime(time, toTidemark(window), new Ctx(ctx, null)));
        }

        @Override
        public org.apache.flink.streaming.api.windowing.triggers.TriggerResult onEventTime(long time,
                org.apache.flink.streaming.api.windowing.windows.Window window, TriggerContext ctx) throws Exception {
            return toFlink(trigger.onEventTime(time, toTidemark(window), new Ctx(ctx, null)));
        }

        @Override
        public boolean canMerge() {
            return trigger.canMerge();
        }

        @Override
        public void onMerge(org.apache.flink.streaming.api.windowing.windows.Window window, OnMergeContext ctx) throws Exception {
            trigger.onMerge(toTidemark(window), new Ctx(ctx, ctx));
        }

        @Override
        public void clear(org.apache.flink.streaming.api.windowing.windows.Window window, TriggerContext ctx) throws Exception {
            trigger.clear(toTidemark(window), new Ctx(ctx, null));
        }

        @Override
        public String toString() {
            return "TidemarkTrigger(" + trigger + ")";
        }

        private static final class Ctx implements Trigger.OnMergeContext {
            private final org.apache.flink.streaming.api.windowing.triggers.Trigger.TriggerContext ctx;
            private final org.apache.flink.streaming.api.windowing.triggers.Trigger.OnMergeContext merge;

            Ctx(org.apache.flink.streaming.api.windowing.triggers.Trigger.TriggerContext ctx,
                    org.apache.flink.streaming.api.windowing.triggers.Trigger.OnMergeContext merge) {
                this.ctx = ctx;
                this.merge = merge;
            }

            @Override
            public long getCurrentProcessingTime() {
                return ctx.getCurrentProcessingTime();
            }

            @Override
            public long getCurrentWatermark() {
                return ctx.getCurrentWatermark();
            }

            @Override
            public void registerProcessingTimeTimer(long time) {
                ctx.registerProcessingTimeTimer(time);
            }

            @Override
            public void registerEventTimeTimer(long time) {
                ctx.registerEventTimeTimer(time);
            }

            @Override
            public void deleteProcessingTimeTimer(long time) {
                ctx.deleteProcessingTimeTimer(time);
            }

            @Override
            public void deleteEventTimeTimer(long time) {
                ctx.deleteEventTimeTimer(time);
            }

            @Override
            public <S extends State> S getPartitionedState(StateDescriptor<S, ?> d) {
                return States.get(new States.Access() {
                    @Override
                    public <F extends org.apache.flink.api.common.state.State> F get(
                            org.apache.flink.api.common.state.StateDescriptor<F, ?> fd) {
                        return ctx.getPartitionedState(fd);
                    }
                }, d);
            }

            @Override
            @SuppressWarnings({"unchecked", "rawtypes"})
            public <S extends MergingState<?, ?>> void mergePartitionedState(StateDescriptor<S, ?> d) {
                if (merge == null) {
                    throw new IllegalStateException("mergePartitionedState outside onMerge");
                }
                merge.mergePartitionedState((org.apache.flink.api.common.state.StateDescriptor) States.toFlink(d));
            }

            @SuppressWarnings("unused")
            MetricGroup metrics() {
                return ctx.getMetricGroup();
            }
        }
    }

    // ------------------------------------------------------------------ delta functions and evictors

    /** A Tidemark {@link DeltaFunction} as Flink's (for Flink's {@code DeltaTrigger} and {@code DeltaEvictor}). */
    public static final class Delta implements org.apache.flink.streaming.api.functions.windowing.delta.DeltaFunction<Object> {
        private static final long serialVersionUID = 1L;
        private final DeltaFunction<Object> f;

        public Delta(DeltaFunction<Object> f) {
            this.f = f;
        }

        @Override
        public double getDelta(Object oldDataPoint, Object newDataPoint) {
            return f.getDelta(oldDataPoint, newDataPoint);
        }
    }

    /**
     * A user-defined Tidemark {@link Evictor} run by Flink's evicting window operator: it sees Flink's
     * elements as Tidemark {@link TimestampedValue}s, and what it removes through the iterator is removed
     * from Flink's.
     */
    public static final class EvictorBridge
            implements org.apache.flink.streaming.api.windowing.evictors.Evictor<Object, org.apache.flink.streaming.api.windowing.windows.Window> {
        private static final long serialVersionUID = 1L;
        private final Evictor<Object, Window> evictor;

        public EvictorBridge(Evictor<Object, Window> evictor) {
            this.evictor = evictor;
        }

        @Override
        public void evictBefore(Iterable<org.apache.flink.streaming.runtime.operators.windowing.TimestampedValue<Object>> elements,
                int size, org.apache.flink.streaming.api.windowing.windows.Window window, EvictorContext ctx) {
            evictor.evictBefore(view(elements), size, toTidemark(window), context(ctx));
        }

        @Override
        public void evictAfter(Iterable<org.apache.flink.streaming.runtime.operators.windowing.TimestampedValue<Object>> elements,
                int size, org.apache.flink.streaming.api.windowing.windows.Window window, EvictorContext ctx) {
            evictor.evictAfter(view(elements), size, toTidemark(window), context(ctx));
        }

        private static Evictor.EvictorContext context(EvictorContext ctx) {
            return new Evictor.EvictorContext() {
                @Override
                public long getCurrentProcessingTime() {
                    return ctx.getCurrentProcessingTime();
                }

                @Override
                public long getCurrentWatermark() {
                    return ctx.getCurrentWatermark();
                }
            };
        }

        private static Iterable<TimestampedValue<Object>> view(
                Iterable<org.apache.flink.streaming.runtime.operators.windowing.TimestampedValue<Object>> elements) {
            return () -> {
                Iterator<org.apache.flink.streaming.runtime.operators.windowing.TimestampedValue<Object>> it = elements.iterator();
                return new Iterator<>() {
                    @Override
                    public boolean hasNext() {
                        return it.hasNext();
                    }

                    @Override
                    public TimestampedValue<Object> next() {
                        var e = it.next();
                        return e.hasTimestamp() ? new TimestampedValue<>(e.getValue(), e.getTimestamp())
                                : new TimestampedValue<>(e.getValue());
                    }

                    @Override
                    public void remove() {
                        it.remove();
                    }
                };
            };
        }

        @Override
        public String toString() {
            return "TidemarkEvictor(" + evictor + ")";
        }
    }

    // ------------------------------------------------------------------ end of input

    /**
     * Tidemark fires the pending processing-time timers of a processing-time window operator when its
     * bounded input ends; Flink drops them. This wrapper of a processing-time window's (translated)
     * trigger keeps an event-time timer at {@code Long.MAX_VALUE} per window — the final watermark
     * arrives exactly when the input ends — and then asks the trigger what processing time reaching
     * the window's end would do ({@code onProcessingTime(window.maxTimestamp())}), which is the
     * timer Tidemark always has pending there (its cleanup timer). Other pending processing-time timers
     * of a user trigger are not fired early.
     */
    public static final class FireAtEndOfInput<W extends org.apache.flink.streaming.api.windowing.windows.Window>
            extends org.apache.flink.streaming.api.windowing.triggers.Trigger<Object, W> {
        private static final long serialVersionUID = 1L;
        private final org.apache.flink.streaming.api.windowing.triggers.Trigger<Object, W> nested;

        public FireAtEndOfInput(org.apache.flink.streaming.api.windowing.triggers.Trigger<Object, W> nested) {
            this.nested = nested;
        }

        @Override
        public org.apache.flink.streaming.api.windowing.triggers.TriggerResult onElement(Object element, long timestamp, W window,
                TriggerContext ctx) throws Exception {
            ctx.registerEventTimeTimer(Long.MAX_VALUE);
            return nested.onElement(element, timestamp, window, ctx);
        }

        @Override
        public org.apache.flink.streaming.api.windowing.triggers.TriggerResult onProcessingTime(long time, W window,
                TriggerContext ctx) throws Exception {
            return nested.onProcessingTime(time, window, ctx);
        }

        @Override
        public org.apache.flink.streaming.api.windowing.triggers.TriggerResult onEventTime(long time, W window,
                TriggerContext ctx) throws Exception {
            if (time == Long.MAX_VALUE) {
                return nested.onProcessingTime(window.maxTimestamp(), window, ctx);
            }
            return nested.onEventTime(time, window, ctx);
        }

        @Override
        public boolean canMerge() {
            return nested.canMerge();
        }

        @Override
        public void onMerge(W window, OnMergeContext ctx) throws Exception {
            ctx.registerEventTimeTimer(Long.MAX_VALUE);
            nested.onMerge(window, ctx);
        }

        @Override
        public void clear(W window, TriggerContext ctx) throws Exception {
            ctx.deleteEventTimeTimer(Long.MAX_VALUE);
            nested.clear(window, ctx);
        }

        @Override
        public String toString() {
            return "FireAtEndOfInput(" + nested + ")";
        }
    }

    // ------------------------------------------------------------------ window functions

    /** A Tidemark {@link WindowFunction}, or (null) the pass-through of aggregate / reduce results. */
    public static final class Apply extends RichWindowFunction<Object, Object, Object, org.apache.flink.streaming.api.windowing.windows.Window> {
        private static final long serialVersionUID = 1L;
        private final WindowFunction<Object, Object, Object, Window> f;
        private final String name;
        private transient LongCounter firings;
        private transient LongCounter out;

        public Apply(WindowFunction<Object, Object, Object, Window> f, String name) {
            this.f = f;
            this.name = name;
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            firings = Runtime.counter(getRuntimeContext(), name, "numWindowFirings");
            out = Runtime.counter(getRuntimeContext(), name, "numRecordsOut");
            Runtime.open(f, getRuntimeContext());
        }

        @Override
        public void apply(Object key, org.apache.flink.streaming.api.windowing.windows.Window window, Iterable<Object> input,
                org.apache.flink.util.Collector<Object> collector) throws Exception {
            firings.add(1L);
            if (f == null) {
                for (Object o : input) {
                    out.add(1L);
                    collector.collect(o);
                }
            } else {
                f.apply(key, toTidemark(window), input, Runtime.collector(collector, out));
            }
        }

        @Override
        public void close() throws Exception {
            Runtime.close(f);
        }
    }

    /**
     * A Tidemark {@link ProcessWindowFunction}, with the firing descriptor Flink does not have computed
     * by Tidemark's own rule ({@link WindowRules#timing}, with the watermark for event-time windows and
     * the processing time for processing-time windows as "now"). Each window's firing history
     * ({@link WindowRules}) lives in Flink keyed state, in a map in the global (per-key) state keyed by
     * the window ({@code windowState()} is not allowed for merging windows in Flink): a merged session
     * window seen for the first time absorbs the histories of the windows it covers
     * ({@link WindowRules#merged}), as Tidemark's session operators do; the entry is removed when
     * Flink clears the window.
     */
    public static final class ProcessWindow extends org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction<Object, Object, Object,
            org.apache.flink.streaming.api.windowing.windows.Window> {
        private static final long serialVersionUID = 1L;

        /** Window id ("start:end" or "global") → the window's firing history ({@link WindowRules}). */
        static final org.apache.flink.api.common.state.MapStateDescriptor<String, Long> FIRINGS =
                new org.apache.flink.api.common.state.MapStateDescriptor<>("tidemark-window-firings", Types.STRING, Types.LONG);

        private final ProcessWindowFunction<Object, Object, Object, Window> f;
        private final boolean eventTime;
        private final boolean merging;
        private final String name;
        private transient LongCounter firings;
        private transient LongCounter out;
        private transient WCtx ctx;

        public ProcessWindow(ProcessWindowFunction<Object, Object, Object, Window> f, boolean eventTime, boolean merging, String name) {
            this.f = f;
            this.eventTime = eventTime;
            this.merging = merging;
            this.name = name;
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            firings = Runtime.counter(getRuntimeContext(), name, "numWindowFirings");
            out = Runtime.counter(getRuntimeContext(), name, "numRecordsOut");
            ctx = new WCtx(f);
            Runtime.open(f, getRuntimeContext());
        }

        private static String id(Window w) {
            if (w instanceof TimeWindow) {
                return ((TimeWindow) w).getStart() + ":" + ((TimeWindow) w).getEnd();
            }
            return "global";
        }

        private static boolean covers(Window outer, String innerId) {
            if (!(outer instanceof TimeWindow) || innerId.equals("global")) {
                return false;
            }
            int at = innerId.indexOf(':', 1);
            long start = Long.parseLong(innerId.substring(0, at));
            long end = Long.parseLong(innerId.substring(at + 1));
            TimeWindow t = (TimeWindow) outer;
            return t.getStart() <= start && end <= t.getEnd();
        }

        /** Removes the entries of the windows {@code w} covers (merged into it); returns their merged history. */
        private int absorbCovered(org.apache.flink.api.common.state.MapState<String, Long> state, Window w, String own) throws Exception {
            int history = WindowRules.NEVER_FIRED;
            List<String> covered = new ArrayList<>();
            for (Map.Entry<String, Long> e : state.entries()) {
                if (!e.getKey().equals(own) && covers(w, e.getKey())) {
                    covered.add(e.getKey());
                    history = WindowRules.merged(history, e.getValue().intValue());
                }
            }
            for (String k : covered) {
                state.remove(k);
            }
            return history;
        }

        @Override
        public void process(Object key, Context c, Iterable<Object> elements, org.apache.flink.util.Collector<Object> collector)
                throws Exception {
            Window window = toTidemark(c.window());
            org.apache.flink.api.common.state.MapState<String, Long> state = c.globalState().getMapState(FIRINGS);
            String id = id(window);
            Long stored = state.get(id);
            int history = stored != null ? stored.intValue() : merging ? absorbCovered(state, window, id) : WindowRules.NEVER_FIRED;
            long now = eventTime ? c.currentWatermark() : c.currentProcessingTime();
            Firing.Timing timing = WindowRules.timing(history, now, window.maxTimestamp());
            history = WindowRules.fired(history, timing);
            state.put(id, (long) history);
            firings.add(1L);
            ctx.prepare(c, window, new Firing(timing, WindowRules.firings(history), c.currentWatermark()));
            f.process(key, ctx, elements, Runtime.collector(collector, out));
        }

        @Override
        public void clear(Context c) throws Exception {
            Window window = toTidemark(c.window());
            org.apache.flink.api.common.state.MapState<String, Long> state = c.globalState().getMapState(FIRINGS);
            String id = id(window);
            state.remove(id);
            if (merging) {
                absorbCovered(state, window, id);
            }
            ctx.prepare(c, window, null);
            f.clear(ctx);
        }

        @Override
        public void close() throws Exception {
            Runtime.close(f);
        }
    }

    /** Tidemark's window-function context over Flink's. */
    static final class WCtx extends ProcessWindowFunction<Object, Object, Object, Window>.Context {
        private org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction<Object, Object, Object,
                org.apache.flink.streaming.api.windowing.windows.Window>.Context c;
        private Window window;
        private Firing firing;

        WCtx(ProcessWindowFunction<Object, Object, Object, Window> f) {
            f.super();
        }

        void prepare(org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction<Object, Object, Object,
                org.apache.flink.streaming.api.windowing.windows.Window>.Context c, Window window, Firing firing) {
            this.c = c;
            this.window = window;
            this.firing = firing;
        }

        @Override
        public Window window() {
            return window;
        }

        @Override
        public long currentProcessingTime() {
            return c.currentProcessingTime();
        }

        @Override
        public long currentWatermark() {
            return c.currentWatermark();
        }

        @Override
        public KeyedStateStore windowState() {
            return States.store(States.of(c.windowState()));
        }

        @Override
        public KeyedStateStore globalState() {
            return States.store(States.of(c.globalState()));
        }

        @Override
        public <X> void output(OutputTag<X> outputTag, X value) {
            c.output(Runtime.tag(outputTag), value);
        }

        @Override
        public Firing firing() {
            return firing;
        }
    }
}
