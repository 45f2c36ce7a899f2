package io.tidemark.runtime.operators.windowing;

import io.tidemark.api.common.metrics.WindowQuery;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.runtime.checkpoint.StateInput;
import io.tidemark.runtime.checkpoint.StateOutput;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.timers.Timer;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.streaming.api.windowing.Firing;
import io.tidemark.streaming.api.windowing.assigners.MergingWindowAssigner;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.evictors.Evictor;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.triggers.TriggerResult;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.streaming.api.windowing.windows.Window;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The window operator for any assigner, trigger, function and evictor whose windows' contents live in
 * the job's keyed state backend, not on the heap: what {@link WindowOperators} chooses when the state
 * backend is not the heap one (RocksDB), so that open windows may outgrow the heap. The rules are the
 * {@link GeneralWindowOperator}'s and {@link EvictingWindowOperator}'s, and so are its results, firing
 * descriptors, late records, metrics and queries; Flink's {@code WindowOperator} keeps its windows
 * the same way.
 *
 * <p>Per (key, window), namespaced by the window (for merging windows by its state window):
 *
 * <ul>
 *   <li>the contents ({@link StoredContents}): a {@code ReducingState}, an {@code AggregatingState} or
 *       a {@code ListState};
 *   <li>the window's entry, state {@value #ENTRY} (one {@code long}): its firing history
 *       ({@link WindowRules}) in the low 32 bits and the number of objects its contents hold above.
 *       It exists from the window's first element to its cleanup, across purges, as the heap
 *       operator's {@link WindowContents} does.
 * </ul>
 *
 * <p>Merging windows: each key's windows and their state windows in one row ({@link StoredMergingWindows});
 * merged contents move with the backend's {@code mergeNamespaces}. The trigger's state is keyed state
 * per window as everywhere. What stays on the heap: the keyed timers (the trigger's and one cleanup
 * timer per (key, window), as with Flink's heap timer service), three counters (live windows, objects,
 * for the metrics) and the backend's handles; nothing per element. Bounds, per element and window:
 * one read of the entry (a write when it changes: a new window, another element of a list), one
 * contents access (a list: one append; a value or accumulator: a read and a write), the trigger; per
 * firing, the contents read once; per merge, one read of the key's windows. {@link #describeKey}
 * walks the timers.
 */
final class KeyedStateWindowOperator<IN, OUT, W extends Window> extends TriggeredWindowOperator<IN, Object, OUT, W> {

    /** The name of the windows' entries (firing history and object count). */
    static final String ENTRY = "window-entry";

    private final StoredContents<IN> contents;
    /** The key's merging windows, for a {@link MergingWindowAssigner}; else null. */
    private final StoredMergingWindows<W> mergingWindows;
    private final ValueStateDescriptor<Long> entryDescriptor = new ValueStateDescriptor<>(ENTRY, Long.class);
    /** Live (key, window) entries: the windows of every key. */
    private long liveWindows;
    /** Objects in the windows' contents ({@link #stateSize}). */
    private long objects;

    @SuppressWarnings("unchecked")
    KeyedStateWindowOperator(WindowAssigner<? super IN, W> assigner, Trigger<? super IN, ? super W> trigger,
            OperatorDescription.Window description, WindowRules<IN> rules) {
        super(assigner, trigger, WindowAccumulation.of(description), InternalWindowFunction.of(description.function()), rules);
        this.contents = StoredContents.of(description, (Evictor<? super IN, ?>) description.evictor(), evictorContext);
        this.mergingWindows = assigner instanceof MergingWindowAssigner
                ? new StoredMergingWindows<>((MergingWindowAssigner<?, W>) assigner) : null;
    }

    @Override
    boolean merging() {
        return mergingWindows != null;
    }

    @Override
    public int numLiveWindows() {
        return (int) liveWindows;
    }

    @Override
    long stateSize() {
        return objects;
    }

    // ------------------------------------------------------------------ entries

    /** The entry of the current key's window in {@code namespace}, or null. */
    private Long entry(Object namespace) throws Exception {
        return keyedState.getPartitionedState(namespace, entryDescriptor).value();
    }

    private void putEntry(Object namespace, int history, int count) throws Exception {
        keyedState.getPartitionedState(namespace, entryDescriptor).update(entry(history, count));
    }

