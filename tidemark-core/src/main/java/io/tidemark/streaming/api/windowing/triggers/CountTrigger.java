package io.tidemark.streaming.api.windowing.triggers;

import io.tidemark.api.common.state.ReducingState;
import io.tidemark.api.common.state.ReducingStateDescriptor;
import io.tidemark.streaming.api.windowing.windows.Window;

/**
 * Fires when a window has received {@code maxCount} elements, then starts counting again.
 *
 * <p>Rule: the count lives in the trigger's {@code ReducingState<Long>} named {@code "count"} (summed).
 * Each element adds 1; when the count is {@code >= maxCount} the count is cleared and the trigger
 * returns {@link TriggerResult#FIRE} (the contents are kept; wrap in {@link PurgingTrigger} to purge),
 * otherwise {@link TriggerResult#CONTINUE}. Timers never fire it. Supports merging: the counts of
 * merged windows are added. {@code maxCount} is not validated (as in Flink: {@code maxCount <= 1}
 * fires on every element).
 */
public class CountTrigger<W extends Window> extends Trigger<Object, W> {

    private static final long serialVersionUID = 1L;

    private static final ReducingStateDescriptor<Long> COUNT_DESCRIPTOR =
            new ReducingStateDescriptor<>("count", Long::sum, Long.class);

    private final long maxCount;

    private CountTrigger(long maxCount) {
        this.maxCount = maxCount;
    }

    /** A trigger that fires every {@code maxCount} elements. */
    public static <W extends Window> CountTrigger<W> of(long maxCount) {
        return new CountTrigger<>(maxCount);
    }

    @Override
    public TriggerResult onElement(Object element, long timestamp, W window, TriggerContext ctx) throws Exception {
        ReducingState<Long> count = ctx.getPartitionedState(COUNT_DESCRIPTOR);
        count.add(1L);
        if (count.get() >= maxCount) {
            count.clear();
            return TriggerResult.FIRE;
        }
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onProcessingTime(long time, W window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onEventTime(long time, W window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public boolean canMerge() {
        return true;
    }

    @Override
    public void onMerge(W window, OnMergeContext ctx) {
        ctx.mergePartitionedState(COUNT_DESCRIPTOR);
    }

    @Override
    public void clear(W window, TriggerContext ctx) {
        ctx.getPartitionedState(COUNT_DESCRIPTOR).clear();
    }

    /** The number of elements after which the trigger fires. */
    public long getMaxCount() {
        return maxCount;
    }

    @Override
    public String toString() {
        return "CountTrigger(" + maxCount + ")";
    }
}
