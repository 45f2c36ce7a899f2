package io.tidemark.runtime.operators.windowing;

import io.tidemark.api.common.functions.Function;
import io.tidemark.api.common.functions.OpenContext;
import io.tidemark.api.common.functions.RichFunction;
import io.tidemark.api.common.state.KeyedStateStore;
import io.tidemark.api.common.state.MergingState;
import io.tidemark.api.common.state.State;
import io.tidemark.api.common.state.StateDescriptor;
import io.tidemark.runtime.operators.AbstractStreamOperator;
import io.tidemark.runtime.operators.TimestampedCollector;
import io.tidemark.runtime.state.KeyedStateStoreImpl;
import io.tidemark.runtime.state.VoidNamespace;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.timers.Timer;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.functions.windowing.WindowFunction;
import io.tidemark.streaming.api.windowing.Firing;
import io.tidemark.streaming.api.windowing.assigners.MergingWindowAssigner;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.triggers.TriggerResult;
import io.tidemark.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.triggers.EventTimeTrigger;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.streaming.api.windowing.windows.Window;

import io.tidemark.util.OutputTag;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The window operator of a keyed stream: assigns elements to windows, asks the trigger when to fire,
 * evaluates the window function, handles allowed lateness and late data, and cleans state up.
 *
 * <p>Design, following Flink's {@code WindowOperator} rule for rule:
 * <ul>
 *   <li>A window is <i>late</i> when {@code maxTimestamp + allowedLateness <= watermark} (event time;
 *       the sum saturates at {@code Long.MAX_VALUE}); its state is cleared at that cleanup time.
 *   <li>An element skips its late windows and updates the others. It is a late record only when every
 *       window it belongs to is late (and {@code timestamp + allowedLateness <= watermark}); it then
 *       goes to the late side output if one is set, and is counted in either case.
 *   <li>Merging windows (sessions) merge on arrival; an element that merges into a live session is
 *       not late. Merging re-registers the trigger's timers for the merged window.
 *   <li>Results carry the timestamp {@code window.maxTimestamp()}.
 * </ul>
 *
 * <p>State: per key, a map from window to {@link WindowContents} (one accumulator, value or element
 * list, plus the firing count). Live windows per key: 1–2 for tumbling, {@code size/slide}+1 for
 * sliding, a few for sessions; every window's state is released at its cleanup time. Timers:
 * one trigger timer and one cleanup timer per (key, window), de-duplicated (they coincide when the
 * allowed lateness is 0).
 */
public final class WindowOperator<K, IN, ACC, OUT, W extends Window> extends AbstractStreamOperator<IN, OUT> {

    private final WindowAssigner<? super IN, W> assigner;
    private final Trigger<? super IN, ? super W> trigger;
    private final WindowAccumulation<IN, ACC> accumulation;
    private final Object windowFunction;
    private final long allowedLateness;
    private final OutputTag<IN> lateDataTag;
    private final boolean merging;
    private final boolean eventTime;

    private final Map<Object, Map<W, WindowContents>> windowsByKey = new HashMap<>();

    /**
     * Aligned fast path (event-time tumbling or sliding windows of the built-in assigners with the
     * built-in {@link EventTimeTrigger}): windows are computed from the timestamp without allocating,
     * each key's live windows sit in one small {@link KeyWindows} (one hash lookup per element), and
     * the trigger and cleanup timers of a (key, window) are registered once, when its contents are
     * created. That is what the general path does too: EventTimeTrigger registers the same timer
     * (de-duplicated) on every element while the watermark is before the window end, and never purges,
     * so the timer exists from the first element until it fires; the cleanup timer likewise. Timer
     * registration order, firing order, results, metrics and late handling are unchanged.
     */
    private final boolean aligned;
    private final long alignedSize;
    private final long alignedSlide;
    private final long alignedOffset;
    private final Map<Object, KeyWindows> alignedByKey = new HashMap<>();
    private TriggerCtx triggerCtx;
    private WindowCtx windowCtx;
    private TimestampedCollector<OUT> collector;
    private final AssignerCtx assignerCtx = new AssignerCtx();
    private boolean inputEnded;