    private static long entry(int history, int count) {
        return (long) count << 32 | (history & 0xFFFF_FFFFL);
    }

    private static int history(Long entry) {
        return entry == null ? WindowRules.NEVER_FIRED : (int) entry.longValue();
    }

    private static int count(Long entry) {
        return entry == null ? 0 : (int) (entry >>> 32);
    }

    /**
     * The windows with contents of the keys whose text is {@code keyText}, found through the timers:
     * every window with contents has its cleanup timer (a time window is never cleaned up only when its
     * cleanup time overflows).
     */
    @Override
    @SuppressWarnings("unchecked")
    void describeKey(String keyText, List<WindowQuery.OpenWindow> out) {
        LinkedHashSet<Map.Entry<Object, Object>> candidates = new LinkedHashSet<>();
        timerService.forEachTimer((key, namespace) -> {
            if (namespace instanceof TimeWindow && WindowOperatorQuery.matches(key, keyText)) {
                candidates.add(Map.entry(key, namespace));
            }
        });
        try {
            for (Map.Entry<Object, Object> c : candidates) {
                keyedState.setCurrentKey(c.getKey());
                W window = (W) c.getValue();
                Object namespace = window;
                if (mergingWindows != null) {
                    mergingWindows.load(keyedState);
                    namespace = mergingWindows.stateWindow(window);
                }
                Long entry = namespace == null ? null : entry(namespace);
                if (count(entry) > 0) {
                    TimeWindow t = (TimeWindow) window;
                    out.add(new WindowQuery.OpenWindow(t.getStart(), t.getEnd(), WindowRules.firings(history(entry))));
                }
            }
        } catch (Exception e) {
            throw new IllegalStateException("cannot read the windows of key " + keyText + ": " + e.getMessage(), e);
        }
    }

    // ------------------------------------------------------------------ checkpoints

    /**
     * The counters and whether the input ended: the windows themselves are keyed state, written by
     * the base operator with the rest of it (incrementally on RocksDB when so configured).
     */
    @Override
    protected void snapshotWindows(StateOutput out) throws Exception {
        out.writeLong(liveWindows);
        out.writeLong(objects);
        out.writeBoolean(inputEnded);
    }

    @Override
    protected void restoreWindows(StateInput in, java.util.function.Predicate<Object> keys, boolean first) throws Exception {
        long live = in.readLong();
        long objs = in.readLong();
        boolean ended = in.readBoolean();
        inputEnded = first ? ended : inputEnded && ended;
        if (first) {
            liveWindows = live;
            objects = objs;
        } else {
            liveWindows += live; // the gauges of a rescaled restore: every old subtask's it took keys of
            objects += objs;
        }
    }

