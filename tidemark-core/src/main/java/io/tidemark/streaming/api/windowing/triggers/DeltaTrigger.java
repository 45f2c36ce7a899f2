package io.tidemark.streaming.api.windowing.triggers;

import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.api.common.typeutils.TypeSerializer;
import io.tidemark.streaming.api.functions.windowing.delta.DeltaFunction;
import io.tidemark.streaming.api.windowing.windows.Window;

/**
 * Fires when an element is more than {@code threshold} away from the element of the last firing
 * ({@code deltaFunction.getDelta(lastFired, element) > threshold}), Flink's rule: the first element of a
 * window is only remembered (no firing); an element past the threshold fires the window and becomes
 * the one remembered. Timers never fire it; it does not merge. Worked example: threshold 50 on a
 * distance: 0 (kept), 30, 60 (fires; kept), 100, 111 (fires).
 *
 * @param <T> element type
 * @param <W> window type
 */
public class DeltaTrigger<T, W extends Window> extends Trigger<T, W> {

    private static final long serialVersionUID = 1L;

    private final DeltaFunction<T> deltaFunction;
    private final double threshold;
    private final ValueStateDescriptor<T> stateDesc;

    @SuppressWarnings("unchecked")
    private DeltaTrigger(double threshold, DeltaFunction<T> deltaFunction) {
        this.deltaFunction = deltaFunction;
        this.threshold = threshold;
        this.stateDesc = new ValueStateDescriptor<>("last-element", (Class<T>) Object.class);
    }

    /**
     * A delta trigger.
     *
     * @param stateSerializer the element type's serializer (Flink's signature; the embedded engine keeps
     *     the last element as an object)
     */
    public static <T, W extends Window> DeltaTrigger<T, W> of(double threshold, DeltaFunction<T> deltaFunction,
            TypeSerializer<T> stateSerializer) {
        return new DeltaTrigger<>(threshold, deltaFunction);
    }

    @Override
    public TriggerResult onElement(T element, long timestamp, W window, TriggerContext ctx) throws Exception {
        ValueState<T> last = ctx.getPartitionedState(stateDesc);
        if (last.value() == null) {
            last.update(element);
            return TriggerResult.CONTINUE;
        }
        if (deltaFunction.getDelta(last.value(), element) > threshold) {
            last.update(element);
            return TriggerResult.FIRE;
        }
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onEventTime(long time, W window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onProcessingTime(long time, W window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public void clear(W window, TriggerContext ctx) throws Exception {
        ctx.getPartitionedState(stateDesc).clear();
    }

    public DeltaFunction<T> getDeltaFunction() {
        return deltaFunction;
    }

    public double getThreshold() {
        return threshold;
    }

    @Override
    public String toString() {
        return "DeltaTrigger(" + deltaFunction + ", " + threshold + ")";
    }
}
