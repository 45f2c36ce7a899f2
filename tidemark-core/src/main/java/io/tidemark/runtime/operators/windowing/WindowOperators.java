package io.tidemark.runtime.operators.windowing;

import io.tidemark.api.common.functions.LongColumnsAggregateFunction;
import io.tidemark.runtime.state.AbstractStateBackend;
import io.tidemark.runtime.state.StateBackend;
import io.tidemark.runtime.state.hashmap.HashMapStateBackend;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.MergingWindowAssigner;
import io.tidemark.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.triggers.EventTimeTrigger;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.streaming.api.windowing.windows.Window;
import io.tidemark.util.OutputTag;

/**
 * Makes the window operator for a window description, choosing its implementation once, from the
 * assigner, trigger, accumulation and allowed lateness:
 *
 * <table>
 *   <caption>strategies</caption>
 *   <tr><th>assigner (exact class)</th><th>trigger</th><th>contents, lateness</th><th>operator</th></tr>
 *   <tr><td>{@code TumblingEventTimeWindows}</td><td rowspan="4">{@code EventTimeTrigger}</td>
 *       <td>a {@code LongColumnsAggregateFunction}</td><td>{@link AlignedWindowOperator.OfColumns}</td></tr>
 *   <tr><td>{@code TumblingEventTimeWindows}, {@code SlidingEventTimeWindows}</td><td>any other</td>
 *       <td>{@link AlignedWindowOperator.OfObjects}</td></tr>
 *   <tr><td>{@code SlidingEventTimeWindows}, size a multiple of the slide</td><td>{@code Commutative}
 *       function, no allowed lateness</td><td>{@link FramedWindowOperator}</td></tr>
 *   <tr><td>{@code EventTimeSessionWindows}</td><td>any</td><td>{@link SessionWindowOperator}</td></tr>
 *   <tr><td>any other</td><td>any</td><td>any</td><td>{@link GeneralWindowOperator}</td></tr>
 * </table>
 *
 * <p>A window with an evictor is always an {@link EvictingWindowOperator} (the general rules on kept
 * elements), whatever its assigner and trigger.
 *
 * <p>All these keep their windows' contents on the heap, in structures of their own. On a job whose
 * state backend is not the heap one (RocksDB: {@link #create(OperatorDescription.Window, StateBackend)}),
 * every window is a {@link KeyedStateWindowOperator}, whose contents live in the backend.
 *
 * <p>The exact classes matter: a subclass of a built-in assigner or trigger may change what it
 * does, so it gets the general operator. The key selector is not part of the choice: every specialised
 * operator reads a {@code LongKeySelector}'s key unboxed when its incremental function is not a rich
 * function (decided when the operator is set up with its subtask's copy of the selector).
 */
public final class WindowOperators {

    private WindowOperators() {}

    /**
     * The operator for {@code description} on a job whose state backend is {@code backend} (null: the
     * default, the heap): on the heap {@link #create(OperatorDescription.Window)}'s choice, else
     * {@link #inKeyedState}.
     */
    public static <IN, OUT> WindowOperator<IN, ?, OUT> create(OperatorDescription.Window description, StateBackend backend) {
        if (description.perKeyWatermarks() != null && !(AbstractStateBackend.of(backend) instanceof HashMapStateBackend)) {
            throw new UnsupportedOperationException("per-key watermarks run on the heap state backend only, not on "
                    + AbstractStateBackend.of(backend));
        }
        return AbstractStateBackend.of(backend) instanceof HashMapStateBackend ? create(description) : inKeyedState(description);
    }

    /**
     * The operator for {@code description} whose windows' contents live in the keyed state backend
     * (any assigner, trigger, function and evictor).
     */
    @SuppressWarnings("unchecked")
    public static <IN, OUT> WindowOperator<IN, ?, OUT> inKeyedState(OperatorDescription.Window description) {
        WindowAssigner<? super IN, Window> assigner = (WindowAssigner<? super IN, Window>) description.assigner();
        Trigger<? super IN, ? super Window> trigger = (Trigger<? super IN, ? super Window>) description.trigger();
        checkMerging(assigner, trigger);
        return new KeyedStateWindowOperator<>(assigner, trigger, description, rules(description));
    }