    // ------------------------------------------------------------------ elements

    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        IN value = record.getValue();
        long timestamp = record.getTimestamp();
        Collection<W> windows = windowAssigner.assignWindows(value, timestamp, assignerContext);
        Object key = keyedState.getCurrentKey();
        if (mergingWindows != null) {
            mergingWindows.load(keyedState);
        }
        boolean skipped = true;
        boolean behindWatermark = false;
        for (W assigned : windows) {
            W window = assigned;
            Object namespace = window;
            if (mergingWindows != null) {
                window = mergingWindows.add(assigned, (result, merged, target, sources) ->
                        merged(key, result, merged, target, sources));
                if (rules.isWindowLate(window.maxTimestamp(), currentWatermark)) {
                    Object stateWindow = mergingWindows.remove(window); // a late merge result, just made
                    if (stateWindow != null) {
                        dropContents(stateWindow);
                    }
                    continue;
                }
                if (mergingWindows.stateWindow(window) == null) {
                    mergingWindows.put(window);
                }
                namespace = mergingWindows.stateWindow(window);
            } else if (rules.isWindowLate(window.maxTimestamp(), currentWatermark)) {
                continue;
            }
            skipped = false;
            Long entry = entry(namespace);
            if (entry == null && mergingWindows == null) {
                liveWindows++;
            }
            int count = count(entry);
            int added = contents.add(keyedState, namespace, record, count);
            objects += added - count;
            if (entry == null || added != count) {
                putEntry(namespace, history(entry), added);
                entry = entry(history(entry), added);
            }
            if (eventTime && window.maxTimestamp() <= currentWatermark) {
                behindWatermark = true;
            }
            triggerContext.set(key, window);
            TriggerResult result = triggerContext.onElement(value, timestamp);
            if (result != TriggerResult.CONTINUE) {
                act(result, key, window, namespace, entry);
            }
            registerCleanupTimer(window);
        }
        if (mergingWindows != null) {
            liveWindows += mergingWindows.store(keyedState);
        }
        if (skipped) {
            notAdded(record, !windows.isEmpty(), currentWatermark);
        } else if (behindWatermark) {
            metrics.numLateRecordsReFired.inc();
        }
    }

    /**
     * Windows {@code merged} of {@code key} became {@code result}: the contents and entries of
     * {@code sources} merge into {@code target}'s; the trigger merges, the merged windows' trigger state,
     * cleanup timers and other state go.
     */
    private void merged(Object key, W result, Collection<W> merged, W target, List<W> sources) throws Exception {
        if (!sources.isEmpty()) {
            contents.merge(keyedState, target, sources);
            Long into = entry(target);
            int history = history(into);
            int count = count(into);
            for (W s : sources) {
                Long e = entry(s);
                history = WindowRules.merged(history, history(e));
                count += count(e);
                keyedState.getPartitionedState(s, entryDescriptor).clear();
            }
            putEntry(target, history, count);
        }
        if (!(merged.size() == 1 && merged.contains(result))) {
            mergeTriggers(key, result, merged, target); // the target's namespace holds the contents now
        }
    }

    /** Removes the contents and entry in {@code namespace} of the current key, and their objects from the count. */
    private void dropContents(Object namespace) throws Exception {
        objects -= count(entry(namespace));
        contents.clear(keyedState, namespace);
        keyedState.getPartitionedState(namespace, entryDescriptor).clear();
    }

    // ------------------------------------------------------------------ timers

    @Override
    void onTimer(Timer timer, W window, boolean eventTimeTimer) throws Exception {
        Object key = timer.getKey();
        Object namespace = window;
        if (mergingWindows != null) {
            mergingWindows.load(keyedState);
            namespace = mergingWindows.stateWindow(window);
            if (namespace == null) {
                return; // the window merged away or was cleaned; its timers are stale
            }
        }
        Long entry = entry(namespace);
        boolean live = mergingWindows != null || entry != null;
        triggerContext.set(key, window);
        TriggerResult result = eventTimeTimer
                ? triggerContext.onEventTime(timer.getTimestamp())
                : triggerContext.onProcessingTime(timer.getTimestamp());
        if (live && result != TriggerResult.CONTINUE) {
            entry = act(result, key, window, namespace, entry);
        }
        if (isCleanupTimer(timer, window, eventTimeTimer)) {
            if (live) {
                objects -= count(entry); // the contents go with their namespace below
                if (mergingWindows != null) {
                    mergingWindows.remove(window);
                    liveWindows += mergingWindows.store(keyedState);
                } else {
                    liveWindows--;
                }
            }
            triggerContext.set(key, window);
            triggerContext.clear();
            emitter.clear(window);
            if (!namespace.equals(window)) {
                keyedState.clearNamespace(namespace);
            }
        }
    }

    // ------------------------------------------------------------------ firing

    /**
     * What the trigger decided for the window of {@code key} whose contents are in {@code namespace},
     * with its {@code entry}: fire the contents (if any), purge them, or both. Returns the entry after.
     */
    private long act(TriggerResult result, Object key, W window, Object namespace, Long entry) throws Exception {
        int history = history(entry);
        int count = count(entry);
        if (result.isFire() && count > 0) {
            Firing.Timing timing = WindowRules.timing(history, firingTime(), window.maxTimestamp());
            int fired = WindowRules.fired(history, timing);
            int index = WindowRules.firings(fired);
            int kept = contents.fire(keyedState, namespace, window, count,
                    elements -> emitter.emit(key, window, elements, timing, index));
            objects += kept - count;
            history = fired;
            count = kept;
            putEntry(namespace, history, count);
        }
        if (result.isPurge() && count > 0) {
            contents.clear(keyedState, namespace);
            objects -= count;
            count = 0;
            putEntry(namespace, history, 0);
        }
        return entry(history, count);
    }
}
