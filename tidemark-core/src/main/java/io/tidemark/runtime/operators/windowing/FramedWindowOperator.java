package io.tidemark.runtime.operators.windowing;

import io.tidemark.api.common.metrics.WindowQuery;
import io.tidemark.api.common.functions.Commutative;
import io.tidemark.runtime.checkpoint.StateInput;
import io.tidemark.runtime.checkpoint.StateOutput;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.streaming.api.windowing.Firing;
import io.tidemark.streaming.api.windowing.triggers.EventTimeTrigger;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.util.List;

/**
 * The window operator for event-time sliding windows of the built-in assigner with the built-in
 * {@link EventTimeTrigger}, whose size is a multiple of the slide, without allowed lateness, of a
 * {@link Commutative} aggregate or reduce function: windows accumulated per slide-long frame.
 *
 * <p>Design: each element is added once, to its frame (a {@link WindowSlice} of one slide, shared by
 * all keys; {@link SliceRing}). When the watermark reaches a window's max timestamp, its
 * {@code size / slide} frames are combined per key ({@code merge}, oldest frame first, keys in the
 * order of first appearance) into a scratch slice and the window fires ON_TIME#1 and is cleaned up per
 * key; a frame is dropped once the last window holding it fired. Without allowed lateness a window
 * fires once and an element behind its latest window's end is late, so the results, firing
 * descriptors, late records and counters are the general operator's; only the order of one window's
 * results across keys follows the frames instead of the first element's arrival.
 *
 * <p>State: the {@link SliceRing} of frames and the watermark up to which windows fired. Bounds: per
 * element one frame lookup and one key probe; live frames {@code size / slide} + 1; per window firing,
 * one probe and one combine per (key, frame).
 */
final class FramedWindowOperator<IN, ACC, OUT> extends WindowOperator<IN, ACC, OUT> {

    private final long size;
    private final long slide;
    private final long offset;
    private final SliceRing<WindowSlice.OfObjects> frames;
    /** The scratch slice in which a window's frames are combined. */
    private final WindowSlice.OfObjects combined = new WindowSlice.OfObjects(Long.MIN_VALUE);
    private final EmptyAccumulators<IN, ACC> empty;
    /** The watermark up to which windows have fired. */
    private long firedUpTo = Long.MIN_VALUE;

    FramedWindowOperator(WindowOperators.Grid grid, WindowAccumulation<IN, ACC> accumulation,
            InternalWindowFunction function, WindowRules<IN> rules) {
        super(grid.assigner(), accumulation, function, rules);
        this.size = grid.size();
        this.slide = grid.slide();
        this.offset = grid.offset();
        this.frames = new SliceRing<>(slide, WindowSlice.OfObjects::new);
        this.empty = new EmptyAccumulators<>(accumulation);
    }

    /** Live (key, frame) entries. */
    @Override
    public int numLiveWindows() {
        return frames.entries();
    }

    @Override
    long stateSize() {
        long n = 0;
        for (int i = 0; i < frames.size(); i++) {
            n += frames.get(i).objects(accumulation);
        }
        return n;
    }

    /** The windows not fired yet that hold a frame with the key's contents. */
    @Override
    void describeKey(String keyText, List<WindowQuery.OpenWindow> out) {
        java.util.Set<Long> starts = new java.util.TreeSet<>();
        for (int i = 0; i < frames.size(); i++) {
            WindowSlice.OfObjects f = frames.get(i);
            for (int e = 0; e < f.size; e++) {
                if (WindowOperatorQuery.matches(f.key(e), keyText)) {
                    for (long s = f.start - size + slide; s <= f.start; s += slide) {
                        if (s + size - 1 > firedUpTo) {
                            starts.add(s);
                        }
                    }
                }
            }
        }
        for (long s : starts) {
            out.add(new WindowQuery.OpenWindow(s, s + size, 0));
        }
    }

