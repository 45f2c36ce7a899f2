package io.tidemark.streaming.api.windowing.triggers;

import io.tidemark.streaming.api.windowing.windows.Window;
import java.util.Objects;

/**
 * Wraps another trigger and purges the window whenever it fires.
 *
 * <p>Rule: every decision of the nested trigger is passed through, except that {@link
 * TriggerResult#FIRE} becomes {@link TriggerResult#FIRE_AND_PURGE}. {@link #canMerge()}, {@link
 * #onMerge} and {@link #clear} delegate to the nested trigger.
 */
public class PurgingTrigger<T, W extends Window> extends Trigger<T, W> {

    private static final long serialVersionUID = 1L;

    private final Trigger<T, W> nestedTrigger;

    private PurgingTrigger(Trigger<T, W> nestedTrigger) {
        this.nestedTrigger = Objects.requireNonNull(nestedTrigger, "nestedTrigger");
    }

    /** A trigger that fires when {@code nestedTrigger} fires, and then purges the window. */
    public static <T, W extends Window> PurgingTrigger<T, W> of(Trigger<T, W> nestedTrigger) {
        return new PurgingTrigger<>(nestedTrigger);
    }

    private static TriggerResult purgeOnFire(TriggerResult result) {
        return result.isFire() ? TriggerResult.FIRE_AND_PURGE : result;
    }

    @Override
    public TriggerResult onElement(T element, long timestamp, W window, TriggerContext ctx) throws Exception {
        return purgeOnFire(nestedTrigger.onElement(element, timestamp, window, ctx));
    }

    @Override
    public TriggerResult onProcessingTime(long time, W window, TriggerContext ctx) throws Exception {
        return purgeOnFire(nestedTrigger.onProcessingTime(time, window, ctx));
    }

    @Override
    public TriggerResult onEventTime(long time, W window, TriggerContext ctx) throws Exception {
        return purgeOnFire(nestedTrigger.onEventTime(time, window, ctx));
    }

    @Override
    public boolean canMerge() {
        return nestedTrigger.canMerge();
    }

    @Override
    public void onMerge(W window, OnMergeContext ctx) throws Exception {
        nestedTrigger.onMerge(window, ctx);
    }

    @Override
    public void clear(W window, TriggerContext ctx) throws Exception {
        nestedTrigger.clear(window, ctx);
    }

    /** The wrapped trigger. */
    public Trigger<T, W> getNestedTrigger() {
        return nestedTrigger;
    }

    @Override
    public String toString() {
        return "PurgingTrigger(" + nestedTrigger + ")";
    }
}
