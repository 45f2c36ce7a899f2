package io.tidemark.runtime.operators.windowing;

import io.tidemark.api.common.state.MergingState;
import io.tidemark.api.common.state.State;
import io.tidemark.api.common.state.StateDescriptor;
import io.tidemark.runtime.state.KeyedStateBackend;
import io.tidemark.runtime.timers.InternalTimerService;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.triggers.TriggerResult;
import io.tidemark.streaming.api.windowing.windows.Window;
import io.tidemark.time.Clock;
import java.util.Collection;
import java.util.function.LongSupplier;

/**
 * The trigger of a {@link TriggeredWindowOperator} and its view: timers and partitioned state scoped to
 * the current (key, window), set by {@link #set} before each call.
 */
final class WindowTriggerContext<IN, W extends Window> implements Trigger.OnMergeContext {

    private final Trigger<? super IN, ? super W> trigger;
    private final KeyedStateBackend keyedState;
    private final InternalTimerService timers;
    private final Clock clock;
    private final LongSupplier watermark;
    private W window;
    /** The windows merging into {@link #window}, during {@link #onMerge}. */
    private Collection<W> mergedWindows;

    WindowTriggerContext(Trigger<? super IN, ? super W> trigger, KeyedStateBackend keyedState,
            InternalTimerService timers, Clock clock, LongSupplier watermark) {
        this.trigger = trigger;
        this.keyedState = keyedState;
        this.timers = timers;
        this.clock = clock;
        this.watermark = watermark;
    }

    /** Scopes the following calls to {@code window} of {@code key}. */
    void set(Object key, W window) {
        keyedState.setCurrentKey(key);
        this.window = window;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    TriggerResult onElement(IN value, long timestamp) throws Exception {
        return ((Trigger) trigger).onElement(value, timestamp, window, this);
    }

    TriggerResult onEventTime(long time) throws Exception {
        return trigger.onEventTime(time, window, this);
    }

    TriggerResult onProcessingTime(long time) throws Exception {
        return trigger.onProcessingTime(time, window, this);
    }

    /** The trigger's {@code onMerge} for the current window, made of {@code merged}. */
    void onMerge(Collection<W> merged) throws Exception {
        mergedWindows = merged;
        try {
            trigger.onMerge(window, this);
        } finally {
            mergedWindows = null;
        }
    }

    void clear() throws Exception {
        trigger.clear(window, this);
    }

    @Override
    public long getCurrentProcessingTime() {
        return clock.currentTimeMillis();
    }

    @Override
    public long getCurrentWatermark() {
        return watermark.getAsLong();
    }

    @Override
    public void registerProcessingTimeTimer(long time) {
        timers.registerProcessingTimeTimer(window, time);
    }

    @Override
    public void registerEventTimeTimer(long time) {
        timers.registerEventTimeTimer(window, time);
    }

    @Override
    public void deleteProcessingTimeTimer(long time) {
        timers.deleteProcessingTimeTimer(window, time);
    }

    @Override
    public void deleteEventTimeTimer(long time) {
        timers.deleteEventTimeTimer(window, time);
    }

    @Override
    public <S extends State> S getPartitionedState(StateDescriptor<S, ?> descriptor) {
        return keyedState.getPartitionedState(window, descriptor);
    }

    @Override
    public <S extends MergingState<?, ?>> void mergePartitionedState(StateDescriptor<S, ?> descriptor) {
        if (mergedWindows != null && !mergedWindows.isEmpty()) {
            keyedState.mergeNamespaces(descriptor, window, mergedWindows);
        }
    }
}
