package io.tidemark.runtime.operators.windowing;

import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.MergingWindowAssigner;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.triggers.EventTimeTrigger;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.windows.Window;

/**
 * Makes the window operator for a window description, choosing its implementation once, from the
 * assigner, trigger, accumulation and allowed lateness (see {@link WindowOperator} for the strategies).
 */
public final class WindowOperators {

    private WindowOperators() {}

    /** The operator for {@code description}: the specialised one where one applies, else the general one. */
    @SuppressWarnings("unchecked")
    public static <IN, OUT> WindowOperator<IN, ?, OUT> create(OperatorDescription.Window description) {
        WindowAssigner<?, ?> assigner = description.assigner();
        if (description.trigger().getClass() == EventTimeTrigger.class) {
            if (assigner.getClass() == EventTimeSessionWindows.class) {
                return new SessionWindowOperator<>((EventTimeSessionWindows) assigner, WindowAccumulation.of(description),
                        InternalWindowFunction.of(description.function()), rules(description));
            }
        }
        return general(description);
    }

    /** The general operator for {@code description} (any assigner and trigger), whatever specialised one applies. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <IN, OUT> WindowOperator<IN, ?, OUT> general(OperatorDescription.Window description) {
        WindowAssigner<? super IN, Window> assigner = (WindowAssigner<? super IN, Window>) description.assigner();
        Trigger<? super IN, ? super Window> trigger = (Trigger<? super IN, ? super Window>) description.trigger();
        if (assigner instanceof MergingWindowAssigner && !trigger.canMerge()) {
            throw new UnsupportedOperationException(
                    "a merging window assigner (" + assigner + ") needs a trigger that can merge; " + trigger + " cannot");
        }
        return new GeneralWindowOperator<>(assigner, trigger, WindowAccumulation.of(description),
                InternalWindowFunction.of(description.function()), rules(description));
    }

    @SuppressWarnings("unchecked")
    private static <IN> WindowRules<IN> rules(OperatorDescription.Window description) {
        return new WindowRules<>(description.assigner().isEventTime(), description.allowedLateness(),
                (io.tidemark.util.OutputTag<IN>) description.lateDataTag());
    }
}
