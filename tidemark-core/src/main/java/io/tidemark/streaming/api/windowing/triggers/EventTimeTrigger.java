package io.tidemark.streaming.api.windowing.triggers;

import io.tidemark.streaming.api.windowing.windows.TimeWindow;

/**
 * Fires a {@link TimeWindow} once the watermark passes its end.
 *
 * <p>Rule: on each element, if {@code window.maxTimestamp() <= watermark} (a late element still
 * within the allowed lateness) fire at once; otherwise register an event-time timer at {@code
 * window.maxTimestamp()} ({@code end - 1}) and continue. The timer at exactly {@code maxTimestamp}
 * fires; other event-time timers and all processing-time timers continue. Supports merging: the
 * merged window's timer is registered only if its {@code maxTimestamp} is still after the watermark.
 * {@link #clear} deletes the timer.
 */
public class EventTimeTrigger extends Trigger<Object, TimeWindow> {

    private static final long serialVersionUID = 1L;

    private EventTimeTrigger() {}

    /** The trigger that fires when the watermark passes the end of the window. */
    public static EventTimeTrigger create() {
        return new EventTimeTrigger();
    }

    @Override
    public TriggerResult onElement(Object element, long timestamp, TimeWindow window, TriggerContext ctx) {
        if (window.maxTimestamp() <= ctx.getCurrentWatermark()) {
            // the watermark already passed the window: a late element within the allowed lateness
            return TriggerResult.FIRE;
        }
        ctx.registerEventTimeTimer(window.maxTimestamp());
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onEventTime(long time, TimeWindow window, TriggerContext ctx) {
        return time == window.maxTimestamp() ? TriggerResult.FIRE : TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onProcessingTime(long time, TimeWindow window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public boolean canMerge() {
        return true;
    }

    @Override
    public void onMerge(TimeWindow window, OnMergeContext ctx) {
        long end = window.maxTimestamp();
        if (end > ctx.getCurrentWatermark()) {
            ctx.registerEventTimeTimer(end);
        }
    }

    @Override
    public void clear(TimeWindow window, TriggerContext ctx) {
        ctx.deleteEventTimeTimer(window.maxTimestamp());
    }

    @Override
    public String toString() {
        return "EventTimeTrigger()";
    }
}
