package io.tidemark.streaming.api.windowing.triggers;

import io.tidemark.api.common.state.MergingState;
import io.tidemark.api.common.state.State;
import io.tidemark.api.common.state.StateDescriptor;
import io.tidemark.streaming.api.windowing.windows.Window;
import java.io.Serializable;

/**
 * Decides when a window's function is evaluated (fires) and when its contents are purged. A trigger
 * keeps its own state per key and window through {@link TriggerContext#getPartitionedState}.
 */
public abstract class Trigger<T, W extends Window> implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Called for every element added to {@code window}. */
    public abstract TriggerResult onElement(T element, long timestamp, W window, TriggerContext ctx) throws Exception;

    /** Called when a processing-time timer this trigger registered fires. */
    public abstract TriggerResult onProcessingTime(long time, W window, TriggerContext ctx) throws Exception;

    /** Called when an event-time timer this trigger registered fires. */
    public abstract TriggerResult onEventTime(long time, W window, TriggerContext ctx) throws Exception;

    /** Whether this trigger supports merging windows. */
    public boolean canMerge() {
        return false;
    }

    /** Called when windows merged into {@code window}; re-registers timers for the result. */
    public void onMerge(W window, OnMergeContext ctx) throws Exception {
        throw new UnsupportedOperationException("this trigger does not support merging windows: " + this);
    }

    /** Removes the trigger's timers and state for {@code window}: the window is being purged for good. */
    public abstract void clear(W window, TriggerContext ctx) throws Exception;

    /** What a trigger can see and do. */
    public interface TriggerContext {
        long getCurrentProcessingTime();

        long getCurrentWatermark();

        void registerProcessingTimeTimer(long time);

        void registerEventTimeTimer(long time);

        void deleteProcessingTimeTimer(long time);

        void deleteEventTimeTimer(long time);

        /** The trigger's state for the current key and window. */
        <S extends State> S getPartitionedState(StateDescriptor<S, ?> stateDescriptor);
    }

    /** The context of {@link #onMerge}: can also merge the state of the merged windows. */
    public interface OnMergeContext extends TriggerContext {
        <S extends MergingState<?, ?>> void mergePartitionedState(StateDescriptor<S, ?> stateDescriptor);
    }
}
