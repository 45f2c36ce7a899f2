package io.tidemark.streaming.api.datastream;

import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.api.common.typeinfo.TypeInformation;
import io.tidemark.streaming.api.functions.aggregation.FieldAccessor;
import io.tidemark.streaming.api.functions.aggregation.FieldAggregator;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.functions.windowing.WindowFunction;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.streaming.api.transformations.OperatorDescription.Window.Contents;
import io.tidemark.streaming.api.transformations.OperatorDescription.Window.Function;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.evictors.Evictor;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.windows.Window;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.Objects;

/**
 * A keyed stream grouped into windows. Configure lateness, late data and the trigger, then finish
 * with a window function ({@code aggregate}, {@code reduce}, {@code process}, {@code apply}, or a field
 * aggregation such as {@code sum("amount")}).
 */
public class WindowedStream<T, K, W extends Window> {

    private final KeyedStream<T, K> input;
    private final WindowAssigner<? super T, W> assigner;
    private Trigger<? super T, ? super W> trigger;
    private long allowedLateness;
    private OutputTag<T> lateDataTag;
    private Evictor<? super T, ? super W> evictor;

    public WindowedStream(KeyedStream<T, K> input, WindowAssigner<? super T, W> assigner) {
        this.input = input;
        this.assigner = Objects.requireNonNull(assigner, "window assigner");
        this.trigger = assigner.getDefaultTrigger();
    }

    /**
     * Keeps each window's state for {@code lateness} after the watermark passed its end; elements
     * arriving in that time update the window and fire it again. Default 0. Event time only.
     */
    public WindowedStream<T, K, W> allowedLateness(Duration lateness) {
        if (lateness.isNegative()) {
            throw new IllegalArgumentException("allowed lateness cannot be negative: " + lateness);
        }
        this.allowedLateness = lateness.toMillis();
        return this;
    }

    /** Sends elements that arrive after their windows' allowed lateness to this side output. */
    public WindowedStream<T, K, W> sideOutputLateData(OutputTag<T> outputTag) {
        this.lateDataTag = Objects.requireNonNull(outputTag, "output tag");
        return this;
    }

    /** Replaces the assigner's default trigger. */
    public WindowedStream<T, K, W> trigger(Trigger<? super T, ? super W> trigger) {
        this.trigger = Objects.requireNonNull(trigger, "trigger");
        return this;
    }

    /**
     * Removes elements when a window fires, before and/or after the window function (see
     * {@link Evictor}). The windows then keep every element with its timestamp until they fire, also
     * under {@code reduce} and {@code aggregate}: these run over the remaining elements at each firing,
     * not as each element arrives.
     */
    public WindowedStream<T, K, W> evictor(Evictor<? super T, ? super W> evictor) {
        this.evictor = Objects.requireNonNull(evictor, "evictor");
        return this;
    }

    // ------------------------------------------------------------------ window functions

    /** Incremental aggregation: one accumulator per window; emits {@code getResult}. */
    public <ACC, R> SingleOutputStreamOperator<R> aggregate(AggregateFunction<T, ACC, R> function) {
        return build(windowName() + "(aggregate)", new Contents.Aggregate(function), new Function.PassThrough());
    }

    /** Incremental aggregation, then a process window function on the one aggregated value. */
    public <ACC, V, R> SingleOutputStreamOperator<R> aggregate(AggregateFunction<T, ACC, V> function,
            ProcessWindowFunction<V, R, K, W> windowFunction) {
        return build(windowName() + "(aggregate, process)", new Contents.Aggregate(function), new Function.Process(windowFunction));
    }

    /** Incremental aggregation, then a window function on the one aggregated value. */
    public <ACC, V, R> SingleOutputStreamOperator<R> aggregate(AggregateFunction<T, ACC, V> function,
            WindowFunction<V, R, K, W> windowFunction) {
        return build(windowName() + "(aggregate, apply)", new Contents.Aggregate(function), new Function.Apply(windowFunction));
    }

    /** Incremental reduction: one value per window. */
    public SingleOutputStreamOperator<T> reduce(ReduceFunction<T> function) {
        return build(windowName() + "(reduce)", new Contents.Reduce(function), new Function.PassThrough());
    }

    /** Incremental reduction, then a process window function on the reduced value. */
    public <R> SingleOutputStreamOperator<R> reduce(ReduceFunction<T> function, ProcessWindowFunction<T, R, K, W> windowFunction) {
        return build(windowName() + "(reduce, process)", new Contents.Reduce(function), new Function.Process(windowFunction));
    }

    /** Incremental reduction, then a window function on the reduced value. */
    public <R> SingleOutputStreamOperator<R> reduce(ReduceFunction<T> function, WindowFunction<T, R, K, W> windowFunction) {
        return build(windowName() + "(reduce, apply)", new Contents.Reduce(function), new Function.Apply(windowFunction));
    }

    /** A full window function: keeps every element of the window until it fires. */
    public <R> SingleOutputStreamOperator<R> process(ProcessWindowFunction<T, R, K, W> function) {
        return build(windowName() + "(process)", new Contents.Elements(), new Function.Process(function));
    }

