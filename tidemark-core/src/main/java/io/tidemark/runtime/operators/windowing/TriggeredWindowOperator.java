package io.tidemark.runtime.operators.windowing;

import io.tidemark.runtime.timers.Timer;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.windows.Window;
import java.util.Collection;

/**
 * The window operators that run a {@link Trigger} per (key, window) on keyed timers, as Flink's
 * {@code WindowOperator} does, whatever the assigner: the {@link GeneralWindowOperator} (contents on
 * the heap) and the {@link KeyedStateWindowOperator} (contents in the keyed state backend). What they
 * share: the trigger's context, the dispatch of timers, the time a firing happens at, the end of a
 * processing-time input, and the trigger's side of merging windows.
 *
 * @param <IN> element type
 * @param <ACC> what is kept per (key, window)
 * @param <OUT> result type
 * @param <W> window type
 */
abstract sealed class TriggeredWindowOperator<IN, ACC, OUT, W extends Window> extends WindowOperator<IN, ACC, OUT>
        permits GeneralWindowOperator, KeyedStateWindowOperator {

    final WindowAssigner<? super IN, W> windowAssigner;
    final Trigger<? super IN, ? super W> trigger;
    final boolean eventTime;
    /** The trigger's context; made at {@link #open}. */
    WindowTriggerContext<IN, W> triggerContext;
    /** Whether a processing-time input ended: its pending windows fired as if the clock reached their end. */
    boolean inputEnded;

    TriggeredWindowOperator(WindowAssigner<? super IN, W> assigner, Trigger<? super IN, ? super W> trigger,
            WindowAccumulation<IN, ACC> accumulation, InternalWindowFunction function, WindowRules<IN> rules) {
        super(assigner, accumulation, function, rules);
        this.windowAssigner = assigner;
        this.trigger = trigger;
        this.eventTime = assigner.isEventTime();
    }

    @Override
    public void open() throws Exception {
        super.open();
        triggerContext = new WindowTriggerContext<>(trigger, keyedState, timerService, context.getClock(),
                this::getCurrentWatermark);
    }

    /** Keys are always set as the keyed state's current key: the trigger and the functions may read keyed state. */
    @Override
    protected boolean takesLongKeys() {
        return false;
    }

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

    /** A timer of {@code window} fired (of the trigger's, or the window's cleanup timer). */
    abstract void onTimer(Timer timer, W window, boolean eventTimeTimer) throws Exception;

    /** Whether {@code timer} is the cleanup timer of {@code window}. */
    final boolean isCleanupTimer(Timer timer, W window, boolean eventTimeTimer) {
        return eventTimeTimer == eventTime && timer.getTimestamp() == rules.cleanupTime(window.maxTimestamp());
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

    /** The time a firing happens at ({@link WindowRules#timing}): the watermark, or the clock. */
    final long firingTime() {
        return eventTime ? currentWatermark : inputEnded ? Long.MAX_VALUE : context.getClock().currentTimeMillis();
    }

    /**
     * The trigger's side of windows {@code merged} of {@code key} becoming {@code result}: its
     * {@code onMerge} for the result; the windows merged away lose their trigger state, cleanup timers
     * and every other state in their namespace, except namespace {@code keep} (where contents moved to),
     * whose trigger state alone goes.
     */
    final void mergeTriggers(Object key, W result, Collection<W> merged, Object keep) throws Exception {
        if (rules.isWindowLate(result.maxTimestamp(), currentWatermark)) {
            throw new UnsupportedOperationException("merging made window " + result
                    + " end before the current watermark " + currentWatermark + "; this assigner cannot be used");
        }
        triggerContext.set(key, result);
        triggerContext.onMerge(merged);
        for (W m : merged) {
            if (!m.equals(result)) {
                triggerContext.set(key, m);
                triggerContext.clear();
                deleteCleanupTimer(m);
                if (!m.equals(keep)) {
                    keyedState.clearNamespace(m);
                }
            }
        }
    }
}