    /**
     * @param windowFunction a {@link ProcessWindowFunction}, a {@link WindowFunction}, or {@code null}
     *     to emit the accumulated value itself (aggregate / reduce)
     */
    public WindowOperator(WindowAssigner<? super IN, W> assigner, Trigger<? super IN, ? super W> trigger,
            WindowAccumulation<IN, ACC> accumulation, Object windowFunction, long allowedLateness,
            OutputTag<IN> lateDataTag) {
        if (allowedLateness < 0) {
            throw new IllegalArgumentException("allowed lateness cannot be negative: " + allowedLateness);
        }
        if (assigner instanceof MergingWindowAssigner && !trigger.canMerge()) {
            throw new UnsupportedOperationException(
                    "a merging window assigner (" + assigner + ") needs a trigger that can merge; " + trigger + " cannot");
        }
        this.assigner = assigner;
        this.trigger = trigger;
        this.accumulation = accumulation;
        this.windowFunction = windowFunction;
        this.allowedLateness = assigner.isEventTime() ? allowedLateness : 0;
        this.lateDataTag = lateDataTag;
        this.merging = assigner instanceof MergingWindowAssigner;
        this.eventTime = assigner.isEventTime();
        boolean builtInTrigger = trigger.getClass() == EventTimeTrigger.class;
        if (builtInTrigger && assigner.getClass() == TumblingEventTimeWindows.class) {
            TumblingEventTimeWindows t = (TumblingEventTimeWindows) (Object) assigner;
            this.aligned = true;
            this.alignedSize = t.getSize();
            this.alignedSlide = t.getSize();
            this.alignedOffset = t.getOffset();
        } else if (builtInTrigger && assigner.getClass() == SlidingEventTimeWindows.class) {
            SlidingEventTimeWindows t = (SlidingEventTimeWindows) (Object) assigner;
            this.aligned = true;
            this.alignedSize = t.getSize();
            this.alignedSlide = t.getSlide();
            this.alignedOffset = t.getOffset();
        } else {
            this.aligned = false;
            this.alignedSize = 0;
            this.alignedSlide = 0;
            this.alignedOffset = 0;
        }
    }

    /** One key's live aligned windows: a few entries, looked up by start with a linear scan. */
    private static final class KeyWindows {
        long[] starts = new long[4];
        TimeWindow[] windows = new TimeWindow[4];
        WindowContents[] contents = new WindowContents[4];
        int size;

        int find(long start) {
            long[] st = starts;
            for (int i = 0, n = size; i < n; i++) {
                if (st[i] == start) {
                    return i;
                }
            }
            return -1;
        }

        int add(TimeWindow window, WindowContents c) {
            if (size == starts.length) {
                int cap = size * 2;
                starts = java.util.Arrays.copyOf(starts, cap);
                windows = java.util.Arrays.copyOf(windows, cap);
                contents = java.util.Arrays.copyOf(contents, cap);
            }
            starts[size] = window.getStart();
            windows[size] = window;
            contents[size] = c;
            return size++;
        }

        void remove(int i) {
            int last = --size;
            starts[i] = starts[last];
            windows[i] = windows[last];
            contents[i] = contents[last];
            windows[last] = null;
            contents[last] = null;
        }
    }

    @Override
    public void open() throws Exception {
        super.open();
        for (Function f : new Function[] {accumulation.function(), windowFunction instanceof Function ? (Function) windowFunction : null}) {
            if (f instanceof RichFunction) {
                ((RichFunction) f).setRuntimeContext(new io.tidemark.runtime.operators.StreamingRuntimeContext(context, keyedState));
                ((RichFunction) f).open(new OpenContext() {});
            }
        }
        triggerCtx = new TriggerCtx();
        collector = new TimestampedCollector<>(output);
        if (windowFunction instanceof ProcessWindowFunction) {
            windowCtx = new WindowCtx((ProcessWindowFunction<?, ?, ?, ?>) windowFunction);
        }
    }

    @Override
    public void close() throws Exception {
        for (Function f : new Function[] {accumulation.function(), windowFunction instanceof Function ? (Function) windowFunction : null}) {
            if (f instanceof RichFunction) {
                ((RichFunction) f).close();
            }
        }
    }

