package io.tidemark.streaming.api.windowing.triggers;

import io.tidemark.streaming.api.windowing.windows.TimeWindow;

/**
 * Fires a {@link TimeWindow} once processing time reaches its end.
 *
 * <p>Rule: each element registers a processing-time timer at {@code window.maxTimestamp()} ({@code
 * end - 1}) and continues; a processing-time timer fires; event-time timers continue. Supports
 * merging: the merged window's timer is registered only if its {@code maxTimestamp} is after the
 * current processing time. {@link #clear} deletes the timer.
 */
public class ProcessingTimeTrigger extends Trigger<Object, TimeWindow> {

    private static final long serialVersionUID = 1L;

    private ProcessingTimeTrigger() {}

    /** The trigger that fires when processing time passes the end of the window. */
    public static ProcessingTimeTrigger create() {
        return new ProcessingTimeTrigger();
    }

    @Override
    public TriggerResult onElement(Object element, long timestamp, TimeWindow window, TriggerContext ctx) {
        ctx.registerProcessingTimeTimer(window.maxTimestamp());
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onProcessingTime(long time, TimeWindow window, TriggerContext ctx) {
        return TriggerResult.FIRE;
    }

    @Override
    public TriggerResult onEventTime(long time, TimeWindow window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public boolean canMerge() {
        return true;
    }

    @Override
    public void onMerge(TimeWindow window, OnMergeContext ctx) {
        long end = window.maxTimestamp();
        if (end > ctx.getCurrentProcessingTime()) {
            ctx.registerProcessingTimeTimer(end);
        }
    }

    @Override
    public void clear(TimeWindow window, TriggerContext ctx) {
        ctx.deleteProcessingTimeTimer(window.maxTimestamp());
    }

    @Override
    public String toString() {
        return "ProcessingTimeTrigger()";
    }
}
