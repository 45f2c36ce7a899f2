package io.tidemark.streaming.api.windowing.triggers;

import io.tidemark.api.common.state.ReducingState;
import io.tidemark.api.common.state.ReducingStateDescriptor;
import io.tidemark.streaming.api.windowing.windows.Window;
import java.time.Duration;
import java.util.Objects;

/**
 * Fires a window early every {@code interval} of event time, and at its end.
 *
 * <p>Rule: the next early firing time is kept in a {@code ReducingState<Long>} named {@code
 * "fire-time"} (reduced with min). On an element: if {@code window.maxTimestamp() <= watermark}
 * (late element) fire at once; otherwise register an event-time timer at {@code window.maxTimestamp()}
 * and, if no firing time is stored yet, store and register {@code timestamp - (timestamp % interval)
 * + interval} (the next interval boundary; note Java's {@code %}, so a negative timestamp rounds toward
 * zero, as in Flink), then continue. An event-time timer at {@code maxTimestamp} fires; a timer equal
 * to the stored firing time fires and moves it {@code interval} later (registering that timer); other
 * timers continue. Every early firing time is capped at the window's {@code maxTimestamp}, as in
 * Flink 2, so no early timer outlives the window's end. Supports merging (the earliest
 * stored firing time wins and its timer is registered). {@link #clear} deletes the pending early
 * timer and the state. The interval is not validated (as in Flink).
 */
public class ContinuousEventTimeTrigger<W extends Window> extends Trigger<Object, W> {

    private static final long serialVersionUID = 1L;

    /** When windows merge the earliest pending firing time is kept. */
    private static final ReducingStateDescriptor<Long> FIRE_TIME_DESCRIPTOR =
            new ReducingStateDescriptor<>("fire-time", (a, b) -> a <= b ? a : b, Long.class);

    private final long interval;

    private ContinuousEventTimeTrigger(long interval) {
        this.interval = interval;
    }

    /** A trigger that fires every {@code interval} of event time and at the end of the window. */
    public static <W extends Window> ContinuousEventTimeTrigger<W> of(Duration interval) {
        Objects.requireNonNull(interval, "interval");
        return new ContinuousEventTimeTrigger<>(interval.toMillis());
    }

    @Override
    public TriggerResult onElement(Object element, long timestamp, W window, TriggerContext ctx) throws Exception {
        if (window.maxTimestamp() <= ctx.getCurrentWatermark()) {
            return TriggerResult.FIRE;
        }
        ctx.registerEventTimeTimer(window.maxTimestamp());
        ReducingState<Long> fireTime = ctx.getPartitionedState(FIRE_TIME_DESCRIPTOR);
        if (fireTime.get() == null) {
            registerNextFireTime(timestamp - (timestamp % interval), window, ctx, fireTime);
        }
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onEventTime(long time, W window, TriggerContext ctx) throws Exception {
        if (time == window.maxTimestamp()) {
            return TriggerResult.FIRE;
        }
        ReducingState<Long> fireTime = ctx.getPartitionedState(FIRE_TIME_DESCRIPTOR);
        Long pending = fireTime.get();
        if (pending != null && pending == time) {
            fireTime.clear();
            registerNextFireTime(time, window, ctx, fireTime);
            return TriggerResult.FIRE;
        }
        return TriggerResult.CONTINUE;
    }

    /** The next early firing: one interval after {@code from}, but never after the window's end (as Flink 2). */
    private void registerNextFireTime(long from, W window, TriggerContext ctx, ReducingState<Long> fireTime) throws Exception {
        long next = Math.min(from + interval, window.maxTimestamp());
        fireTime.add(next);
        ctx.registerEventTimeTimer(next);
    }

    @Override
    public TriggerResult onProcessingTime(long time, W window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public boolean canMerge() {
        return true;
    }

    @Override
    public void onMerge(W window, OnMergeContext ctx) throws Exception {
        ctx.mergePartitionedState(FIRE_TIME_DESCRIPTOR);
        ReducingState<Long> fireTime = ctx.getPartitionedState(FIRE_TIME_DESCRIPTOR);
        Long next = fireTime.get();
        if (next != null) {
            ctx.registerEventTimeTimer(next);
        }
    }

    @Override
    public void clear(W window, TriggerContext ctx) throws Exception {
        ReducingState<Long> fireTime = ctx.getPartitionedState(FIRE_TIME_DESCRIPTOR);
        Long pending = fireTime.get();
        if (pending != null) {
            ctx.deleteEventTimeTimer(pending);
            fireTime.clear();
        }
    }

    /** The firing interval in milliseconds. */
    public long getInterval() {
        return interval;
    }

    @Override
    public String toString() {
        return "ContinuousEventTimeTrigger(" + interval + ")";
    }
}
