package io.tidemark.runtime.operators.windowing;

import io.tidemark.api.common.metrics.WindowQuery;
import io.tidemark.api.common.functions.LongColumnsAggregateFunction;
import io.tidemark.runtime.checkpoint.StateInput;
import io.tidemark.runtime.checkpoint.StateOutput;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.streaming.api.windowing.Firing;
import io.tidemark.streaming.api.windowing.triggers.EventTimeTrigger;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.util.Arrays;
import java.util.List;

/**
 * The window operator for event-time tumbling and sliding windows of the built-in assigners with the
 * built-in {@link EventTimeTrigger}: windows aligned on one grid for all keys.
 *
 * <p>Design: each live window is a {@link WindowSlice} shared by all keys ({@link SliceRing}), its
 * keys' entries in the order their (key, window) was created; no per-element window objects and no
 * timers. The {@link GeneralWindowOperator} registers, per (key, window), the trigger's timer at the
 * window's max timestamp ({@code EventTimeTrigger} registers the same de-duplicated timer on every
 * element while the watermark is before it, and never purges) and the cleanup timer at max timestamp +
 * allowed lateness; timers of one timestamp fire in registration order, i.e. creation order. This
 * operator does the same per slice when the watermark passes those times ({@link #onWatermark}), so
 * results, their order, firing timing and index, late records and metrics are the general operator's.
 * An element behind the watermark but within the allowed lateness fires its (key, window) at once.
 * Contents are objects ({@link OfObjects}) or, for a {@link LongColumnsAggregateFunction}, long
 * columns ({@link OfColumns}).
 *
 * <p>State: the {@link SliceRing}, the creation counter and the watermark up to which slices fired.
 * Bounds: per element, one slice lookup by index arithmetic and one key probe per window of the
 * element ({@code size / slide} for sliding windows); live slices: the windows alive at once, plus
 * those within their allowed lateness; per watermark, linear in the live slices per firing or cleanup
 * time passed, plus one firing per (key, window).
 *
 * @param <S> the slices' contents
 */
abstract sealed class AlignedWindowOperator<IN, ACC, OUT, S extends WindowSlice> extends WindowOperator<IN, ACC, OUT> {

    final long size;
    final long slide;
    final long offset;
    final SliceRing<S> ring;
    /** Creation number of the next (key, window) entry; orders firings and cleanups that coincide in time. */
    private long nextSeq;
    /** The watermark up to which the slices have fired and been cleaned. */
    private long firedUpTo = Long.MIN_VALUE;
    /** Makes an empty slice. */
    private final java.util.function.LongFunction<S> newSlice;

    AlignedWindowOperator(WindowOperators.Grid grid, WindowAccumulation<IN, ACC> accumulation,
            InternalWindowFunction function, WindowRules<IN> rules, java.util.function.LongFunction<S> newSlice) {
        super(grid.assigner(), accumulation, function, rules);
        this.size = grid.size();
        this.slide = grid.slide();
        this.offset = grid.offset();
        this.ring = new SliceRing<>(slide, newSlice);
        this.newSlice = newSlice;
    }

    /** Adds {@code value} to the entry of {@code key} (null: {@link #currentLongKey}) in {@code slice}; returns the entry. */
    abstract int add(S slice, Object key, IN value) throws Exception;

    /** Evaluates the window function on the contents of entry {@code e}; {@code last} when they are dropped right after. */
    abstract void emit(S slice, int e, Object key, TimeWindow window, Firing.Timing timing, int index, boolean last)
            throws Exception;

    @Override
    public int numLiveWindows() {
        return ring.entries();
    }

    @Override
    void describeKey(String keyText, List<WindowQuery.OpenWindow> out) {
        for (int i = 0; i < ring.size(); i++) {
            S s = ring.get(i);
            for (int e = 0; e < s.size; e++) {
                if (WindowOperatorQuery.matches(s.key(e), keyText)) {
                    out.add(new WindowQuery.OpenWindow(s.start, s.start + size, WindowRules.firings(s.firings[e])));
                }
            }
        }
    }

    /**
     * The live slices in start order, each with its start, whether it fired, and its entries in
     * creation order (key, firing history, creation number, contents); then the next creation number
     * and the watermark fired up to.
     */
    @Override
    protected void snapshotWindows(StateOutput out) throws Exception {
        out.writeInt(ring.size());
        for (int i = 0; i < ring.size(); i++) {
            S slice = ring.get(i);
            out.writeLong(slice.start);
            out.writeBoolean(slice.fired);
            out.writeInt(slice.size);
            for (int e = 0; e < slice.size; e++) {
                out.writeValue(slice.key(e));
                out.writeInt(slice.firings[e]);
                out.writeLong(slice.seqs[e]);
                writeContents(out, slice, e);
            }
        }
        out.writeLong(nextSeq);
        out.writeLong(firedUpTo);
    }

