package io.tidemark.runtime.operators.windowing;

import io.tidemark.api.common.metrics.WindowQuery;
import io.tidemark.runtime.checkpoint.StateInput;
import io.tidemark.runtime.checkpoint.StateOutput;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.timers.Timer;
import io.tidemark.streaming.api.windowing.Firing;
import io.tidemark.streaming.api.windowing.assigners.MergingWindowAssigner;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.triggers.TriggerResult;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.streaming.api.windowing.windows.Window;
import java.io.IOException;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The window operator for any assigner and trigger, Flink's {@code WindowOperator} rule for rule
 * ({@link WindowRules}):
 *
 * <ul>
 *   <li>An element goes to the windows the assigner gives it; each is updated (unless late), then the
 *       trigger decides (FIRE, PURGE) through a {@link WindowTriggerContext} scoped to (key, window),
 *       and the window's cleanup timer is registered.
 *   <li>Merging windows (sessions) merge on arrival ({@link MergingWindowSet}): an element that merges
 *       into a live session is not late; the trigger's {@code onMerge} runs for the merged window, and
 *       the windows merged away lose their trigger state, cleanup timers and window state.
 *   <li>Timers fire the trigger's {@code onEventTime} / {@code onProcessingTime}; the cleanup timer then
 *       clears the window (trigger, window function's {@code clear}, window state). A bounded input's
 *       end fires every pending processing-time timer, as if the clock reached the end of time.
 * </ul>
 *
 * <p>State: per key, its windows' {@link WindowContents} (contents and firing history) in creation
 * order, and the keyed timers (the trigger's and one cleanup timer per (key, window), de-duplicated:
 * they coincide without allowed lateness). Live windows per key: 1–2 for tumbling, {@code size/slide}+1
 * for sliding, a few for sessions; every window's state goes at its cleanup time. Bounds: per element,
 * the assigner's windows (each a map lookup and a trigger call) and, merging, one merge over the key's
 * windows; per timer, O(log timers).
 */
sealed class GeneralWindowOperator<IN, ACC, OUT, W extends Window> extends TriggeredWindowOperator<IN, ACC, OUT, W>
        permits EvictingWindowOperator, PerKeyWindowOperator {

    /** The merging of a {@link MergingWindowAssigner}'s windows, else null. */
    private final MergingWindowSet<W> mergingWindows;
    /** Per key: its windows' contents, in creation order when windows merge. */
    private final Map<Object, Map<W, WindowContents>> windowsByKey = new HashMap<>();

    @SuppressWarnings("unchecked")
    GeneralWindowOperator(WindowAssigner<? super IN, W> assigner, Trigger<? super IN, ? super W> trigger,
            WindowAccumulation<IN, ACC> accumulation, InternalWindowFunction function, WindowRules<IN> rules) {
        super(assigner, trigger, accumulation, function, rules);
        this.mergingWindows = assigner instanceof MergingWindowAssigner
                ? new MergingWindowSet<>((MergingWindowAssigner<?, W>) assigner) : null;
    }

    @Override
    boolean merging() {
        return mergingWindows != null;
    }

    @Override
    public int numLiveWindows() {
        int n = 0;
        for (Map<W, WindowContents> m : windowsByKey.values()) {
            n += m.size();
        }
        return n;
    }

    @Override
    @SuppressWarnings("unchecked")
    long stateSize() {
        long n = 0;
        for (Map<W, WindowContents> m : windowsByKey.values()) {
            for (WindowContents c : m.values()) {
                n += c.hasData ? accumulation.objects((ACC) c.acc) : 0;
            }
        }
        return n;
    }

    @Override
    void describeKey(String keyText, List<WindowQuery.OpenWindow> out) {
        windowsByKey.forEach((key, windows) -> {
            if (WindowOperatorQuery.matches(key, keyText)) {
                windows.forEach((w, c) -> {
                    if (c.hasData && w instanceof TimeWindow t) {
                        out.add(new WindowQuery.OpenWindow(t.getStart(), t.getEnd(), WindowRules.firings(c.history)));
                    }
                });
            }
        });
    }

    // ------------------------------------------------------------------ checkpoints

    /**
     * Per key (in the map's order) its windows in their order (creation order when windows merge):
     * the window, its contents if any, its firing history; then whether the input ended. The trigger's
     * state and timers are keyed state and timers, written by the base operator.
     */
    @Override
    protected void snapshotWindows(StateOutput out) throws Exception {
        out.writeInt(windowsByKey.size());
        for (Map.Entry<Object, Map<W, WindowContents>> k : windowsByKey.entrySet()) {
            out.writeValue(k.getKey());
            out.writeInt(k.getValue().size());
            for (Map.Entry<W, WindowContents> w : k.getValue().entrySet()) {
                WindowContents c = w.getValue();
                out.writeValue(w.getKey());
                out.writeInt(c.history);
                out.writeBoolean(c.hasData);
                if (c.hasData) {
                    writeContents(out, c.acc);
                }
            }
        }
        out.writeBoolean(inputEnded);
    }

    @Override
    @SuppressWarnings("unchecked")
    protected void restoreWindows(StateInput in, java.util.function.Predicate<Object> keep, boolean first) throws Exception {
        int keys = in.readInt();
        for (int i = 0; i < keys; i++) {
            Object key = in.readValue();
            boolean kept = keep.test(key);
            int n = in.readInt();
            Map<W, WindowContents> keyWindows = mergingWindows != null ? new LinkedHashMap<>() : new HashMap<>(4);
            for (int j = 0; j < n; j++) {
                W window = (W) in.readValue();
                WindowContents c = new WindowContents();
                c.history = in.readInt();
                c.hasData = in.readBoolean();
                if (c.hasData) {
                    c.acc = readContents(in);
                }
                keyWindows.put(window, c);
            }
            if (kept) {
                windowsByKey.put(key, keyWindows);
            }
        }
        boolean ended = in.readBoolean();
        inputEnded = first ? ended : inputEnded && ended;
    }

    /** Writes one window's contents (an accumulator, a reduced value or an element list) as a value. */
    void writeContents(StateOutput out, Object contents) throws IOException {
        out.writeValue(contents);
    }

    /** Reads what {@link #writeContents} wrote. */
    Object readContents(StateInput in) throws IOException {
        return in.readValue();
    }

    // ------------------------------------------------------------------ elements

    @Override
    @SuppressWarnings("unchecked")
    public void processElement(StreamRecord<IN> record) throws Exception {
        IN value = record.getValue();
        long timestamp = record.getTimestamp();
        Collection<W> windows = windowAssigner.assignWindows(value, timestamp, assignerContext);
        Object key = keyedState.getCurrentKey();
        Map<W, WindowContents> keyWindows = windowsByKey.get(key);
        if (keyWindows == null) {
            keyWindows = mergingWindows != null ? new LinkedHashMap<>() : new HashMap<>(4);
            windowsByKey.put(key, keyWindows);
        }
        boolean skipped = true;
        boolean behindWatermark = false;
        for (W assigned : windows) {
            W window = mergingWindows == null ? assigned
                    : mergingWindows.add(keyWindows, assigned, (WindowAccumulation<?, Object>) accumulation,
                            (result, merged) -> mergeTriggers(key, result, merged, null));
            if (rules.isWindowLate(window.maxTimestamp(), currentWatermark)) {
                if (mergingWindows != null) {
                    keyWindows.remove(window); // a late merge result, just made
                }
                continue;
            }
            skipped = false;
            WindowContents contents = keyWindows.get(window);
            if (contents == null) {
                contents = new WindowContents();
                keyWindows.put(window, contents);
            }
            add(contents, record);
            if (eventTime && window.maxTimestamp() <= currentWatermark) {
                behindWatermark = true;
            }
            triggerContext.set(key, window);
            act(triggerContext.onElement(value, timestamp), key, window, contents);
            registerCleanupTimer(window);
        }
        if (keyWindows.isEmpty()) {
            windowsByKey.remove(key);
        }
        if (skipped) {
            notAdded(record, !windows.isEmpty(), currentWatermark);
        } else if (behindWatermark) {
            metrics.numLateRecordsReFired.inc();
        }
    }

    /** Adds the element of {@code record} to a window's {@code contents}. */
    @SuppressWarnings("unchecked")
    void add(WindowContents contents, StreamRecord<IN> record) throws Exception {
        if (contents.hasData) {
            contents.acc = accumulation.add((ACC) contents.acc, record.getValue());
        } else {
            contents.acc = accumulation.first(record.getValue());
            contents.hasData = true;
        }
    }

    /**
     * Fires a window's {@code contents} (which have data); afterwards they hold what the window keeps
     * ({@link #fire}).
     */
    @SuppressWarnings("unchecked")
    void fire(Object key, W window, WindowContents contents, Firing.Timing timing, int index) throws Exception {
        contents.acc = fire(key, window, (ACC) contents.acc, timing, index, true);
    }

    // ------------------------------------------------------------------ timers

    @Override
    void onTimer(Timer timer, W window, boolean eventTimeTimer) throws Exception {
        Object key = timer.getKey();
        Map<W, WindowContents> keyWindows = windowsByKey.get(key);
        WindowContents contents = keyWindows == null ? null : keyWindows.get(window);
        if (mergingWindows != null && contents == null) {
            return; // the window merged away or was cleaned; its timers are stale
        }
        triggerContext.set(key, window);
        TriggerResult result = eventTimeTimer
                ? triggerContext.onEventTime(timer.getTimestamp())
                : triggerContext.onProcessingTime(timer.getTimestamp());
        if (contents != null) {
            act(result, key, window, contents);
        }
        if (isCleanupTimer(timer, window, eventTimeTimer)) {
            if (keyWindows != null) {
                keyWindows.remove(window);
                if (keyWindows.isEmpty()) {
                    windowsByKey.remove(key);
                }
            }
            triggerContext.set(key, window);
            triggerContext.clear();
            emitter.clear(window);
        }
    }

    // ------------------------------------------------------------------ firing

    /** What the trigger decided for (key, window): fire its contents (if any), purge them, or both. */
    private void act(TriggerResult result, Object key, W window, WindowContents contents) throws Exception {
        if (result.isFire() && contents.hasData) {
            Firing.Timing timing = WindowRules.timing(contents.history, firingTime(), window.maxTimestamp());
            contents.history = WindowRules.fired(contents.history, timing);
            fire(key, window, contents, timing, WindowRules.firings(contents.history));
        }
        if (result.isPurge()) {
            contents.acc = null;
            contents.hasData = false;
        }
    }
}
