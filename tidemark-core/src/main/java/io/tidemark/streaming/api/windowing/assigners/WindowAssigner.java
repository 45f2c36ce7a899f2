package io.tidemark.streaming.api.windowing.assigners;

import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.windows.Window;
import java.io.Serializable;
import java.util.Collection;

/** Assigns each element to zero or more windows. */
public abstract class WindowAssigner<T, W extends Window> implements Serializable {

    private static final long serialVersionUID = 1L;

    /**
     * The windows {@code element} belongs to.
     *
     * @param timestamp the element's event timestamp (for event-time assigners)
     */
    public abstract Collection<W> assignWindows(T element, long timestamp, WindowAssignerContext context);

    /** The trigger used when the user sets none. */
    public abstract Trigger<T, W> getDefaultTrigger();

    /** Whether windows are in event time (fire on watermarks) rather than processing time. */
    public abstract boolean isEventTime();

    /** What an assigner can ask while assigning. */
    public abstract static class WindowAssignerContext {
        /** Current processing time (the job's clock). */
        public abstract long getCurrentProcessingTime();
    }
}