    @Override
    protected void restoreWindows(StateInput in, java.util.function.Predicate<Object> keys, boolean first) throws Exception {
        int slices = in.readInt();
        for (int i = 0; i < slices; i++) {
            long start = in.readLong();
            S slice = ring.slice(start, in.readBoolean());
            S skipped = null; // the entries of keys another subtask restores, read past
            int entries = in.readInt();
            for (int e = 0; e < entries; e++) {
                Object key = in.readValue();
                int history = in.readInt();
                long seq = in.readLong();
                S into = slice;
                if (!keys.test(key)) {
                    into = skipped = skipped != null ? skipped : newSlice.apply(start);
                }
                int at = -into.findOrAdd(key, seq) - 1;
                into.firings[at] = history;
                readContents(in, into, at);
            }
        }
        long seq = in.readLong();
        long fired = in.readLong();
        nextSeq = first ? seq : Math.max(nextSeq, seq);
        firedUpTo = first ? fired : Math.min(firedUpTo, fired);
    }

    /** Writes the contents of entry {@code e}. */
    abstract void writeContents(StateOutput out, S slice, int e) throws Exception;

    /** Reads the contents of the new entry {@code e}. */
    abstract void readContents(StateInput in, S slice, int e) throws Exception;

    /**
     * The element's windows, latest start first (the assigner's order), rule for rule the general
     * operator with {@link EventTimeTrigger#onElement} inlined.
     */
    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        long timestamp = record.getTimestamp();
        if (timestamp == Long.MIN_VALUE) {
            assignerRejects(record);
        }
        S holding = ring.holding(timestamp);
        long latest = holding != null ? holding.start : TimeWindow.getWindowStartWithOffset(timestamp, offset, slide);
        IN value = record.getValue();
        Object key = longKeys() ? null : keyedState.getCurrentKey();
        long watermark = currentWatermark;
        boolean skipped = true;
        boolean anyWindow = false;
        boolean behindWatermark = false;
        for (long start = latest; start > timestamp - size; start -= slide) {
            anyWindow = true;
            long maxTimestamp = start + size - 1;
            if (rules.isWindowLate(maxTimestamp, watermark)) {
                continue;
            }
            skipped = false;
            S slice = start == latest && holding != null ? holding : ring.slice(start, maxTimestamp <= firedUpTo);
            int e = add(slice, key, value);
            if (maxTimestamp <= watermark) {
                behindWatermark = true;
                fireEntry(slice, e, slice.window(size), false); // EventTimeTrigger: FIRE
            }
        }
        if (skipped) {
            notAdded(record, anyWindow, watermark);
        } else if (behindWatermark) {
            metrics.numLateRecordsReFired.inc();
        }
    }

    /**
     * The entry of {@code key} (null: {@link #currentLongKey}, boxed only if the entry is new) in
     * {@code slice}, a {@link WindowSlice#findOrAdd} result.
     */
    final int entry(WindowSlice slice, Object key) {
        int e = key == null ? slice.findOrAddLong(currentLongKey, nextSeq) : slice.findOrAdd(key, nextSeq);
        if (e < 0) {
            nextSeq++;
        }
        return e;
    }

    /**
     * In time order, every unfired window whose max timestamp the watermark reached fires, and every
     * fired window whose cleanup time it reached is cleaned. At one timestamp at most one window fires
     * and one is cleaned (different starts); their keys are taken in creation order, as their timers
     * would fire. Without allowed lateness the two coincide: each key fires and is cleaned in turn (one
     * timer), and the slice is dropped.
     */
    @Override
    protected void onWatermark(long watermark) throws Exception {
        boolean lateness = rules.allowedLateness() != 0;
        while (true) {
            S firing = null;
            S cleaning = null;
            long due = Long.MAX_VALUE;
            for (int i = 0; i < ring.size(); i++) {
                S s = ring.get(i);
                long maxTimestamp = s.start + size - 1;
                long t = s.fired ? rules.cleanupTime(maxTimestamp) : maxTimestamp;
                if (s.fired && (t == Long.MAX_VALUE || !lateness)) {
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
                break;
            }
            if (firing != null && !lateness) {
                TimeWindow window = firing.window(size);
                for (int e = 0; e < firing.size; e++) {
                    clearEntry(fireEntry(firing, e, window, true), window);
                }
                ring.drop(ring.indexOf(firing));
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
                ring.drop(ring.indexOf(cleaning));
            }
        }
        firedUpTo = watermark;
    }

    /**
     * Fires entry {@code e} of a window slice (the window's next firing for that key); {@code last}
     * when the entry is cleaned up right after, so its contents need not be kept. Returns the entry's
     * key (boxed once, for the cleanup too).
     */
    private Object fireEntry(S slice, int e, TimeWindow window, boolean last) throws Exception {
        int history = slice.firings[e];
        Firing.Timing timing = WindowRules.timing(history, currentWatermark, window.maxTimestamp());
        history = WindowRules.fired(history, timing);
        slice.firings[e] = history;
        Object key = slice.key(e);
        keyedState.setCurrentKey(key);
        emit(slice, e, key, window, timing, WindowRules.firings(history), last);
        return key;
    }

    /**
     * Cleans up the (key, window) of a slice: what the general operator's cleanup timer does, minus the
     * trigger's clear (EventTimeTrigger deletes its timer, which this operator never registered).
     */
    private void clearEntry(Object key, TimeWindow window) throws Exception {
        keyedState.setCurrentKey(key);
        emitter.clear(window);
    }

    /** Slices whose contents are objects: an accumulator, reduced value or element list per entry. */
    static final class OfObjects<IN, ACC, OUT> extends AlignedWindowOperator<IN, ACC, OUT, WindowSlice.OfObjects> {
        private final EmptyAccumulators<IN, ACC> empty;

        OfObjects(WindowOperators.Grid grid, WindowAccumulation<IN, ACC> accumulation, InternalWindowFunction function,
                WindowRules<IN> rules) {
            super(grid, accumulation, function, rules, WindowSlice.OfObjects::new);
            this.empty = new EmptyAccumulators<>(accumulation);
        }

        @Override
        long stateSize() {
            long n = 0;
            for (int i = 0; i < ring.size(); i++) {
                n += ring.get(i).objects(accumulation);
            }
            return n;
        }

        @Override
        int add(WindowSlice.OfObjects slice, Object key, IN value) throws Exception {
            return slice.add(entry(slice, key), value, accumulation, empty);
        }

        @Override
        void writeContents(StateOutput out, WindowSlice.OfObjects slice, int e) throws Exception {
            out.writeValue(slice.accs[e]);
        }

        @Override
        void readContents(StateInput in, WindowSlice.OfObjects slice, int e) throws Exception {
            slice.accs[e] = in.readValue();
        }

        @Override
        @SuppressWarnings("unchecked")
        void emit(WindowSlice.OfObjects slice, int e, Object key, TimeWindow window, Firing.Timing timing, int index,
                boolean last) throws Exception {
            Object acc = slice.accs[e];
            Object kept = fire(key, window, (ACC) acc, timing, index, !last);
            if (kept != acc) {
                slice.accs[e] = kept;
            }
        }
    }

    /**
     * Slices whose contents are the accumulators of a {@link LongColumnsAggregateFunction}, side by
     * side in the slice's {@code long[]}: no object per (key, window). The window function receives
     * {@code result} of the columns, or of a copy when they stay the window's contents.
     */
    static final class OfColumns<IN, OUT> extends AlignedWindowOperator<IN, Object, OUT, WindowSlice.OfColumns> {
        private final LongColumnsAggregateFunction<IN, ?> columns;
        private final int width;

        OfColumns(WindowOperators.Grid grid, WindowAccumulation<IN, Object> accumulation, InternalWindowFunction function,
                WindowRules<IN> rules, LongColumnsAggregateFunction<IN, ?> columns, int width) {
            super(grid, accumulation, function, rules, start -> new WindowSlice.OfColumns(start, width));
            this.columns = columns;
            this.width = width;
        }

        /** One accumulator (a row of columns) per entry. */
        @Override
        long stateSize() {
            return ring.entries();
        }

        @Override
        void writeContents(StateOutput out, WindowSlice.OfColumns slice, int e) {
            out.writeLongs(slice.cols, e * width, e * width + width);
        }

        @Override
        void readContents(StateInput in, WindowSlice.OfColumns slice, int e) throws Exception {
            in.readLongs(slice.cols, e * width, e * width + width);
        }

        @Override
        int add(WindowSlice.OfColumns slice, Object key, IN value) {
            int e = entry(slice, key);
            int w = width;
            if (e < 0) {
                e = -e - 1;
                Arrays.fill(slice.cols, e * w, e * w + w, 0L);
                columns.init(slice.cols, e * w);
            }
            columns.add(value, slice.cols, e * w);
            return e;
        }

        @Override
        void emit(WindowSlice.OfColumns slice, int e, Object key, TimeWindow window, Firing.Timing timing, int index,
                boolean last) throws Exception {
            int at = e * width;
            Object result = last
                    ? columns.result(slice.cols, at) // the columns are dropped right after
                    : columns.getResult(Arrays.copyOfRange(slice.cols, at, at + width)); // they stay the window's contents
            emitter.emit(key, window, List.of(result), timing, index);
        }
    }
}
