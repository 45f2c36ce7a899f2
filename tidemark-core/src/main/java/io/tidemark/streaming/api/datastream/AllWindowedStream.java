package io.tidemark.streaming.api.datastream;

import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.api.common.typeinfo.TypeInformation;
import io.tidemark.streaming.api.functions.windowing.AllWindowFunction;
import io.tidemark.streaming.api.functions.windowing.ProcessAllWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.evictors.Evictor;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.windows.Window;
import io.tidemark.util.OutputTag;
import java.time.Duration;

/**
 * A non-keyed stream grouped into windows ({@code windowAll}, {@code countWindowAll}): every element
 * goes to the same windows, evaluated by one subtask (parallelism 1, as in Flink; setting another
 * parallelism on the result fails). The rules are those of keyed windows (triggers, evictors, allowed
 * lateness, late side output), with one key for the whole stream.
 *
 * @param <T> element type
 * @param <W> window type
 */
public class AllWindowedStream<T, W extends Window> {

    private final WindowedStream<T, Long, W> windowed;

    @SuppressWarnings({"unchecked", "rawtypes"})
    public AllWindowedStream(DataStream<T> input, WindowAssigner<? super T, W> assigner) {
        KeyedStream<T, Long> keyed = input.keyBy((io.tidemark.api.java.functions.KeySelector) new AllWindowFunctions.AllKey());
        this.windowed = new WindowedStream<>(keyed, assigner);
    }

    /** See {@link WindowedStream#allowedLateness}. */
    public AllWindowedStream<T, W> allowedLateness(Duration lateness) {
        windowed.allowedLateness(lateness);
        return this;
    }

    /** Sends elements that arrive after their windows' allowed lateness to this side output. */
    public AllWindowedStream<T, W> sideOutputLateData(OutputTag<T> outputTag) {
        windowed.sideOutputLateData(outputTag);
        return this;
    }

    /** Replaces the assigner's default trigger. */
    public AllWindowedStream<T, W> trigger(Trigger<? super T, ? super W> trigger) {
        windowed.trigger(trigger);
        return this;
    }

    /** Removes elements when a window fires (see {@link WindowedStream#evictor}). */
    public AllWindowedStream<T, W> evictor(Evictor<? super T, ? super W> evictor) {
        windowed.evictor(evictor);
        return this;
    }

    // ------------------------------------------------------------------ window functions

    public SingleOutputStreamOperator<T> reduce(ReduceFunction<T> function) {
        return nonParallel(windowed.reduce(function));
    }

    public <R> SingleOutputStreamOperator<R> reduce(ReduceFunction<T> reduceFunction, AllWindowFunction<T, R, W> function) {
        return nonParallel(windowed.reduce(reduceFunction, new AllWindowFunctions.Apply<>(function)));
    }

    public <R> SingleOutputStreamOperator<R> reduce(ReduceFunction<T> reduceFunction, ProcessAllWindowFunction<T, R, W> function) {
        return nonParallel(windowed.reduce(reduceFunction, new AllWindowFunctions.Process<>(function)));
    }

    public <ACC, R> SingleOutputStreamOperator<R> aggregate(AggregateFunction<T, ACC, R> function) {
        return nonParallel(windowed.aggregate(function));
    }

    public <ACC, V, R> SingleOutputStreamOperator<R> aggregate(AggregateFunction<T, ACC, V> aggregateFunction,
            AllWindowFunction<V, R, W> windowFunction) {
        return nonParallel(windowed.aggregate(aggregateFunction, new AllWindowFunctions.Apply<>(windowFunction)));
    }

    public <ACC, V, R> SingleOutputStreamOperator<R> aggregate(AggregateFunction<T, ACC, V> aggregateFunction,
            ProcessAllWindowFunction<V, R, W> windowFunction) {
        return nonParallel(windowed.aggregate(aggregateFunction, new AllWindowFunctions.Process<>(windowFunction)));
    }

    /** A full window function: keeps every element of the window until it fires. */
    public <R> SingleOutputStreamOperator<R> apply(AllWindowFunction<T, R, W> function) {
        return nonParallel(windowed.apply(new AllWindowFunctions.Apply<>(function)));
    }