    /** The live frames in start order, each with its start and its (key, contents) entries; the watermark fired up to. */
    @Override
    protected void snapshotWindows(StateOutput out) throws Exception {
        out.writeInt(frames.size());
        for (int i = 0; i < frames.size(); i++) {
            WindowSlice.OfObjects frame = frames.get(i);
            out.writeLong(frame.start);
            out.writeInt(frame.size);
            for (int e = 0; e < frame.size; e++) {
                out.writeValue(frame.key(e));
                out.writeValue(frame.accs[e]);
            }
        }
        out.writeLong(firedUpTo);
    }

    @Override
    protected void restoreWindows(StateInput in, java.util.function.Predicate<Object> keys, boolean first) throws Exception {
        int n = in.readInt();
        for (int i = 0; i < n; i++) {
            WindowSlice.OfObjects frame = frames.slice(in.readLong(), false);
            int entries = in.readInt();
            for (int e = 0; e < entries; e++) {
                Object key = in.readValue();
                Object acc = in.readValue();
                if (keys.test(key)) {
                    int at = -frame.findOrAdd(key, 0) - 1; // before frame.accs: adding may grow it
                    frame.accs[at] = acc;
                }
            }
        }
        long fired = in.readLong();
        firedUpTo = first ? fired : Math.min(firedUpTo, fired);
    }

    /**
     * The element's frame starts where its latest window starts; without allowed lateness a window is
     * late once it ended, and the latest window ends last.
     */
    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        long timestamp = record.getTimestamp();
        if (timestamp == Long.MIN_VALUE) {
            assignerRejects(record);
        }
        WindowSlice.OfObjects holding = frames.holding(timestamp);
        long latest = holding != null ? holding.start : TimeWindow.getWindowStartWithOffset(timestamp, offset, slide);
        if (rules.isWindowLate(latest + size - 1, currentWatermark)) {
            notAdded(record, true, currentWatermark);
            return;
        }
        WindowSlice.OfObjects frame = holding != null ? holding : frames.slice(latest, false);
        int e = longKeys() ? frame.findOrAddLong(currentLongKey, 0) : frame.findOrAdd(keyedState.getCurrentKey(), 0);
        frame.add(e, record.getValue(), accumulation, empty);
    }

    /**
     * Every window whose max timestamp the watermark reached and that holds a live frame fires, in
     * time order; then the frames whose last window fired are dropped.
     */
    @Override
    protected void onWatermark(long watermark) throws Exception {
        if (frames.size() > 0) {
            long start = frames.get(0).start - size + slide; // the first window holding the oldest frame
            while (start + size - 1 <= firedUpTo) {
                start += slide; // fired already
            }
            for (; start <= frames.get(frames.size() - 1).start && start + size - 1 <= watermark; start += slide) {
                fireWindow(start);
            }
        }
        while (frames.size() > 0 && frames.get(0).start + size - 1 <= watermark) {
            frames.drop(0);
        }
        firedUpTo = watermark;
    }

    @SuppressWarnings("unchecked")
    private void fireWindow(long start) throws Exception {
        WindowSlice.OfObjects c = combined;
        long end = start + size;
        for (int i = 0; i < frames.size() && frames.get(i).start < end; i++) {
            WindowSlice.OfObjects frame = frames.get(i);
            if (frame.start < start) {
                continue;
            }
            for (int e = 0; e < frame.size; e++) {
                int r = c.findOrAdd(frame.key(e), 0);
                if (r < 0) {
                    r = -r - 1;
                    c.accs[r] = accumulation.combineInto(null, (ACC) frame.accs[e]);
                } else {
                    c.accs[r] = accumulation.combineInto((ACC) c.accs[r], (ACC) frame.accs[e]);
                }
            }
        }
        TimeWindow window = new TimeWindow(start, end);
        Firing.Timing timing = WindowRules.timing(WindowRules.NEVER_FIRED, currentWatermark, window.maxTimestamp());
        int index = WindowRules.firings(WindowRules.fired(WindowRules.NEVER_FIRED, timing));
        for (int r = 0; r < c.size; r++) {
            Object key = c.key(r);
            keyedState.setCurrentKey(key);
            fire(key, window, (ACC) c.accs[r], timing, index, false);
            emitter.clear(window);
        }
        c.reset(Long.MIN_VALUE);
    }
}