    /** The operator for {@code description} on the heap: the specialised one where one applies, else the general one. */
    @SuppressWarnings("unchecked")
    public static <IN, OUT> WindowOperator<IN, ?, OUT> create(OperatorDescription.Window description) {
        if (description.perKeyWatermarks() != null) {
            return perKey(description);
        }
        WindowAssigner<?, ?> assigner = description.assigner();
        if (description.evictor() != null || description.trigger().getClass() != EventTimeTrigger.class) {
            return general(description);
        }
        WindowAccumulation<IN, Object> accumulation = WindowAccumulation.of(description);
        InternalWindowFunction function = InternalWindowFunction.of(description.function());
        WindowRules<IN> rules = rules(description);
        if (assigner.getClass() == EventTimeSessionWindows.class) {
            return new SessionWindowOperator<>((EventTimeSessionWindows) assigner, accumulation, function, rules);
        }
        Grid grid;
        if (assigner.getClass() == TumblingEventTimeWindows.class) {
            TumblingEventTimeWindows t = (TumblingEventTimeWindows) assigner;
            grid = new Grid(t, t.getSize(), t.getSize(), t.getOffset());
        } else if (assigner.getClass() == SlidingEventTimeWindows.class) {
            SlidingEventTimeWindows s = (SlidingEventTimeWindows) assigner;
            grid = new Grid(s, s.getSize(), s.getSlide(), s.getOffset());
        } else {
            return general(description);
        }
        if (accumulation.commutative() && rules.allowedLateness() == 0 && grid.size() > grid.slide()
                && grid.size() % grid.slide() == 0) {
            return new FramedWindowOperator<>(grid, accumulation, function, rules);
        }
        if (accumulation.aggregateFunction() instanceof LongColumnsAggregateFunction<?, ?> columns) {
            int width = columns.width();
            if (width <= 0) {
                throw new IllegalArgumentException(columns + ": width() must be positive, was " + width);
            }
            return new AlignedWindowOperator.OfColumns<>(grid, accumulation, function, rules,
                    (LongColumnsAggregateFunction<IN, ?>) columns, width);
        }
        return new AlignedWindowOperator.OfObjects<>(grid, accumulation, function, rules);
    }

    /**
     * The general operator for {@code description} (any assigner and trigger), whatever specialised one
     * applies; with an evictor, the evicting operator.
     */
    @SuppressWarnings("unchecked")
    public static <IN, OUT> WindowOperator<IN, ?, OUT> general(OperatorDescription.Window description) {
        WindowAssigner<? super IN, Window> assigner = (WindowAssigner<? super IN, Window>) description.assigner();
        Trigger<? super IN, ? super Window> trigger = (Trigger<? super IN, ? super Window>) description.trigger();
        WindowRules<IN> rules = rules(description);
        checkMerging(assigner, trigger);
        if (description.evictor() != null) {
            return new EvictingWindowOperator<>(assigner, trigger, description, rules);
        }
        return new GeneralWindowOperator<>(assigner, trigger, WindowAccumulation.of(description),
                InternalWindowFunction.of(description.function()), rules);
    }

    /** The general operator on per-key watermarks ({@link PerKeyWindowOperator}); not with an evictor. */
    @SuppressWarnings("unchecked")
    private static <IN, OUT> WindowOperator<IN, ?, OUT> perKey(OperatorDescription.Window description) {
        if (description.evictor() != null) {
            throw new UnsupportedOperationException("per-key watermarks are not supported with an evictor");
        }
        if (!description.assigner().isEventTime()) {
            throw new UnsupportedOperationException("per-key watermarks need event-time windows, not " + description.assigner());
        }
        WindowAssigner<? super IN, Window> assigner = (WindowAssigner<? super IN, Window>) description.assigner();
        Trigger<? super IN, ? super Window> trigger = (Trigger<? super IN, ? super Window>) description.trigger();
        checkMerging(assigner, trigger);
        return new PerKeyWindowOperator<>(assigner, trigger, WindowAccumulation.of(description),
                InternalWindowFunction.of(description.function()), rules(description),
                (io.tidemark.api.common.eventtime.WatermarkStrategy<IN>) description.perKeyWatermarks());
    }

    private static void checkMerging(WindowAssigner<?, ?> assigner, Trigger<?, ?> trigger) {
        if (assigner instanceof MergingWindowAssigner && !trigger.canMerge()) {
            throw new UnsupportedOperationException(
                    "a merging window assigner (" + assigner + ") needs a trigger that can merge; " + trigger + " cannot");
        }
    }

    @SuppressWarnings("unchecked")
    private static <IN> WindowRules<IN> rules(OperatorDescription.Window description) {
        return new WindowRules<>(description.assigner().isEventTime(), description.allowedLateness(),
                (OutputTag<IN>) description.lateDataTag());
    }

    /** Aligned windows: {@code [start, start + size)} for every start ≡ offset (mod slide). */
    record Grid(WindowAssigner<Object, TimeWindow> assigner, long size, long slide, long offset) {}
}
