package io.tidemark.runtime.operators.windowing;

import io.tidemark.api.common.functions.Function;
import io.tidemark.api.common.functions.OpenContext;
import io.tidemark.api.common.functions.RichFunction;
import io.tidemark.runtime.checkpoint.RestoredState;
import io.tidemark.runtime.checkpoint.StateInput;
import io.tidemark.runtime.checkpoint.StateOutput;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.operators.AbstractStreamOperator;
import io.tidemark.runtime.operators.StreamingRuntimeContext;
import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.metrics.WindowQuery;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.streaming.api.windowing.Firing;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.evictors.Evictor;
import io.tidemark.streaming.api.windowing.windows.Window;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The window operator of a keyed stream: assigns elements to windows, fires them, evaluates the
 * window function, handles allowed lateness and late data, and cleans state up, Flink's
 * {@code WindowOperator} rule for rule ({@link WindowRules}). One implementation per strategy, chosen
 * once by {@link WindowOperators} from the assigner, trigger, accumulation and lateness:
 *
 * <ul>
 *   <li>{@link GeneralWindowOperator}: any assigner and trigger; per (key, window) contents and timers.
 *   <li>{@link AlignedWindowOperator}: built-in tumbling and sliding event-time windows with the
 *       built-in event-time trigger; per-window slices shared by all keys, no timers.
 *   <li>{@link FramedWindowOperator}: sliding windows of an order-insensitive function without
 *       allowed lateness; each element added once, to its slide-long frame.
 *   <li>{@link SessionWindowOperator}: built-in fixed-gap event-time sessions with the built-in
 *       trigger; per-key session lists merged in place, their timers in one heap.
 *   <li>{@link KeyedStateWindowOperator}: any window, on a state backend other than the heap; the
 *       general rules with the contents in the keyed state backend.
 * </ul>
 *
 * <p>The specialised operators give exactly the general operator's results, in the same order, with
 * the same firing descriptors, late records and metrics (frames: the same results; only the order of one
 * window's results across keys may differ); the equivalence properties run each against the general
 * one. This base holds what all share: the rules, how contents accumulate, the window function and its
 * {@link WindowEmitter}, and the functions' life cycle.
 *
 * @param <IN> element type
 * @param <ACC> what is kept per (key, window)
 * @param <OUT> result type
 */
public abstract class WindowOperator<IN, ACC, OUT> extends AbstractStreamOperator<IN, OUT> {

    final WindowAssigner<? super IN, ?> assigner;
    final WindowAccumulation<IN, ACC> accumulation;
    final InternalWindowFunction function;
    final WindowRules<IN> rules;
    /** Where firings and cleanups go; made at {@link #open}. */
    WindowEmitter<OUT> emitter;
    final WindowAssigner.WindowAssignerContext assignerContext = new WindowAssigner.WindowAssignerContext() {
        @Override
        public long getCurrentProcessingTime() {
            return context.getClock().currentTimeMillis();
        }
    };

    /** What an evictor sees of the operator's clocks. */
    final Evictor.EvictorContext evictorContext = new Evictor.EvictorContext() {
        @Override
        public long getCurrentProcessingTime() {
            return context.getClock().currentTimeMillis();
        }

        @Override
        public long getCurrentWatermark() {
            return currentWatermark;
        }
    };

    WindowOperator(WindowAssigner<? super IN, ?> assigner, WindowAccumulation<IN, ACC> accumulation,
            InternalWindowFunction function, WindowRules<IN> rules) {
        this.assigner = assigner;
        this.accumulation = accumulation;
        this.function = function;
        this.rules = rules;
    }

    /** Whether windows merge (per-window state is then not supported). */
    boolean merging() {
        return false;
    }

    /** Live (key, window) entries across all keys (with frames: (key, frame) entries). */
    public abstract int numLiveWindows();

    /**
     * Objects in the window state: one per live entry's contents, and for contents that keep the
     * elements (a full window function) one per element. A walk over the state: O(entries).
     */
    abstract long stateSize();

    /**
     * Adds to {@code out} the windows with contents of the key whose text ({@code String.valueOf}) is
     * {@code keyText}: start, end and firings so far. A walk over the keys: for questions, not records.
     */
    abstract void describeKey(String keyText, List<WindowQuery.OpenWindow> out);

    /** Recent firings and late records, for questions ({@link WindowOperatorQuery}). */
    final WindowLog log = new WindowLog();
    /** When {@link #stateSize} was last published (System.nanoTime), 0 for never. */
    private long stateMeasured;

    /** Accounts for an element that updated no window ({@link WindowRules#notAdded}) and logs it if it was late. */
    final void notAdded(StreamRecord<IN> record, boolean anyWindow, long watermark) {
        if (rules.notAdded(record, anyWindow, watermark, output, metrics)) {
            log.late(record.getValue(), record.getTimestamp(), watermark, context.getClock().currentTimeMillis());
        }
    }

    /**
     * Publishes the open windows with every watermark, and the state size at most once a second (it walks
     * the state) and at the end of the input.
     */
    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        super.processWatermark(watermark);
        publishState(false);
    }

    @Override
    public void endInput() throws Exception {
        super.endInput();
        publishState(true);
    }

    /** Publishes {@code openWindows}, and {@code stateSize} if asked ({@code now}) or a second has passed. */
    final void publishState(boolean now) {
        metrics.openWindows.set(numLiveWindows());
        long t = System.nanoTime();
        if (now || stateMeasured == 0 || t - stateMeasured >= 1_000_000_000L) {
            stateMeasured = t;
            metrics.stateSize.set(stateSize());
        }
    }

    // ------------------------------------------------------------------ checkpoints

    /**
     * The snapshot interface of every window operator: the contents it keeps itself — windows or
     * slices, their contents and firing histories, its own timers and progress — written in the
     * section {@code windows.<class>} in the format version {@link #windowsFormat}. Keyed state (per
     * window and global), the keyed timer service, the watermark and the counters are written by the
     * base operator. A new window operator implements these two methods; its
     * {@code CheckpointRestoreProperties} case proves that a restored operator continues exactly as
     * the original would.
     */
    protected abstract void snapshotWindows(StateOutput out) throws Exception;

    /**
     * Restores what {@link #snapshotWindows} wrote, keeping the windows of the keys {@code keys} accepts;
     * called after setup, before open, once per old subtask restored from ({@code first} for the first):
     * at a changed parallelism several, whose windows add up and whose values not per key merge
     * (progress to the lowest, so nothing that was pending is skipped).
     */
    protected abstract void restoreWindows(StateInput in, Predicate<Object> keys, boolean first) throws Exception;

    /** The format version of {@link #snapshotWindows}; bump it when the format changes. */
    protected int windowsFormat() {
        return 1;
    }

    private String windowsSection() {
        return "windows." + getClass().getSimpleName();
    }

    @Override
    protected final void snapshotOperatorState(StateSnapshot.Builder out) throws Exception {
        out.section(windowsSection(), windowsFormat(), this::snapshotWindows);
    }

    @Override
    protected final void restoreOperatorState(StateSnapshot snapshot, RestoredState restored) throws Exception {
        boolean[] first = {true};
        for (StateSnapshot part : restored.keyed()) {
            if (part.read(windowsSection(), windowsFormat(), in -> restoreWindows(in, restored.keys(), first[0]))) {
                first[0] = false;
            }
        }
        if (first[0]) {
            for (String name : snapshot.names()) {
                if (name.startsWith("windows.")) {
                    throw new IllegalStateException("the checkpoint holds the windows of a " + name.substring(8)
                            + "; this job's window operator '" + context.getOperatorName() + "' is a " + getClass().getSimpleName()
                            + " (its assigner, trigger, function, lateness or state backend changed)");
                }
            }
        }
    }

    /** The incremental and window functions. */
    @Override
    protected List<Function> functions() {
        List<Function> fs = new ArrayList<>(2);
        fs.add(accumulation.function());
        fs.add(function.function());
        return fs;
    }

    @Override
    public void open() throws Exception {
        super.open();
        for (Function f : new Function[] {accumulation.function(), function.function()}) {
            if (f instanceof RichFunction rich) {
                rich.setRuntimeContext(new StreamingRuntimeContext(context, keyedState));
                rich.open(new OpenContext() {});
            }
        }
        emitter = new WindowEmitter<>(function, output, metrics.numWindowFirings, keyedState, context.getClock(),
                context.getStateTtlClock(), this::getCurrentWatermark, merging(), log);
        metrics.setWindowQuery(new WindowOperatorQuery(this, context.getMailbox()));
    }

    @Override
    public void close() throws Exception {
        for (Function f : new Function[] {accumulation.function(), function.function()}) {
            if (f instanceof RichFunction rich) {
                rich.close();
            }
        }
    }

    /**
     * The specialised operators read a {@link io.tidemark.api.java.functions.LongKeySelector}'s key
     * unboxed and set the keyed state's current key only where user code that may read it runs
     * (firing, cleanup, merging); so not when the incremental function is a rich function, which may
     * read keyed state in {@code add}.
     */
    @Override
    protected boolean takesLongKeys() {
        return !(accumulation.function() instanceof RichFunction);
    }

    /**
     * Fires {@code acc}, the contents of {@code window} of {@code key} (the current key); returns what
     * the window keeps: {@code acc}, or when {@code kept} a detached copy if the result is {@code acc}
     * itself ({@link WindowAccumulation#afterEmit}).
     */
    final ACC fire(Object key, Window window, ACC acc, Firing.Timing timing, int index, boolean kept) throws Exception {
        Iterable<?> elements = accumulation.elements(acc);
        emitter.emit(key, window, elements, timing, index);
        return kept ? accumulation.afterEmit(acc, elements) : acc;
    }

    /** Registers the cleanup timer of {@code window} of the current key (none for a window never cleaned up). */
    final void registerCleanupTimer(Window window) {
        long t = rules.cleanupTime(window.maxTimestamp());
        if (t == Long.MAX_VALUE) {
            return; // e.g. the global window: never cleaned up
        }
        if (rules.isEventTime()) {
            timerService.registerEventTimeTimer(window, t);
        } else {
            timerService.registerProcessingTimeTimer(window, t);
        }
    }

    /** Deletes what {@link #registerCleanupTimer} registered. */
    final void deleteCleanupTimer(Window window) {
        long t = rules.cleanupTime(window.maxTimestamp());
        if (t == Long.MAX_VALUE) {
            return;
        }
        if (rules.isEventTime()) {
            timerService.deleteEventTimeTimer(window, t);
        } else {
            timerService.deleteProcessingTimeTimer(window, t);
        }
    }

    /** An element with no timestamp: the assigner throws its own error for it. */
    final void assignerRejects(StreamRecord<IN> record) {
        assigner.assignWindows(record.getValue(), record.getTimestamp(), assignerContext);
    }
}