    /** A full window function without context. */
    public <R> SingleOutputStreamOperator<R> apply(WindowFunction<T, R, K, W> function) {
        return build(windowName() + "(apply)", new Contents.Elements(), new Function.Apply(function));
    }

    // the same with the types declared (see {@code returns}); the accumulator's type needs no declaring

    public <ACC, R> SingleOutputStreamOperator<R> aggregate(AggregateFunction<T, ACC, R> function,
            TypeInformation<ACC> accumulatorType, TypeInformation<R> resultType) {
        return aggregate(function).returns(resultType);
    }

    public <ACC, V, R> SingleOutputStreamOperator<R> aggregate(AggregateFunction<T, ACC, V> function,
            WindowFunction<V, R, K, W> windowFunction, TypeInformation<ACC> accumulatorType, TypeInformation<R> resultType) {
        return aggregate(function, windowFunction).returns(resultType);
    }

    public <ACC, V, R> SingleOutputStreamOperator<R> aggregate(AggregateFunction<T, ACC, V> function,
            ProcessWindowFunction<V, R, K, W> windowFunction, TypeInformation<ACC> accumulatorType,
            TypeInformation<V> aggregateResultType, TypeInformation<R> resultType) {
        return aggregate(function, windowFunction).returns(resultType);
    }

    public <R> SingleOutputStreamOperator<R> reduce(ReduceFunction<T> function, WindowFunction<T, R, K, W> windowFunction,
            TypeInformation<R> resultType) {
        return reduce(function, windowFunction).returns(resultType);
    }

    public <R> SingleOutputStreamOperator<R> reduce(ReduceFunction<T> function, ProcessWindowFunction<T, R, K, W> windowFunction,
            TypeInformation<R> resultType) {
        return reduce(function, windowFunction).returns(resultType);
    }

    public <R> SingleOutputStreamOperator<R> process(ProcessWindowFunction<T, R, K, W> function, TypeInformation<R> resultType) {
        return process(function).returns(resultType);
    }

    public <R> SingleOutputStreamOperator<R> apply(WindowFunction<T, R, K, W> function, TypeInformation<R> resultType) {
        return apply(function).returns(resultType);
    }

    /** Sum of a field per window, named by an expression (other fields from the first element; see {@code KeyedStream.sum}). */
    public SingleOutputStreamOperator<T> sum(String field) {
        return aggregate(FieldAggregator.Kind.SUM, FieldAccessor.of(field), true);
    }

    /** Sum of a field per window, by position (a tuple's {@code fN}, or 0 for a number itself). */
    public SingleOutputStreamOperator<T> sum(int position) {
        return aggregate(FieldAggregator.Kind.SUM, FieldAccessor.of(position), true);
    }

    public SingleOutputStreamOperator<T> min(String field) {
        return aggregate(FieldAggregator.Kind.MIN, FieldAccessor.of(field), true);
    }

    public SingleOutputStreamOperator<T> min(int position) {
        return aggregate(FieldAggregator.Kind.MIN, FieldAccessor.of(position), true);
    }

    public SingleOutputStreamOperator<T> max(String field) {
        return aggregate(FieldAggregator.Kind.MAX, FieldAccessor.of(field), true);
    }

    public SingleOutputStreamOperator<T> max(int position) {
        return aggregate(FieldAggregator.Kind.MAX, FieldAccessor.of(position), true);
    }

    public SingleOutputStreamOperator<T> minBy(String field) {
        return minBy(field, true);
    }

    public SingleOutputStreamOperator<T> minBy(int position) {
        return minBy(position, true);
    }

    public SingleOutputStreamOperator<T> minBy(String field, boolean first) {
        return aggregate(FieldAggregator.Kind.MIN_BY, FieldAccessor.of(field), first);
    }

    public SingleOutputStreamOperator<T> minBy(int position, boolean first) {
        return aggregate(FieldAggregator.Kind.MIN_BY, FieldAccessor.of(position), first);
    }

    public SingleOutputStreamOperator<T> maxBy(String field) {
        return maxBy(field, true);
    }

    public SingleOutputStreamOperator<T> maxBy(int position) {
        return maxBy(position, true);
    }

    public SingleOutputStreamOperator<T> maxBy(String field, boolean first) {
        return aggregate(FieldAggregator.Kind.MAX_BY, FieldAccessor.of(field), first);
    }

    public SingleOutputStreamOperator<T> maxBy(int position, boolean first) {
        return aggregate(FieldAggregator.Kind.MAX_BY, FieldAccessor.of(position), first);
    }

    private SingleOutputStreamOperator<T> aggregate(FieldAggregator.Kind kind, FieldAccessor field, boolean first) {
        FieldAggregator<T> f = new FieldAggregator<>(kind, field, first);
        return reduce(f).name(windowName() + "(" + f + ")");
    }

    private String windowName() {
        return evictor == null ? "Window" : "EvictingWindow";
    }

    private <R> SingleOutputStreamOperator<R> build(String name, Contents contents, Function function) {
        return input.transform(name, new OperatorDescription.Window(assigner, trigger, allowedLateness, lateDataTag,
                contents, function, input.getKeySelector(), evictor, input.getPerKeyWatermarks()));
    }
}
