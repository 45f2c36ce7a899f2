package io.tidemark.runtime.source;

import io.tidemark.api.common.eventtime.CurrentBound;
import io.tidemark.api.common.eventtime.TimestampAssigner;
import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkGenerator;
import io.tidemark.api.common.eventtime.WatermarkOutput;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.metrics.InputStatus;
import io.tidemark.api.common.metrics.TimestampJump;
import io.tidemark.runtime.metrics.WatermarkDiagnostics;
import io.tidemark.runtime.operators.sort.EventTimeSortBuffer;
import io.tidemark.runtime.source.alignment.PausableClock;
import io.tidemark.runtime.source.alignment.SplitAlignment;
import io.tidemark.runtime.watermarks.EventTimeTracker;
import io.tidemark.runtime.watermarks.WatermarkState;
import io.tidemark.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Per-split timestamps and watermarks of one source subtask, combined into one watermark.
 *
 * <p>Design: each split has its own assigner, generator (with its own idleness timer when the
 * strategy has one) and {@link WatermarkState}. The combined watermark is the minimum over splits that
 * are neither idle nor finished; it only moves forward (a {@link WatermarkState} too). If every split is
 * idle or finished, the source is idle (and, once every split finished, it is the end of input's
 * business to send the final watermark). Cost: O(splits) per combine, which runs once per periodic
 * emission (or per event in per-event mode); per record one map lookup, skipped while records come
 * from the same split, and with at most 8 splits whose ids are the same instances from record to record
 * (interleaved splits of interned names) replaced by a scan of the splits by identity. Owned by the
 * source thread (under the checkpoint lock); {@link #diagnostics} reads published values from any thread.
 */
public final class SplitWatermarks<T> {

    /** One split: its assigner, its generator, and where the generator emits (its state). */
    private static final class Split<T> implements WatermarkOutput {
        final String id;
        final TimestampAssigner<T> assigner;
        final WatermarkGenerator<T> generator;
        final WatermarkState state = new WatermarkState();
        /** The split's event time as its records show it (largest timestamp, activity, jumps). */
        final EventTimeTracker events;
        /** Set once by the source thread; read by it only. */
        boolean finished;
        /** The split's reorder buffer before its generator, or null (the source does not sort). */
        final EventTimeSortBuffer<T> sorter;
        /** The clock its generator reads, stopped while alignment pauses the split; null without alignment. */
        final PausableClock pausable;

        Split(String id, TimestampAssigner<T> assigner, WatermarkGenerator<T> generator, Clock clock, long sortMillis,
                PausableClock pausable) {
            this.id = id;
            this.assigner = assigner;
            this.generator = generator;
            this.events = new EventTimeTracker(id, clock);
            this.sorter = sortMillis < 0 ? null : new EventTimeSortBuffer<>(sortMillis);
            this.pausable = pausable;
        }

        @Override
        public void emitWatermark(Watermark w) {
            markActive();
            state.advance(w.getTimestamp());
        }

        @Override
        public void markIdle() {
            if (state.markIdle()) {
                events.idle();
            }
        }

        @Override
        public void markActive() {
            if (state.markActive()) {
                events.active();
            }
        }
    }

    private final WatermarkStrategy<T> strategy;
    private final Clock clock;
    private final WatermarkOutput output;
    /** Each split's reorder buffer in milliseconds, or -1: no sorting. */
    private final long sortMillis;
    /** This subtask's part in watermark alignment, or null; set before the first split. */
    private SplitAlignment alignment;
    private SplitAlignment.Splits pauser;
    private final Map<String, Split<T>> byId = new HashMap<>();
    /** Every split in order of first appearance; replaced (never changed) when a split appears. */
    private volatile Split<T>[] splits = newArray(0);
    private final WatermarkState combined = new WatermarkState();
    /** The split holding the combined watermark back at the last combine, or null; for other threads. */
    private volatile String holdingBack;
    /** Up to this many splits, a call first looks for its split by the identity of its id, before the map. */
    private static final int FEW_SPLITS = 8;
    /** The split of the previous call: sources mostly emit runs of one split, so most calls skip the map. */
    private String lastId;
    private Split<T> lastSplit;

    /**
     * @param output where the combined watermark and idleness go: called only on changes (a higher
     *     watermark, idle, active again)
     */
    public SplitWatermarks(WatermarkStrategy<T> strategy, Clock clock, WatermarkOutput output) {
        this(strategy, clock, output, -1);
    }

    /** With {@code sortMillis} ≥ 0, each split has a reorder buffer of that size ({@link #sorter}). */
    public SplitWatermarks(WatermarkStrategy<T> strategy, Clock clock, WatermarkOutput output, long sortMillis) {
        this.strategy = strategy;
        this.clock = clock;
        this.output = output;
        this.sortMillis = sortMillis;
    }

    @SuppressWarnings("unchecked")
    private static <T> Split<T>[] newArray(int n) {
        return (Split<T>[]) new Split<?>[n];
    }

    private Split<T> split(String id) {
        if (id == lastId && id != null) {
            return lastSplit;
        }
        Split<T> s = null;
        Split<T>[] all = splits;
        if (all.length <= FEW_SPLITS) { // the same instance as before: no hashing (interleaved splits of interned names)
            for (Split<T> candidate : all) {
                if (candidate.id == id) {
                    s = candidate;
                    break;
                }
            }
        }
        if (s == null) {
            s = byId.get(id);
        }
        if (s == null) {
            PausableClock pausable = alignment == null ? null : new PausableClock(clock);
            Clock generatorClock = pausable == null ? clock : pausable;
            s = new Split<>(id, strategy.createTimestampAssigner(() -> clock), strategy.createWatermarkGenerator(() -> generatorClock),
                    clock, sortMillis, pausable);
            byId.put(id, s);
            Split<T>[] more = Arrays.copyOf(splits, splits.length + 1);
            more[more.length - 1] = s;
            splits = more;
        }
        lastId = id;
        lastSplit = s;
        return s;
    }

    /**
     * Takes part in watermark alignment ({@link SplitAlignment}): {@code source} pauses and resumes the
     * source's splits. Called before the first split is known.
     */
    public void align(SplitAlignment alignment, SplitAlignment.Splits source) {
        if (splits.length > 0) {
            throw new IllegalStateException("alignment must be set before the first split");
        }
        this.alignment = alignment;
        this.pauser = source;
    }

    /**
     * An alignment update (every update interval, under the lock): reports this subtask's watermark
     * ({@code Long.MAX_VALUE} when idle or when every split finished), learns the most allowed, pauses the
     * splits above it and resumes the paused ones no longer above it — pausing only while more than one
     * split is live (with one, the subtask's own wait does it).
     */
    public void updateAlignment() {
        boolean live = false;
        for (Split<T> s : splits) {
            live |= !s.finished;
        }
        alignment.update(!live || combined.isIdle() ? Long.MAX_VALUE : combined.watermark());
        pauseOrResume(true);
    }

    /** Whether this subtask must wait for alignment before emitting: its watermark is above the most allowed. */
    public boolean alignmentWaits() {
        return alignment != null && alignment.waits(combined.watermark());
    }

    /** Reports again while waiting, so that a stale report of this subtask's own never holds it. */
    public void reportWhileWaiting() {
        alignment.update(combined.isIdle() ? Long.MAX_VALUE : combined.watermark());
    }

    /** The subtask ended: it no longer holds its group back. */
    public void alignmentFinished() {
        if (alignment != null) {
            alignment.finished();
        }
    }

    private void pauseOrResume(boolean resumeToo) {
        int live = 0;
        for (Split<T> s : splits) {
            live += s.finished ? 0 : 1;
        }
        long max = live > 1 ? alignment.maxAllowed() : Long.MAX_VALUE;
        List<String> pause = new ArrayList<>();
        List<String> resume = new ArrayList<>();
        for (Split<T> s : splits) {
            boolean above = !s.finished && s.state.watermark() > max;
            if (above && !alignment.isPaused(s.id)) {
                pause.add(s.id);
                s.pausable.pause();
            } else if (!above && resumeToo && alignment.isPaused(s.id)) {
                resume.add(s.id);
                s.pausable.resume();
            }
        }
        alignment.apply(pause, resume, pauser);
    }

    /** Registers a split before its first record, so it holds the watermark back from the start. */
    public void announce(String splitId) {
        split(splitId);
    }

    /** The record's timestamp, from its split's assigner. The caller emits the record, then calls {@link #onEvent}. */
    public long assignTimestamp(String splitId, T element, long recordTimestamp) {
        return split(splitId).assigner.extractTimestamp(element, recordTimestamp);
    }

    /** The split's reorder buffer, or null when the source does not sort. */
    public EventTimeSortBuffer<T> sorter(String splitId) {
        return split(splitId).sorter;
    }

    /** The ids of the splits whose reorder buffers hold records, in order of appearance. */
    public List<String> sortingSplits() {
        List<String> ids = new ArrayList<>();
        for (Split<T> s : splits) {
            if (s.sorter != null && s.sorter.size() > 0) {
                ids.add(s.id);
            }
        }
        return ids;
    }

    /** Records held in all reorder buffers. */
    public long sortedRecordsHeld() {
        long n = 0;
        for (Split<T> s : splits) {
            n += s.sorter == null ? 0 : s.sorter.size();
        }
        return n;
    }

    /**
     * The reorder buffers (when the source sorts): the number of splits, then each split's id and
     * buffer. Kept apart from {@link #snapshot} so that a checkpoint without them still restores.
     */
    public void snapshotSorting(io.tidemark.runtime.checkpoint.StateOutput out) throws java.io.IOException {
        Split<T>[] all = splits;
        out.writeInt(sortMillis < 0 ? 0 : all.length);
        if (sortMillis >= 0) {
            for (Split<T> s : all) {
                out.writeString(s.id);
                s.sorter.snapshot(out);
            }
        }
    }

    /** Puts back what {@link #snapshotSorting} wrote, after {@link #restore}. */
    public void restoreSorting(io.tidemark.runtime.checkpoint.StateInput in) throws java.io.IOException {
        restoreSorting(in, split -> true);
    }

    /** {@link #restoreSorting}, keeping the buffers of the splits {@code keep} accepts (a rescaled restore). */
    public void restoreSorting(io.tidemark.runtime.checkpoint.StateInput in, java.util.function.Predicate<String> keep)
            throws java.io.IOException {
        int n = in.readInt();
        for (int i = 0; i < n; i++) {
            String id = in.readString();
            if (!keep.test(id)) {
                new io.tidemark.runtime.operators.sort.EventTimeSortBuffer<T>(Math.max(sortMillis, 0)).restore(in); // read past
                continue;
            }
            Split<T> s = split(id);
            if (s.sorter == null) {
                throw new java.io.IOException("the checkpoint holds a split's sort buffer, but this source does not sort");
            }
            s.sorter.restore(in);
        }
    }

    /** Lets the split's generator see an emitted record; the record makes the split active. */
    public void onEvent(String splitId, T element, long timestamp) {
        Split<T> s = split(splitId);
        s.markActive();
        s.events.onEvent(element, timestamp);
        s.generator.onEvent(element, timestamp, s);
    }

    /** Asks every live split's generator to emit (periodic emission), then combines. */
    public void onPeriodicEmit() {
        for (Split<T> s : splits) {
            if (!s.finished) {
                s.events.check();
                s.generator.onPeriodicEmit(s);
            }
        }
        combine();
    }

    /** Asks one split's generator to emit (per-event mode), then combines. */
    public void onPeriodicEmit(String splitId) {
        Split<T> s = split(splitId);
        s.generator.onPeriodicEmit(s);
        combine();
    }

    public void splitFinished(String splitId) {
        split(splitId).finished = true;
        combine();
    }

    /** Emits the minimum over active splits if it advanced; turns "all idle" into an idle source. */
    public void combine() {
        Split<T>[] all = splits;
        Split<T> min = null;
        for (Split<T> s : all) {
            if (!s.finished && !s.state.isIdle() && (min == null || s.state.watermark() < min.state.watermark())) {
                min = s;
            }
        }
        String h = min == null ? null : min.id;
        if (h != holdingBack) {
            holdingBack = h; // a volatile write only when another split holds the source back
        }
        if (min == null) {
            if (all.length > 0 && combined.markIdle()) {
                output.markIdle();
            }
            return;
        }
        if (combined.markActive()) {
            output.markActive();
        }
        long w = min.state.watermark();
        if (combined.advance(w)) {
            output.emitWatermark(new Watermark(w));
        }
        if (alignment != null) {
            pauseOrResume(false); // a split that passed the most allowed pauses at once, as in Flink
        }
    }

    /**
     * Every split in order of appearance (its id, whether it finished, its watermark, idle status and
     * generator progress, and {@code nextPeriodic}: when the source's periodic emission runs next, the
     * same for every split, {@code Long.MIN_VALUE} for none), then the combined watermark and idle status
     * emitted so far.
     */
    public void snapshot(io.tidemark.runtime.checkpoint.StateOutput out, long nextPeriodic) throws java.io.IOException {
        Split<T>[] all = splits;
        out.writeInt(all.length);
        for (Split<T> s : all) {
            out.writeString(s.id);
            out.writeBoolean(s.finished);
            io.tidemark.runtime.checkpoint.WatermarkProgress.of(s.state, s.generator, nextPeriodic).write(out);
        }
        out.writeLong(combined.watermark());
        out.writeBoolean(combined.isIdle());
    }

    /**
     * Puts back what {@link #snapshot} wrote, before the first record; emits nothing (downstream has it).
     * Returns when the periodic emission runs next ({@code Long.MIN_VALUE}: not kept, as in a snapshot
     * without splits or one written before the schedule was kept).
     */
    public long restore(io.tidemark.runtime.checkpoint.StateInput in) throws java.io.IOException {
        long[] combinedState = new long[2];
        long nextPeriodic = restore(in, split -> true, combinedState);
        restoreCombined(combinedState[0], combinedState[1] != 0);
        return nextPeriodic;
    }

    /**
     * Puts back the splits {@code keep} accepts of what {@link #snapshot} wrote (one old subtask's, at a
     * changed parallelism several in turn), without the combined watermark, which it leaves in
     * {@code combined}: {@code [watermark, idle ? 1 : 0]}. Returns when the periodic emission runs next.
     */
    public long restore(io.tidemark.runtime.checkpoint.StateInput in, java.util.function.Predicate<String> keep, long[] combined)
            throws java.io.IOException {
        long nextPeriodic = Long.MIN_VALUE;
        int n = in.readInt();
        for (int i = 0; i < n; i++) {
            String id = in.readString();
            boolean finished = in.readBoolean();
            io.tidemark.runtime.checkpoint.WatermarkProgress progress = io.tidemark.runtime.checkpoint.WatermarkProgress.read(in);
            if (keep.test(id)) {
                Split<T> s = split(id);
                s.finished = finished;
                progress.restore(s.state, s.generator);
                nextPeriodic = Math.max(nextPeriodic, progress.nextPeriodic());
            }
        }
        combined[0] = in.readLong();
        combined[1] = in.readBoolean() ? 1 : 0;
        return nextPeriodic;
    }

    /** Puts back the combined watermark and status a restore read. */
    public void restoreCombined(long watermark, boolean idle) {
        combined.advance(watermark);
        if (idle) {
            combined.markIdle();
        }
    }

    /** The largest out-of-orderness bound a live split's generator uses now ({@link CurrentBound}), or -1. */
    public long largestBound() {
        long b = -1;
        for (Split<T> s : splits) {
            if (!s.finished) {
                b = Math.max(b, CurrentBound.of(s.generator));
            }
        }
        return b;
    }

    /** The combined watermark emitted last. */
    public long getCombinedWatermark() {
        return combined.watermark();
    }

    /** The splits' published state, for readers on any thread. */
    public WatermarkDiagnostics diagnostics() {
        return new WatermarkDiagnostics() {
            @Override
            public Map<String, Long> inputWatermarks() {
                Map<String, Long> m = new LinkedHashMap<>();
                for (Split<T> s : splits) {
                    m.put(s.id, s.state.readWatermark());
                }
                return m;
            }

            @Override
            public Set<String> idleInputs() {
                Set<String> ids = new LinkedHashSet<>();
                for (Split<T> s : splits) {
                    if (s.state.readIdle()) {
                        ids.add(s.id);
                    }
                }
                return ids;
            }

            @Override
            public String holdingBack() {
                return holdingBack;
            }

            @Override
            public List<InputStatus> inputs() {
                List<InputStatus> all = new ArrayList<>();
                for (Split<T> s : splits) {
                    all.add(new InputStatus(s.id, true, s.state.readWatermark(), s.state.readIdle(), s.events.idleSince(),
                            s.events.idleBefore(), s.events.lastActive(), s.events.maxTimestamp(), s.events.disorder()));
                }
                return all;
            }
        };
    }

    /** The largest timestamp jumps of all splits, largest first (at most {@link EventTimeTracker#KEPT_JUMPS} per split). */
    public List<TimestampJump> largestJumps() {
        List<TimestampJump> all = new ArrayList<>();
        for (Split<T> s : splits) {
            all.addAll(s.events.largestJumps());
        }
        all.sort(Comparator.comparingLong((TimestampJump j) -> j.advance() < 0 ? Long.MAX_VALUE : j.advance()).reversed());
        return all;
    }
}
