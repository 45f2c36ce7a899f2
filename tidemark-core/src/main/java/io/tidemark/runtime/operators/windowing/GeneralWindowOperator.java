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
    private final long allowedLateness;
    private final boolean merging;
    private final boolean eventTime;

    private final Map<Object, Map<W, WindowContents>> windowsByKey = new HashMap<>();

    /**
     * Aligned fast path: event-time tumbling or sliding windows of the built-in assigners with the
     * built-in {@link EventTimeTrigger}. Contents live in {@link WindowSlice}s, one per window, shared
     * by all keys, with the keys in the order their (key, window) was created; no per-element window
     * objects and no timers. The general path registers, per (key, window), the trigger's timer at the
     * window's max timestamp (EventTimeTrigger registers the same de-duplicated timer on every element
     * while the watermark is before it, and never purges) and the cleanup timer at max timestamp +
     * allowed lateness; timers of one timestamp fire in registration order, i.e. creation order. The
     * fast path does the same per slice when the watermark passes those times ({@link #onWatermark}),
     * so results, their order, firing timing and index, late records and metrics are unchanged.
     *
     * <p>With a {@link io.tidemark.api.common.functions.Commutative} function, sliding windows whose
     * size is a multiple of the slide and no allowed lateness use <i>frames</i>: slices one slide long.
     * Each element is added once, to its frame; a window's result combines its {@code size / slide}
     * frames when it fires, and a frame is dropped when the last window containing it has fired.
     */
    private final boolean aligned;
    private final boolean frames;
    /**
     * Aligned windows without frames whose function is a {@link LongColumnsAggregateFunction}: the
     * accumulators live in the slices' primitive columns ({@link WindowSlice#cols}), not in objects.
     */
    private final LongColumnsAggregateFunction<IN, ?> columns;
    private final int columnWidth;
    private final long alignedSize;
    private final long alignedSlide;
    private final long alignedOffset;
    /** Live slices, by start ascending; a handful (windows or frames alive at once). */
    private WindowSlice[] slices = new WindowSlice[8];
    private int numSlices;
    /** A dropped slice kept for re-use, or null. */
    private WindowSlice spareSlice;
    /** Frames: the scratch slice in which a window's frames are combined. */
    private WindowSlice combined;
    /** Creation number of the next (key, slice) entry; orders firings that coincide in time. */
    private long nextSeq;
    /**
     * Empty accumulators made ahead in batches ({@code aggregate} only): made one after the other,
     * they sit next to each other in memory, so a slice's accumulators share cache lines and pages
     * instead of lying scattered among the records allocated between them. A speculative
     * {@code createAccumulator()} is harmless: it has no effects and its result is unshared.
     */
    private Object[] emptyAccs;
    private int nextEmptyAcc;
    private static final int EMPTY_ACC_BATCH = 256;

    /** The watermark up to which the aligned slices have fired and been cleaned. */
    private long alignedUpTo = Long.MIN_VALUE;
    private TriggerCtx triggerCtx;
    private boolean inputEnded;

    GeneralWindowOperator(WindowAssigner<? super IN, W> assigner, Trigger<? super IN, ? super W> trigger,
            WindowAccumulation<IN, ACC> accumulation, InternalWindowFunction function, WindowRules<IN> rules) {
        super(assigner, accumulation, function, rules);
        this.windowAssigner = assigner;
        this.trigger = trigger;
        this.allowedLateness = rules.allowedLateness();
        this.merging = assigner instanceof MergingWindowAssigner;
        this.eventTime = assigner.isEventTime();
        boolean builtInTrigger = trigger.getClass() == EventTimeTrigger.class;
        if (builtInTrigger && assigner.getClass() == TumblingEventTimeWindows.class) {
            TumblingEventTimeWindows t = (TumblingEventTimeWindows) (Object) assigner;
            this.aligned = true;
            this.frames = false;
            this.alignedSize = t.getSize();
            this.alignedSlide = t.getSize();
            this.alignedOffset = t.getOffset();
        } else if (builtInTrigger && assigner.getClass() == SlidingEventTimeWindows.class) {
            SlidingEventTimeWindows t = (SlidingEventTimeWindows) (Object) assigner;
            this.aligned = true;
            this.frames = accumulation.commutative() && this.allowedLateness == 0
                    && t.getSize() > t.getSlide() && t.getSize() % t.getSlide() == 0;
            this.alignedSize = t.getSize();
            this.alignedSlide = t.getSlide();
            this.alignedOffset = t.getOffset();
        } else {
            this.aligned = false;
            this.frames = false;
            this.alignedSize = 0;
            this.alignedSlide = 0;
            this.alignedOffset = 0;
        }
        this.columns = aligned && !frames && accumulation.aggregateFunction() instanceof LongColumnsAggregateFunction
                ? (LongColumnsAggregateFunction<IN, ?>) accumulation.aggregateFunction() : null;
        this.columnWidth = columns == null ? 0 : columns.width();
        if (columns != null && columnWidth <= 0) {
            throw new IllegalArgumentException(columns + ": width() must be positive, was " + columnWidth);
        }
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

    /**
     * The fast paths read a {@link io.tidemark.api.java.functions.LongKeySelector}'s key unboxed; the
     * keyed state's current key is then set only where user code runs (firing, cleanup, merging), so a
     * rich incremental function, which could read keyed state in {@code add}, keeps the boxed path.
     */
    @Override
    protected boolean takesLongKeys() {
        return aligned && !(accumulation.function() instanceof RichFunction);
    }

    // ------------------------------------------------------------------ elements

    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        // kept small, so that the JIT inlines it into the chain and the chosen path into it
        if (aligned) {
            processAligned(record);
        } else {
            processGeneral(record);
        }
    }

    /** The general path: any assigner and trigger, per-key window tables and timers. */
    private void processGeneral(StreamRecord<IN> record) throws Exception {
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
            if (windows.isEmpty()) {
                metrics.numRecordsWithoutWindow.inc();
            } else {
                rules.notAdded(record, true, currentWatermark, output, metrics);
            }
        } else if (behindWatermark) {
            metrics.numLateRecordsReFired.inc();
        }
    }

    /**
     * The aligned fast path; rule for rule the general path with the assigner's windows (latest start
     * first) and {@link EventTimeTrigger#onElement} inlined, as described at {@link #aligned}.
     */
    private void processAligned(StreamRecord<IN> record) throws Exception {
        long timestamp = record.getTimestamp();
        if (timestamp == Long.MIN_VALUE) {
            assigner.assignWindows(record.getValue(), timestamp, assignerContext); // throws the assigner's own error
        }
        WindowSlice holding = sliceHolding(timestamp);
        long latest = holding != null ? holding.start : TimeWindow.getWindowStartWithOffset(timestamp, alignedOffset, alignedSlide);
        if (frames) {
            // the element's frame starts where its latest window starts; no allowed lateness, so a
            // window is late once it ended, and the latest window ends last
            if (latest + alignedSize - 1 <= currentWatermark) {
                lateOrWithoutWindow(record, true);
            } else {
                addTo(holding != null ? holding : slice(latest), currentKey(), record.getValue());
            }
        } else {
            processWindows(record, holding, latest);
        }
    }

    /** The key for {@link #addTo}: null when it is {@link #currentLongKey}. */
    private Object currentKey() {
        return longKeys() ? null : keyedState.getCurrentKey();
    }

    /**
     * The element's windows (one for tumbling windows), latest start first (the assigner's order);
     * {@code holding} is the latest one's slice, if known.
     */
    private void processWindows(StreamRecord<IN> record, WindowSlice holding, long latest) throws Exception {
        IN value = record.getValue();
        long timestamp = record.getTimestamp();
        Object key = currentKey();
        long size = alignedSize;
        long watermark = currentWatermark;
        boolean skipped = true;
        boolean anyWindow = false;
        boolean behindWatermark = false;
        for (long start = latest; start > timestamp - size; start -= alignedSlide) {
            anyWindow = true;
            long maxTimestamp = start + size - 1;
            if (cleanupTime(maxTimestamp) <= watermark) {
                continue; // a late window
            }
            skipped = false;
            WindowSlice slice = start == latest && holding != null ? holding : slice(start);
            int e = addTo(slice, key, value);
            if (maxTimestamp <= watermark) {
                behindWatermark = true;
                fireEntry(slice, e, slice.window(size), false); // EventTimeTrigger: FIRE
            }
        }
        if (skipped) {
            lateOrWithoutWindow(record, anyWindow);
        } else if (behindWatermark) {
            metrics.numLateRecordsReFired.inc();
        }
    }

    /**
     * The live slice whose first slide holds {@code timestamp} (the slice of the element's latest
     * window, or its frame), or null. Live slices usually form a gap-free run on the grid of slides,
     * so the slice is found by index arithmetic: no search loop whose exit depends on where the
     * element fell (with disordered input a branch mispredicted on about every other element). Null
     * when the slice does not exist yet, or the run has a gap there; the caller then computes the
     * start with the assigner's formula and searches.
     */
    private WindowSlice sliceHolding(long timestamp) {
        int n = numSlices;
        if (n == 0) {
            return null;
        }
        WindowSlice[] ss = slices;
        long first = ss[0].start;
        long into = timestamp - first; // negative before the first slice (or on overflow)
        if (into < 0) {
            return null;
        }
        long i = into / alignedSlide;
        if (i >= n) {
            return null;
        }
        WindowSlice s = ss[(int) i];
        return s.start == first + i * alignedSlide ? s : null;
    }

    private void lateOrWithoutWindow(StreamRecord<IN> record, boolean anyWindow) {
        rules.notAdded(record, anyWindow, currentWatermark, output, metrics);
    }

    /**
     * Adds {@code value} to the entry of {@code key} in {@code slice}, creating it; returns the entry.
     * A null {@code key} stands for {@link #currentLongKey} (boxed only if the entry is new).
     */
    private int addTo(WindowSlice slice, Object key, IN value) throws Exception {
        int e = key == null ? slice.findOrAddLong(currentLongKey, nextSeq) : slice.findOrAdd(key, nextSeq);
        if (columns != null) {
            int w = columnWidth;
            if (e < 0) {
                e = -e - 1;
                nextSeq++;
                java.util.Arrays.fill(slice.cols, e * w, e * w + w, 0L);
                columns.init(slice.cols, e * w);
            }
            columns.add(value, slice.cols, e * w);
            return e;
        }
        if (e < 0) {
            e = -e - 1;
            nextSeq++;
            Object empty = nextEmptyAccumulator();
            slice.accs[e] = empty == null ? accumulation.first(value) : accumulation.add(cast(empty), value);
            return e;
        }
        Object acc = slice.accs[e];
        Object added = accumulation.add(cast(acc), value);
        if (added != acc) {
            slice.accs[e] = added;
        }
        return e;
    }

    private Object nextEmptyAccumulator() throws Exception {
        Object[] pool = emptyAccs;
        if (pool == null || nextEmptyAcc == pool.length) {
            Object first = accumulation.empty();
            if (first == null) {
                return null; // contents start with their first element
            }
            if (pool == null) {
                pool = emptyAccs = new Object[EMPTY_ACC_BATCH];
            }
            pool[0] = first;
            for (int i = 1; i < pool.length; i++) {
                pool[i] = accumulation.empty();
            }
            nextEmptyAcc = 0;
        }
        Object acc = pool[nextEmptyAcc];
        pool[nextEmptyAcc++] = null;
        return acc;
    }

    /** The live slice starting at {@code start}; created (in start order) if there is none. */
    private WindowSlice slice(long start) {
        WindowSlice[] ss = slices;
        int i = numSlices - 1;
        while (i >= 0 && ss[i].start > start) {
            i--;
        }
        if (i >= 0 && ss[i].start == start) {
            return ss[i];
        }
        WindowSlice created = spareSlice;
        if (created != null) {
            spareSlice = null;
            created.start = start;
        } else {
            created = new WindowSlice(start, columnWidth);
        }
        // a window whose end the watermark passed already fires per element, not on the watermark
        created.fired = !frames && start + alignedSize - 1 <= alignedUpTo;
        if (numSlices == ss.length) {
            slices = ss = java.util.Arrays.copyOf(ss, numSlices * 2);
        }
        System.arraycopy(ss, i + 1, ss, i + 2, numSlices - i - 1);
        ss[i + 1] = created;
        numSlices++;
        return created;
    }

    /** Removes the slice at {@code i}, releasing its contents; its arrays are kept for a later slice. */
    private void dropSlice(int i) {
        WindowSlice dropped = slices[i];
        System.arraycopy(slices, i + 1, slices, i, numSlices - i - 1);
        slices[--numSlices] = null;
        dropped.reset(Long.MIN_VALUE);
        spareSlice = dropped;
    }

    @Override
    protected void onWatermark(long watermark) throws Exception {
        if (aligned) {
            if (frames) {
                fireFrames(watermark);
            } else {
                fireSlices(watermark);
            }
            alignedUpTo = watermark;
        }
    }

    /**
     * Window slices: in time order, every unfired window whose max timestamp the watermark reached
     * fires, and every fired window whose cleanup time it reached is cleaned. At one timestamp at most
     * one window fires and one is cleaned (different starts); their keys are taken in creation order,
     * as their timers would fire. Without allowed lateness the two coincide: each key fires and is
     * cleaned in turn (one timer).
     */
    private void fireSlices(long watermark) throws Exception {
        long size = alignedSize;
        while (true) {
            WindowSlice firing = null;
            WindowSlice cleaning = null;
            long due = Long.MAX_VALUE;
            for (int i = 0; i < numSlices; i++) {
                WindowSlice s = slices[i];
                long maxTimestamp = s.start + size - 1;
                long t = s.fired ? cleanupTime(maxTimestamp) : maxTimestamp;
                if (s.fired && (t == Long.MAX_VALUE || allowedLateness == 0)) {
                    continue; // never cleaned up
                }
                if (t > watermark || t > due) {
                    continue;
                }
                if (t < due) {
                    firing = null;
                    cleaning = null;
                    due = t;
                }
                if (s.fired) {
                    cleaning = s;
                } else {
                    firing = s;
                }
            }
            if (firing == null && cleaning == null) {
                return;
            }
            if (firing != null && allowedLateness == 0) {
                TimeWindow window = firing.window(size);
                for (int e = 0; e < firing.size; e++) {
                    clearEntry(fireEntry(firing, e, window, true), window);
                }
                dropSlice(indexOf(firing));
                continue;
            }
            int f = 0;
            int c = 0;
            int nf = firing == null ? 0 : firing.size;
            int nc = cleaning == null ? 0 : cleaning.size;
            while (f < nf || c < nc) {
                if (c >= nc || (f < nf && firing.seqs[f] < cleaning.seqs[c])) {
                    fireEntry(firing, f++, firing.window(size), false);
                } else {
                    clearEntry(cleaning.key(c++), cleaning.window(size));
                }
            }
            if (firing != null) {
                firing.fired = true;
            }
            if (cleaning != null) {
                dropSlice(indexOf(cleaning));
            }
        }
    }

    private int indexOf(WindowSlice slice) {
        int i = 0;
        while (slices[i] != slice) {
            i++;
        }
        return i;
    }

    /**
     * Frames: every window whose max timestamp the watermark reached and that holds a live frame fires,
     * in time order, with its frames combined per key (keys in the order of first appearance, oldest
     * frame first); then the frames whose last window fired are dropped.
     */
    private void fireFrames(long watermark) throws Exception {
        long size = alignedSize;
        long slide = alignedSlide;
        if (numSlices > 0) {
            long start = slices[0].start - size + slide; // the first window holding the oldest frame
            while (start + size - 1 <= alignedUpTo) {
                start += slide; // fired already
            }
            for (; start <= slices[numSlices - 1].start && start + size - 1 <= watermark; start += slide) {
                fireFramedWindow(start);
            }
        }
        while (numSlices > 0 && slices[0].start + size - 1 <= watermark) {
            dropSlice(0);
        }
    }

    private void fireFramedWindow(long start) throws Exception {
        WindowSlice c = combined;
        if (c == null) {
            c = combined = new WindowSlice(start);
        }
        long end = start + alignedSize;
        for (int i = 0; i < numSlices && slices[i].start < end; i++) {
            WindowSlice frame = slices[i];
            if (frame.start < start) {
                continue;
            }
            for (int e = 0; e < frame.size; e++) {
                int r = c.findOrAdd(frame.key(e), 0);
                if (r < 0) {
                    r = -r - 1;
                    c.accs[r] = accumulation.combineInto(null, cast(frame.accs[e]));
                } else {
                    c.accs[r] = accumulation.combineInto(cast(c.accs[r]), cast(frame.accs[e]));
                }
            }
        }
        TimeWindow window = new TimeWindow(start, end);
        for (int r = 0; r < c.size; r++) {
            Object key = c.key(r);
            keyedState.setCurrentKey(key);
            fire(key, window, cast(c.accs[r]), Firing.Timing.ON_TIME, 1, false);
            clearEntry(key, window);
        }
        c.reset(Long.MIN_VALUE);
    }

    /**
     * Fires entry {@code e} of a window slice (the window's next firing for that key); {@code last}
     * when the entry is cleaned up right after, so its contents need not be kept. Returns the entry's
     * key (boxed once, for the cleanup too).
     */
    private Object fireEntry(WindowSlice slice, int e, TimeWindow window, boolean last) throws Exception {
        int before = slice.firings[e];
        Firing.Timing timing = WindowRules.timing(before, currentWatermark, window.maxTimestamp());
        int history = WindowRules.fired(before, timing);
        slice.firings[e] = history;
        Object key = slice.key(e);
        keyedState.setCurrentKey(key);
        if (columns != null) {
            int at = e * columnWidth;
            Object result = last
                    ? columns.result(slice.cols, at) // the columns are dropped right after
                    : columns.getResult(java.util.Arrays.copyOfRange(slice.cols, at, at + columnWidth)); // they stay the window's contents
            emitter.emit(key, window, List.of(result), timing, WindowRules.firings(history));
            return key;
        }
        Object acc = slice.accs[e];
        Object kept = fire(key, window, cast(acc), timing, WindowRules.firings(history), !last);
        if (kept != acc) {
            slice.accs[e] = kept;
        }
        return key;
    }

    /**
     * Cleans up the (key, window) of a slice: what {@link #clearAllState} does, minus the trigger's
     * clear (EventTimeTrigger deletes its timer, which the fast path never registered).
     */
    private void clearEntry(Object key, TimeWindow window) throws Exception {
        keyedState.setCurrentKey(key);
        emitter.clear(window);
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
        for (int i = 0; i < numSlices; i++) {
            n += slices[i].size; // (key, frame) entries when sliding windows are accumulated per frame
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
