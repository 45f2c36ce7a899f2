package io.tidemark.streaming.api.windowing.assigners;

import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.triggers.TriggerResult;
import io.tidemark.streaming.api.windowing.windows.GlobalWindow;
import java.util.Collection;
import java.util.Collections;

/**
 * Puts every element (of a key) into the single {@link GlobalWindow}.
 *
 * <p>The default trigger is a {@link NeverTrigger}, which never fires: a global window only produces
 * output with a custom trigger (for example a {@code CountTrigger}). {@link #isEventTime()} is false.
 */
public class GlobalWindows extends WindowAssigner<Object, GlobalWindow> {

    private static final long serialVersionUID = 1L;

    private GlobalWindows() {}

    /** The global window assigner. */
    public static GlobalWindows create() {
        return new GlobalWindows();
    }

    @Override
    public Collection<GlobalWindow> assignWindows(Object element, long timestamp, WindowAssignerContext context) {
        return Collections.singletonList(GlobalWindow.get());
    }

    @Override
    public Trigger<Object, GlobalWindow> getDefaultTrigger() {
        return new NeverTrigger();
    }

    @Override
    public boolean isEventTime() {
        return false;
    }

    @Override
    public String toString() {
        return "GlobalWindows()";
    }

    /**
     * The default trigger of {@link GlobalWindows}: returns {@link TriggerResult#CONTINUE} for every
     * element and timer, registers no timers and keeps no state; merging is a no-op.
     */
    public static class NeverTrigger extends Trigger<Object, GlobalWindow> {

        private static final long serialVersionUID = 1L;

        @Override
        public TriggerResult onElement(Object element, long timestamp, GlobalWindow window, TriggerContext ctx) {
            return TriggerResult.CONTINUE;
        }

        @Override
        public TriggerResult onProcessingTime(long time, GlobalWindow window, TriggerContext ctx) {
            return TriggerResult.CONTINUE;
        }

        @Override
        public TriggerResult onEventTime(long time, GlobalWindow window, TriggerContext ctx) {
            return TriggerResult.CONTINUE;
        }

        @Override
        public void onMerge(GlobalWindow window, OnMergeContext ctx) {}

        @Override
        public void clear(GlobalWindow window, TriggerContext ctx) {}

        @Override
        public String toString() {
            return "NeverTrigger()";
        }
    }
}
