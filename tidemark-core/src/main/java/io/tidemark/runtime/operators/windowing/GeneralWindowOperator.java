package io.tidemark.runtime.operators.windowing;

import io.tidemark.api.common.functions.Function;
import io.tidemark.api.common.functions.LongColumnsAggregateFunction;
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
import io.tidemark.streaming.api.windowing.assigners.EventTimeSessionWindows;
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
 * <p>State (general path): per key, a map from window to {@link WindowContents} (one accumulator,
 * value or element list, plus the firing count). Live windows per key: 1–2 for tumbling,
 * {@code size/slide}+1 for sliding, a few for sessions; every window's state is released at its
 * cleanup time. Timers: one trigger timer and one cleanup timer per (key, window), de-duplicated
 * (they coincide when the allowed lateness is 0).
 *
 * <p>Two fast paths give the same results in the same order for the common built-in cases, without
 * per-element allocation: aligned windows ({@link #aligned}: per-window {@link WindowSlice}s shared by
 * all keys, no timers; slide frames for {@link io.tidemark.api.common.functions.Commutative}
 * functions) and fixed-gap sessions ({@link #sessions}: per-key sessions in a {@link KeyMap}, timers in
 * {@link SessionTimers}). Worst cases: aligned, one index probe per window of the element (one per
 * element with frames); sessions, one key lookup and a scan of the key's few sessions, O(log timers)
 * per timer registration and firing.
 */
public final class GeneralWindowOperator<K, IN, ACC, OUT, W extends Window> extends WindowOperator<IN, ACC, OUT> {

    private final WindowAssigner<? super IN, W> windowAssigner;
    private final Trigger<? super IN, ? super W> trigger;
    private final boolean merging;
    private final boolean eventTime;

    private final Map<Object, Map<W, WindowContents>> windowsByKey = new HashMap<>();

    private TriggerCtx triggerCtx;
    private boolean inputEnded;

    GeneralWindowOperator(WindowAssigner<? super IN, W> assigner, Trigger<? super IN, ? super W> trigger,
            WindowAccumulation<IN, ACC> accumulation, InternalWindowFunction function, WindowRules<IN> rules) {
        super(assigner, accumulation, function, rules);
        this.windowAssigner = assigner;
        this.trigger = trigger;
        this.merging = assigner instanceof MergingWindowAssigner;
        this.eventTime = assigner.isEventTime();
    }

    @Override
    public void open() throws Exception {
        super.open();
        triggerCtx = new TriggerCtx();
    }

    @Override
    boolean merging() {
        return merging;
    }

    // ------------------------------------------------------------------ elements

    /** Any assigner and trigger: per-key window tables and timers. */
    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        IN value = record.getValue();
        long timestamp = record.getTimestamp();
        Collection<W> windows = windowAssigner.assignWindows(value, timestamp, assignerContext);
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
            rules.notAdded(record, !windows.isEmpty(), currentWatermark, output, metrics);
        } else if (behindWatermark) {
            metrics.numLateRecordsReFired.inc();
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
        MergingWindowAssigner<? super IN, W> mergingAssigner = (MergingWindowAssigner<? super IN, W>) windowAssigner;
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
                if (rules.isWindowLate(mergeResult.maxTimestamp(), currentWatermark)) {
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

    private void clearAllState(Object key, W window, Map<W, WindowContents> keyWindows) throws Exception {
        if (keyWindows != null) {
            keyWindows.remove(window);
            if (keyWindows.isEmpty()) {
                windowsByKey.remove(key);
            }
        }
        triggerCtx.set(key, window);
        trigger.clear(cast(window), triggerCtx);
        emitter.clear(window);
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
        return WindowRules.timing(contents.history, now, window.maxTimestamp());
    }

    private void emit(Object key, W window, WindowContents contents) throws Exception {
        if (!contents.hasData) {
            return;
        }
        Firing.Timing timing = timing(window, contents);
        contents.history = WindowRules.fired(contents.history, timing);
        contents.acc = fire(key, window, cast(contents.acc), timing, WindowRules.firings(contents.history), true);
    }

    private void purge(WindowContents contents) {
        contents.acc = null;
        contents.hasData = false;
    }

    // ------------------------------------------------------------------ lateness

    private long cleanupTime(W window) {
        return rules.cleanupTime(window.maxTimestamp());
    }

    private long cleanupTime(long maxTimestamp) {
        return rules.cleanupTime(maxTimestamp);
    }

    private boolean isWindowLate(W window) {
        return rules.isWindowLate(window.maxTimestamp(), currentWatermark);
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
    @Override
    public int numLiveWindows() {
        int n = 0;
        for (Map<W, WindowContents> m : windowsByKey.values()) {
            n += m.size();
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
}