    // ------------------------------------------------------------------ elements

    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        if (aligned) {
            processAligned(record);
            return;
        }
        IN value = record.getValue();
        long timestamp = record.getTimestamp();
        Collection<W> windows = assigner.assignWindows(value, timestamp, assignerCtx);
        Object key = keyedState.getCurrentKey();
        Map<W, WindowContents> keyWindows = windowsByKey.get(key);
        if (keyWindows == null) {
            keyWindows = merging ? new LinkedHashMap<>() : new HashMap<>(4);
            windowsByKey.put(key, keyWindows);
        }
        boolean skipped = true;
        boolean behindWatermark = false;
        for (W assigned : windows) {
            W window = merging ? addMergingWindow(key, keyWindows, assigned) : assigned;
            if (isWindowLate(window)) {
                if (merging) {
                    keyWindows.remove(window);
                }
                continue;
            }
            skipped = false;
            WindowContents contents = keyWindows.get(window);
            if (contents == null) {
                contents = new WindowContents();
                keyWindows.put(window, contents);
            }
            if (contents.hasData) {
                contents.acc = accumulation.add(cast(contents.acc), value);
            } else {
                contents.acc = accumulation.first(value);
                contents.hasData = true;
            }
            if (eventTime && window.maxTimestamp() <= currentWatermark) {
                behindWatermark = true;
            }
            triggerCtx.set(key, window);
            TriggerResult result = triggerCtx.onElement(value, timestamp);
            if (result.isFire()) {
                emit(key, window, contents);
            }
            if (result.isPurge()) {
                purge(contents);
            }
            registerCleanupTimer(window);
        }
        if (keyWindows.isEmpty()) {
            windowsByKey.remove(key);
        }
        if (skipped) {
            if (windows.isEmpty()) {
                metrics.numRecordsWithoutWindow.inc();
            } else if (isElementLate(timestamp) || !eventTime) {
                lateElement(record);
            } else {
                metrics.numRecordsWithoutWindow.inc();
            }
        } else if (behindWatermark) {
            metrics.numLateRecordsReFired.inc();
        }
    }

    /**
     * The aligned fast path; rule for rule the general path with the assigner's windows (latest start
     * first), {@link EventTimeTrigger#onElement} and the cleanup timer inlined as described at
     * {@link #aligned}.
     */
    @SuppressWarnings("unchecked")
    private void processAligned(StreamRecord<IN> record) throws Exception {
        IN value = record.getValue();
        long timestamp = record.getTimestamp();
        if (timestamp == Long.MIN_VALUE) {
            assigner.assignWindows(value, timestamp, assignerCtx); // throws the assigner's own error
        }
        Object key = keyedState.getCurrentKey();
        KeyWindows kw = alignedByKey.get(key);
        if (kw == null) {
            kw = new KeyWindows();
            alignedByKey.put(key, kw);
        }
        long size = alignedSize;
        long slide = alignedSlide;
        long watermark = currentWatermark;
        boolean skipped = true;
        boolean anyWindow = false;
        boolean behindWatermark = false;
        for (long start = TimeWindow.getWindowStartWithOffset(timestamp, alignedOffset, slide);
                start > timestamp - size; start -= slide) {
            anyWindow = true;
            long maxTimestamp = start + size - 1;
            long cleanup = maxTimestamp + allowedLateness;
            if (cleanup < maxTimestamp) {
                cleanup = Long.MAX_VALUE;
            }
            if (cleanup <= watermark) {
                continue; // a late window
            }
            skipped = false;
            int i = kw.find(start);
            WindowContents contents;
            TimeWindow window;
            boolean created = i < 0;
            if (created) {
                window = new TimeWindow(start, start + size);
                contents = new WindowContents();
                kw.add(window, contents);
            } else {
                window = kw.windows[i];
                contents = kw.contents[i];
            }
            if (contents.hasData) {
                contents.acc = accumulation.add(cast(contents.acc), value);
            } else {
                contents.acc = accumulation.first(value);
                contents.hasData = true;
            }
            if (maxTimestamp <= watermark) {
                behindWatermark = true;
                emit(key, (W) (Window) window, contents); // EventTimeTrigger: FIRE
            } else if (created) {
                timerService.registerEventTimeTimer(window, maxTimestamp); // EventTimeTrigger's timer
            }
            if (created && cleanup != Long.MAX_VALUE) {
                timerService.registerEventTimeTimer(window, cleanup);
            }
        }
        if (kw.size == 0) {
            alignedByKey.remove(key);
        }
        if (skipped) {
            if (anyWindow && isElementLate(timestamp)) {
                lateElement(record);
            } else {
                metrics.numRecordsWithoutWindow.inc();
            }
        } else if (behindWatermark) {
            metrics.numLateRecordsReFired.inc();
        }
    }

    private void lateElement(StreamRecord<IN> record) {
        if (lateDataTag != null) {
            metrics.numLateRecordsSideOutput.inc();
            output.collect(lateDataTag, record);
        } else {
            metrics.numLateRecordsDropped.inc();
        }
    }

    /**
     * Adds {@code newWindow} to the key's windows, merging it (and any windows it bridges) as the
     * assigner decides. Returns the window the element belongs to after merging.
     */
    private W addMergingWindow(Object key, Map<W, WindowContents> keyWindows, W newWindow) throws Exception {
        List<W> all = new ArrayList<>(keyWindows.keySet());
        all.add(newWindow);
        Map<W, Collection<W>> merges = new LinkedHashMap<>();
        @SuppressWarnings("unchecked")
        MergingWindowAssigner<? super IN, W> mergingAssigner = (MergingWindowAssigner<? super IN, W>) assigner;
        mergingAssigner.mergeWindows(all, (toBeMerged, mergeResult) -> merges.put(mergeResult, new ArrayList<>(toBeMerged)));
        W result = newWindow;
        for (Map.Entry<W, Collection<W>> merge : merges.entrySet()) {
            W mergeResult = merge.getKey();
            Collection<W> merged = merge.getValue();
            if (merged.remove(newWindow)) {
                result = mergeResult;
            }
            WindowContents combined = new WindowContents();
            for (W m : merged) {
                WindowContents c = keyWindows.remove(m);
                if (c != null) {
                    combined.absorb(c, castAccumulation());
                }
            }
            keyWindows.put(mergeResult, combined);
            if (!(merged.size() == 1 && merged.contains(mergeResult))) {
                if (eventTime && cleanupTime(mergeResult) <= currentWatermark) {
                    throw new UnsupportedOperationException("merging made window " + mergeResult
                            + " end before the current watermark " + currentWatermark + "; this assigner cannot be used");
                }
                triggerCtx.set(key, mergeResult);
                triggerCtx.mergedWindows = merged;
                trigger.onMerge(mergeResult, triggerCtx);
                triggerCtx.mergedWindows = null;
                for (W m : merged) {
                    if (!m.equals(mergeResult)) {
                        triggerCtx.set(key, m);
                        trigger.clear(m, triggerCtx);
                        deleteCleanupTimer(m);
                        keyedState.clearNamespace(m);
                    }
                }
            }
        }
        return result;
    }

    // ------------------------------------------------------------------ timers

    @Override
    @SuppressWarnings("unchecked")
    public void onEventTime(Timer timer) throws Exception {
        onTimer(timer, (W) timer.getNamespace(), true);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void onProcessingTime(Timer timer) throws Exception {
        onTimer(timer, (W) timer.getNamespace(), false);
    }

    private void onTimer(Timer timer, W window, boolean eventTimeTimer) throws Exception {
        if (aligned) {
            onAlignedTimer(timer, window, eventTimeTimer);
            return;
        }
        Object key = timer.getKey();
        Map<W, WindowContents> keyWindows = windowsByKey.get(key);
        WindowContents contents = keyWindows == null ? null : keyWindows.get(window);
        if (merging && contents == null) {
            return; // the window merged away or was cleaned; its timers are stale
        }
        triggerCtx.set(key, window);
        TriggerResult result = eventTimeTimer
                ? trigger.onEventTime(timer.getTimestamp(), cast(window), triggerCtx)
                : trigger.onProcessingTime(timer.getTimestamp(), cast(window), triggerCtx);
        if (contents != null) {
            if (result.isFire()) {
                emit(key, window, contents);
            }
            if (result.isPurge()) {
                purge(contents);
            }
        }
        if (eventTimeTimer == eventTime && timer.getTimestamp() == cleanupTime(window)) {
            clearAllState(key, window, keyWindows);
        }
    }

    /** {@link #onTimer} for the aligned fast path: the same steps on the key's {@link KeyWindows}. */
    private void onAlignedTimer(Timer timer, W window, boolean eventTimeTimer) throws Exception {
        Object key = timer.getKey();
        KeyWindows kw = alignedByKey.get(key);
        long start = ((TimeWindow) (Window) window).getStart();
        int i = kw == null ? -1 : kw.find(start);
        WindowContents contents = i < 0 ? null : kw.contents[i];
        triggerCtx.set(key, window);
        TriggerResult result = eventTimeTimer
                ? trigger.onEventTime(timer.getTimestamp(), cast(window), triggerCtx)
                : trigger.onProcessingTime(timer.getTimestamp(), cast(window), triggerCtx);
        if (contents != null) {
            if (result.isFire()) {
                emit(key, window, contents);
            }
            if (result.isPurge()) {
                purge(contents);
            }
        }
        if (eventTimeTimer && timer.getTimestamp() == cleanupTime(window)) {
            if (i >= 0) {
                kw.remove(kw.find(start)); // the window function may not touch this key's windows, but look again
                if (kw.size == 0) {
                    alignedByKey.remove(key);
                }
            }
            clearAllState(key, window, null);
        }
    }

    private void clearAllState(Object key, W window, Map<W, WindowContents> keyWindows) throws Exception {
        if (keyWindows != null) {
            keyWindows.remove(window);
            if (keyWindows.isEmpty()) {
                windowsByKey.remove(key);
            }
        }
        triggerCtx.set(key, window);
        trigger.clear(cast(window), triggerCtx);
        if (windowCtx != null) {
            windowCtx.prepare(window, null);
            ((ProcessWindowFunction<?, ?, ?, ?>) windowFunction).clear(cast(windowCtx));
        }
        keyedState.clearNamespace(window);
    }

    @Override
    public void endInput() throws Exception {
        if (!eventTime) {
            // a bounded input ends processing time too: pending processing-time windows fire now,
            // on time (as if the clock had reached their end)
            inputEnded = true;
            timerService.fireAllProcessingTimeTimers();
        }
        super.endInput();
    }

    // ------------------------------------------------------------------ emission

    /**
     * The timing of a firing compares time at the firing (the watermark for event-time windows, the
     * clock for processing-time windows) with the window's end: before it EARLY; the first firing at
     * or after it ON_TIME; every later one LATE. Being observable, the same rule holds on Flink.
     */
    private Firing.Timing timing(W window, WindowContents contents) {
        long now = eventTime ? currentWatermark : inputEnded ? Long.MAX_VALUE : context.getClock().currentTimeMillis();
        if (now < window.maxTimestamp()) {
            return Firing.Timing.EARLY;
        }
        return contents.onTimeFired ? Firing.Timing.LATE : Firing.Timing.ON_TIME;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private void emit(Object key, W window, WindowContents contents) throws Exception {
        if (!contents.hasData) {
            return;
        }
        Firing.Timing timing = timing(window, contents);
        if (timing == Firing.Timing.ON_TIME) {
            contents.onTimeFired = true;
        }
        contents.firings++;
        metrics.numWindowFirings.inc();
        Firing firing = new Firing(timing, contents.firings, currentWatermark);
        collector.setTimestamp(window.maxTimestamp());
        Iterable<?> elements = accumulation.elements(cast(contents.acc));
        if (windowFunction == null) {
            for (Object o : elements) {
                collector.collect((OUT) o);
            }
        } else if (windowFunction instanceof ProcessWindowFunction) {
            windowCtx.prepare(window, firing);
            ((ProcessWindowFunction) windowFunction).process(key, windowCtx, elements, collector);
        } else {
            ((WindowFunction) windowFunction).apply(key, window, elements, collector);
        }
        contents.acc = accumulation.afterEmit(cast(contents.acc), elements);
    }

    private void purge(WindowContents contents) {
        contents.acc = null;
        contents.hasData = false;
    }

    // ------------------------------------------------------------------ lateness

    private long cleanupTime(W window) {
        if (!eventTime) {
            return window.maxTimestamp();
        }
        long t = window.maxTimestamp() + allowedLateness;
        return t >= window.maxTimestamp() ? t : Long.MAX_VALUE;
    }

    private boolean isWindowLate(W window) {
        return eventTime && cleanupTime(window) <= currentWatermark;
    }

    private boolean isElementLate(long timestamp) {
        if (!eventTime) {
            return false;
        }
        long t = timestamp + allowedLateness;
        if (t < timestamp) {
            return false; // saturates: never late
        }
        return t <= currentWatermark;
    }

    private void registerCleanupTimer(W window) {
        long t = cleanupTime(window);
        if (t == Long.MAX_VALUE) {
            return; // e.g. the global window: never cleaned up
        }
        if (eventTime) {
            timerService.registerEventTimeTimer(window, t);
        } else {
            timerService.registerProcessingTimeTimer(window, t);
        }
    }

    private void deleteCleanupTimer(W window) {
        long t = cleanupTime(window);
        if (t == Long.MAX_VALUE) {
            return;
        }
        if (eventTime) {
            timerService.deleteEventTimeTimer(window, t);
        } else {
            timerService.deleteProcessingTimeTimer(window, t);
        }
    }

    /** Live windows across all keys; for tests and memory checks. */
    public int numLiveWindows() {
        int n = 0;
        for (Map<W, WindowContents> m : windowsByKey.values()) {
            n += m.size();
        }
        for (KeyWindows kw : alignedByKey.values()) {
            n += kw.size;
        }
        return n;
    }

    @SuppressWarnings("unchecked")
    private static <X> X cast(Object o) {
        return (X) o;
    }

    @SuppressWarnings("unchecked")
    private WindowAccumulation<?, Object> castAccumulation() {
        return (WindowAccumulation<?, Object>) (WindowAccumulation<?, ?>) accumulation;
    }

    // ------------------------------------------------------------------ contexts

    private final class AssignerCtx extends WindowAssigner.WindowAssignerContext {
        @Override
        public long getCurrentProcessingTime() {
            return context.getClock().currentTimeMillis();
        }
    }

    /** The trigger's view: timers and state scoped to the current key and window. */
    private final class TriggerCtx implements Trigger.OnMergeContext {
        W window;
        Collection<W> mergedWindows;

        void set(Object key, W window) {
            keyedState.setCurrentKey(key);
            this.window = window;
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        TriggerResult onElement(IN value, long timestamp) throws Exception {
            return ((Trigger) trigger).onElement(value, timestamp, window, this);
        }

        @Override
        public long getCurrentProcessingTime() {
            return context.getClock().currentTimeMillis();
        }

        @Override
        public long getCurrentWatermark() {
            return currentWatermark;
        }

        @Override
        public void registerProcessingTimeTimer(long time) {
            timerService.registerProcessingTimeTimer(window, time);
        }

        @Override
        public void registerEventTimeTimer(long time) {
            timerService.registerEventTimeTimer(window, time);
        }

        @Override
        public void deleteProcessingTimeTimer(long time) {
            timerService.deleteProcessingTimeTimer(window, time);
        }

        @Override
        public void deleteEventTimeTimer(long time) {
            timerService.deleteEventTimeTimer(window, time);
        }

        @Override
        public <S extends State> S getPartitionedState(StateDescriptor<S, ?> descriptor) {
            return keyedState.getPartitionedState(window, descriptor);
        }

        @Override
        public <S extends MergingState<?, ?>> void mergePartitionedState(StateDescriptor<S, ?> descriptor) {
            if (mergedWindows != null && !mergedWindows.isEmpty()) {
                keyedState.mergeNamespaces(descriptor, window, mergedWindows);
            }
        }
    }

    /** The window function's view. */
    private final class WindowCtx extends ProcessWindowFunction<Object, Object, Object, Window>.Context {
        W window;
        Firing firing;
        private final KeyedStateStore windowState;
        private final KeyedStateStore globalState;

        @SuppressWarnings({"unchecked", "rawtypes"})
        WindowCtx(ProcessWindowFunction<?, ?, ?, ?> function) {
            ((ProcessWindowFunction<Object, Object, Object, Window>) (ProcessWindowFunction) function).super();
            this.windowState = new KeyedStateStoreImpl(keyedState, () -> {
                if (merging) {
                    throw new UnsupportedOperationException("per-window state is not supported with merging windows");
                }
                return window;
            });
            this.globalState = new KeyedStateStoreImpl(keyedState, () -> VoidNamespace.INSTANCE);
        }

        void prepare(W window, Firing firing) {
            this.window = window;
            this.firing = firing;
        }

        @Override
        public Window window() {
            return window;
        }

        @Override
        public long currentProcessingTime() {
            return context.getClock().currentTimeMillis();
        }

        @Override
        public long currentWatermark() {
            return currentWatermark;
        }

        @Override
        public KeyedStateStore windowState() {
            return windowState;
        }

        @Override
        public KeyedStateStore globalState() {
            return globalState;
        }

        @Override
        public <X> void output(OutputTag<X> outputTag, X value) {
            output.collect(outputTag, new StreamRecord<>(value, window.maxTimestamp()));
        }

        @Override
        public Firing firing() {
            return firing;
        }
    }

}
