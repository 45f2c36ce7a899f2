package io.tidemark.runtime.operators.windowing;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkGenerator;
import io.tidemark.api.common.eventtime.WatermarkOutput;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.runtime.checkpoint.StateInput;
import io.tidemark.runtime.checkpoint.StateOutput;
import io.tidemark.runtime.checkpoint.WatermarkProgress;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import io.tidemark.runtime.time.ProcessingTimeService;
import io.tidemark.runtime.watermarks.WatermarkState;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.windows.Window;
import io.tidemark.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The general window operator on per-key watermarks ({@code keyBy(..).withPerKeyWatermarks(strategy)};
 * Tidemark's extension): each key has its own generator of the strategy, fed with that key's records
 * (their timestamps), and its windows fire on that key's own watermark. The floor is the lowest watermark
 * of the keys that are not idle (the strategy's idleness, per key), or, when every key is idle, the
 * highest; it only rises and it is the operator's output watermark. An idle key's windows fire on the
 * floor (a key's effective watermark is its own, or the floor while it is idle, and never below what its
 * timers fired up to), so a silent key's windows close once it turns idle, while a key that appears late
 * with a clock far behind the others is judged by its own clock. The stream's own watermarks are
 * ignored, except the final {@code Long.MAX_VALUE}, which fires everything.
 *
 * <p>Order of events: a record is judged (late or not, and the trigger's decision) against its key's
 * effective watermark before its key's generator sees it, as a source emits a record before its
 * generator sees it; in per-event mode the key's generator then emits and the key's due timers fire at
 * once. Periodic emission (every {@code autoWatermarkInterval}) asks every key's generator, updates the
 * floor, and fires each key's due timers, keys in order of first appearance. Event-time timers are kept
 * per key ({@code KeyedTimerQueues}). Cost: a generator, a watermark state and a timer queue per key
 * (≈ 300 B), one pass over the keys per periodic emission. Worked example (bound 1 h): device A's clock
 * reads 10:00, device B's 07:00; A's windows fire by A's records, B's by B's, and neither's records are
 * late, where one watermark (driven by A) would make all of B's late.
 */
final class PerKeyWindowOperator<IN, ACC, OUT, W extends Window> extends GeneralWindowOperator<IN, ACC, OUT, W> {

    /** One key's clock: its generator and where it emits. */
    private static final class KeyClock<T> implements WatermarkOutput {
        final WatermarkGenerator<T> generator;
        final WatermarkState state = new WatermarkState();
        /** The effective watermark the key's timers have fired up to. */
        long fired = Long.MIN_VALUE;

        KeyClock(WatermarkGenerator<T> generator) {
            this.generator = generator;
        }

        @Override
        public void emitWatermark(Watermark watermark) {
            state.markActive();
            state.advance(watermark.getTimestamp());
        }

        @Override
        public void markIdle() {
            state.markIdle();
        }

        @Override
        public void markActive() {
            state.markActive();
        }
    }

    private final WatermarkStrategy<IN> strategy;
    private final Map<Object, KeyClock<IN>> clocks = new LinkedHashMap<>();
    /** The lowest watermark of the keys not idle; only rises; the operator's output watermark. */
    private long floor = Long.MIN_VALUE;
    /** The floor emitted last. */
    private long emitted = Long.MIN_VALUE;
    private boolean perEvent;

    PerKeyWindowOperator(WindowAssigner<? super IN, W> assigner, Trigger<? super IN, ? super W> trigger,
            WindowAccumulation<IN, ACC> accumulation, InternalWindowFunction function, WindowRules<IN> rules,
            WatermarkStrategy<IN> strategy) {
        super(assigner, trigger, accumulation, function, rules);
        this.strategy = strategy;
    }

    @Override
    protected boolean eventTimePerKey() {
        return true;
    }

    @Override
    public void open() throws Exception {
        super.open();
        perEvent = context.getConfig().isPerEventWatermarks();
        long interval = context.getConfig().getAutoWatermarkInterval();
        if (interval > 0) {
            ProcessingTimeService.ProcessingTimeCallback emit = time -> {
                try {
                    onPeriodicEmit();
                } catch (Throwable t) {
                    throw failure(t);
                }
            };
            ProcessingTimeService timers = context.getProcessingTimeService();
            periodic = restoredNextPeriodic != Long.MIN_VALUE ? timers.schedulePeriodically(interval, restoredNextPeriodic, emit)
                    : timers.schedulePeriodically(interval, emit);
        }
    }

    private ProcessingTimeService.PeriodicTimer periodic;
    /** When the restored run's periodic emission is next due, or {@code Long.MIN_VALUE}. */
    private long restoredNextPeriodic = Long.MIN_VALUE;

    private KeyClock<IN> clock(Object key) {
        KeyClock<IN> c = clocks.get(key);
        if (c == null) {
            Clock time = context.getClock();
            c = new KeyClock<>(strategy.createWatermarkGenerator(() -> time));
            clocks.put(key, c);
        }
        return c;
    }

    /**
     * A key's effective watermark: its own, or the floor while the key is idle, and never below what its
     * timers fired up to (a key that comes back from idleness does not go back in time).
     */
    private long effective(KeyClock<IN> c) {
        return Math.max(Math.max(c.state.watermark(), c.fired), c.state.isIdle() ? floor : Long.MIN_VALUE);
    }

    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        Object key = keyedState.getCurrentKey();
        KeyClock<IN> c = clock(key);
        currentWatermark = effective(c);
        super.processElement(record);
        c.generator.onEvent(record.getValue(), record.getTimestamp(), c);
        if (perEvent) {
            c.generator.onPeriodicEmit(c);
            fire(key, c);
        }
    }

    /** Fires {@code key}'s timers up to its effective watermark, if it rose. */
    private void fire(Object key, KeyClock<IN> c) throws Exception {
        long e = effective(c);
        if (e > c.fired) {
            c.fired = e;
            currentWatermark = e;
            timerService.advanceWatermark(key, e);
        }
    }

    /** Every key's generator emits; the floor follows; every key's due timers fire; the floor goes out. */
    private void onPeriodicEmit() throws Exception {
        for (KeyClock<IN> c : clocks.values()) {
            c.generator.onPeriodicEmit(c);
        }
        long lowestActive = Long.MAX_VALUE;
        long highest = Long.MIN_VALUE;
        for (KeyClock<IN> c : clocks.values()) {
            highest = Math.max(highest, c.state.watermark());
            if (!c.state.isIdle()) {
                lowestActive = Math.min(lowestActive, c.state.watermark());
            }
        }
        long f = lowestActive != Long.MAX_VALUE ? lowestActive : highest;
        if (f > floor) {
            floor = f;
        }
        for (Map.Entry<Object, KeyClock<IN>> e : clocks.entrySet()) {
            fire(e.getKey(), e.getValue());
        }
        emitFloor();
    }

    private void emitFloor() {
        if (floor > emitted) {
            emitted = floor;
            metrics.currentInputWatermark.set(floor);
            metrics.onInputWatermark(floor);
            metrics.currentOutputWatermark.set(floor);
            output.emitWatermark(new Watermark(floor));
            publishState(false);
        }
    }

    /** The stream's watermarks are this operator's own business, except the end of event time. */
    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        if (watermark.getTimestamp() == Long.MAX_VALUE) {
            floor = Long.MAX_VALUE;
            currentWatermark = Long.MAX_VALUE;
            timerService.advanceWatermark(Long.MAX_VALUE);
            for (KeyClock<IN> c : clocks.values()) {
                c.fired = Long.MAX_VALUE;
            }
            emitFloor();
        }
    }

    @Override
    public void processWatermarkStatus(WatermarkStatus status) {
        // each key's generator decides about its idleness
    }

    /** The windows, then the next periodic emission, the floor and each key's clock (watermark, status, fired up to, generator's progress). */
    @Override
    protected void snapshotWindows(StateOutput out) throws Exception {
        super.snapshotWindows(out);
        out.writeLong(periodic == null ? Long.MIN_VALUE : periodic.nextTime());
        out.writeLong(floor);
        out.writeInt(clocks.size());
        for (Map.Entry<Object, KeyClock<IN>> e : clocks.entrySet()) {
            out.writeValue(e.getKey());
            out.writeLong(e.getValue().fired);
            WatermarkProgress.of(e.getValue().state, e.getValue().generator, Long.MIN_VALUE).write(out);
        }
    }

    @Override
    protected void restoreWindows(StateInput in, java.util.function.Predicate<Object> keys, boolean first) throws Exception {
        super.restoreWindows(in, keys, first);
        long nextPeriodic = in.readLong();
        long restoredFloor = in.readLong();
        restoredNextPeriodic = first ? nextPeriodic : Math.min(restoredNextPeriodic, nextPeriodic);
        floor = first ? restoredFloor : Math.min(floor, restoredFloor);
        emitted = floor; // downstream has it
        for (int n = in.readInt(); n > 0; n--) {
            Object key = in.readValue();
            long fired = in.readLong();
            WatermarkProgress progress = WatermarkProgress.read(in);
            if (keys.test(key)) {
                KeyClock<IN> c = clock(key);
                c.fired = fired;
                progress.restore(c.state, c.generator);
            }
        }
    }
}