    /** A full window function with the window's context. */
    public <R> SingleOutputStreamOperator<R> process(ProcessAllWindowFunction<T, R, W> function) {
        return nonParallel(windowed.process(new AllWindowFunctions.Process<>(function)));
    }

    // the same with the types declared (see {@code returns}); the accumulator's type needs no declaring

    public <R> SingleOutputStreamOperator<R> reduce(ReduceFunction<T> reduceFunction, AllWindowFunction<T, R, W> function,
            TypeInformation<R> resultType) {
        return reduce(reduceFunction, function).returns(resultType);
    }

    public <R> SingleOutputStreamOperator<R> reduce(ReduceFunction<T> reduceFunction, ProcessAllWindowFunction<T, R, W> function,
            TypeInformation<R> resultType) {
        return reduce(reduceFunction, function).returns(resultType);
    }

    public <ACC, R> SingleOutputStreamOperator<R> aggregate(AggregateFunction<T, ACC, R> function, TypeInformation<ACC> accumulatorType,
            TypeInformation<R> resultType) {
        return aggregate(function).returns(resultType);
    }

    public <ACC, V, R> SingleOutputStreamOperator<R> aggregate(AggregateFunction<T, ACC, V> aggregateFunction,
            AllWindowFunction<V, R, W> windowFunction, TypeInformation<ACC> accumulatorType, TypeInformation<R> resultType) {
        return aggregate(aggregateFunction, windowFunction).returns(resultType);
    }

    public <ACC, V, R> SingleOutputStreamOperator<R> aggregate(AggregateFunction<T, ACC, V> aggregateFunction,
            ProcessAllWindowFunction<V, R, W> windowFunction, TypeInformation<ACC> accumulatorType,
            TypeInformation<V> aggregateResultType, TypeInformation<R> resultType) {
        return aggregate(aggregateFunction, windowFunction).returns(resultType);
    }

    public <R> SingleOutputStreamOperator<R> apply(AllWindowFunction<T, R, W> function, TypeInformation<R> resultType) {
        return apply(function).returns(resultType);
    }

    public <R> SingleOutputStreamOperator<R> process(ProcessAllWindowFunction<T, R, W> function, TypeInformation<R> resultType) {
        return process(function).returns(resultType);
    }

    public SingleOutputStreamOperator<T> sum(int positionToSum) {
        return nonParallel(windowed.sum(positionToSum));
    }

    public SingleOutputStreamOperator<T> sum(String field) {
        return nonParallel(windowed.sum(field));
    }

    public SingleOutputStreamOperator<T> min(int positionToMin) {
        return nonParallel(windowed.min(positionToMin));
    }

    public SingleOutputStreamOperator<T> min(String field) {
        return nonParallel(windowed.min(field));
    }

    public SingleOutputStreamOperator<T> max(int positionToMax) {
        return nonParallel(windowed.max(positionToMax));
    }

    public SingleOutputStreamOperator<T> max(String field) {
        return nonParallel(windowed.max(field));
    }

    public SingleOutputStreamOperator<T> minBy(int positionToMinBy) {
        return nonParallel(windowed.minBy(positionToMinBy));
    }

    public SingleOutputStreamOperator<T> minBy(String field) {
        return nonParallel(windowed.minBy(field));
    }

    public SingleOutputStreamOperator<T> minBy(int positionToMinBy, boolean first) {
        return nonParallel(windowed.minBy(positionToMinBy, first));
    }

    public SingleOutputStreamOperator<T> minBy(String field, boolean first) {
        return nonParallel(windowed.minBy(field, first));
    }

    public SingleOutputStreamOperator<T> maxBy(int positionToMaxBy) {
        return nonParallel(windowed.maxBy(positionToMaxBy));
    }

    public SingleOutputStreamOperator<T> maxBy(String field) {
        return nonParallel(windowed.maxBy(field));
    }

    public SingleOutputStreamOperator<T> maxBy(int positionToMaxBy, boolean first) {
        return nonParallel(windowed.maxBy(positionToMaxBy, first));
    }

    public SingleOutputStreamOperator<T> maxBy(String field, boolean first) {
        return nonParallel(windowed.maxBy(field, first));
    }

    private static <R> SingleOutputStreamOperator<R> nonParallel(SingleOutputStreamOperator<R> result) {
        result.getTransformation().setNonParallel();
        return result;
    }
}
