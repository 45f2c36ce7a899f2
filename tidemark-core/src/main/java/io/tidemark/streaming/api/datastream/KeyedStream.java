package io.tidemark.streaming.api.datastream;

import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.streaming.api.functions.KeyedProcessFunction;
import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.streaming.api.functions.aggregation.FieldAccessor;
import io.tidemark.streaming.api.functions.aggregation.FieldAggregator;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.streaming.api.transformations.PartitionTransformation;
import io.tidemark.streaming.api.windowing.assigners.GlobalWindows;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.evictors.CountEvictor;
import io.tidemark.streaming.api.windowing.triggers.CountTrigger;
import io.tidemark.streaming.api.windowing.triggers.PurgingTrigger;
import io.tidemark.streaming.api.windowing.windows.GlobalWindow;
import io.tidemark.streaming.api.windowing.windows.Window;
import java.util.Objects;

/** A stream partitioned by key: the operators after it have keyed state and timers. */
public class KeyedStream<T, K> extends DataStream<T> {

    private final KeySelector<T, K> keySelector;

    public KeyedStream(DataStream<T> input, KeySelector<T, K> keySelector) {
        super(input.getExecutionEnvironment(),
                new PartitionTransformation<>(input.getTransformation(), PartitionTransformation.Partitioning.HASH, keySelector));
        this.keySelector = keySelector;
    }

    public KeySelector<T, K> getKeySelector() {
        return keySelector;
    }

    @Override
    protected KeySelector<T, ?> keySelectorForNext() {
        return keySelector;
    }

    /** A keyed process function: keyed state and event/processing-time timers. */
    public <R> SingleOutputStreamOperator<R> process(KeyedProcessFunction<K, T, R> function) {
        Objects.requireNonNull(function, "process function");
        return transform("KeyedProcess", new OperatorDescription.KeyedProcess(function));
    }

    /** {@link #process(KeyedProcessFunction)} with the result type declared (see {@code returns}). */
    public <R> SingleOutputStreamOperator<R> process(KeyedProcessFunction<K, T, R> function,
            io.tidemark.api.common.typeinfo.TypeInformation<R> outputType) {
        return process(function).returns(outputType);
    }

    /** A process function on a keyed stream (it may use keyed state and timers). */
    @Override
    public <R> SingleOutputStreamOperator<R> process(ProcessFunction<T, R> function) {
        Objects.requireNonNull(function, "process function");
        return transform("Process", new OperatorDescription.Process(function));
    }

    /** A rolling reduce: after each record, the reduction of all records of its key so far. */
    public SingleOutputStreamOperator<T> reduce(ReduceFunction<T> reducer) {
        Objects.requireNonNull(reducer, "reduce function");
        return transform("Keyed Reduce", new OperatorDescription.RollingReduce(reducer));
    }

    // ------------------------------------------------------------------ rolling aggregations

    /**
     * A rolling sum of a field, by position (a tuple's {@code fN}, or 0 for a number itself): after each
     * record, the first record of its key with the field replaced by the sum so far.
     */
    public SingleOutputStreamOperator<T> sum(int positionToSum) {
        return aggregate(FieldAggregator.Kind.SUM, FieldAccessor.of(positionToSum), true);
    }

    /** A rolling sum of a field named by an expression ({@code "f1"}, {@code "amount"}, {@code "user.score"}, {@code "*"}). */
    public SingleOutputStreamOperator<T> sum(String field) {
        return aggregate(FieldAggregator.Kind.SUM, FieldAccessor.of(field), true);
    }

    /** A rolling minimum of a field: the first record of the key with the field replaced by the minimum so far. */
    public SingleOutputStreamOperator<T> min(int positionToMin) {
        return aggregate(FieldAggregator.Kind.MIN, FieldAccessor.of(positionToMin), true);
    }

    public SingleOutputStreamOperator<T> min(String field) {
        return aggregate(FieldAggregator.Kind.MIN, FieldAccessor.of(field), true);
    }

    /** A rolling maximum of a field: the first record of the key with the field replaced by the maximum so far. */
    public SingleOutputStreamOperator<T> max(int positionToMax) {
        return aggregate(FieldAggregator.Kind.MAX, FieldAccessor.of(positionToMax), true);
    }

    public SingleOutputStreamOperator<T> max(String field) {
        return aggregate(FieldAggregator.Kind.MAX, FieldAccessor.of(field), true);
    }

    /** The record with the smallest value of the field so far; on a tie the earlier one. */
    public SingleOutputStreamOperator<T> minBy(int positionToMinBy) {
        return minBy(positionToMinBy, true);
    }

    public SingleOutputStreamOperator<T> minBy(String field) {
        return minBy(field, true);
    }

    /** The record with the smallest value of the field so far; on a tie the earlier one if {@code first}, else the later. */
    public SingleOutputStreamOperator<T> minBy(int positionToMinBy, boolean first) {
        return aggregate(FieldAggregator.Kind.MIN_BY, FieldAccessor.of(positionToMinBy), first);
    }

    public SingleOutputStreamOperator<T> minBy(String field, boolean first) {
        return aggregate(FieldAggregator.Kind.MIN_BY, FieldAccessor.of(field), first);
    }

    /** The record with the largest value of the field so far; on a tie the earlier one. */
    public SingleOutputStreamOperator<T> maxBy(int positionToMaxBy) {
        return maxBy(positionToMaxBy, true);
    }

    public SingleOutputStreamOperator<T> maxBy(String field) {
        return maxBy(field, true);
    }

    /** The record with the largest value of the field so far; on a tie the earlier one if {@code first}, else the later. */
    public SingleOutputStreamOperator<T> maxBy(int positionToMaxBy, boolean first) {
        return aggregate(FieldAggregator.Kind.MAX_BY, FieldAccessor.of(positionToMaxBy), first);
    }

    public SingleOutputStreamOperator<T> maxBy(String field, boolean first) {
        return aggregate(FieldAggregator.Kind.MAX_BY, FieldAccessor.of(field), first);
    }

    private SingleOutputStreamOperator<T> aggregate(FieldAggregator.Kind kind, FieldAccessor field, boolean first) {
        return reduce(new FieldAggregator<>(kind, field, first)).name("Keyed Aggregation");
    }

    /** Groups each key's records into windows. */
    public <W extends Window> WindowedStream<T, K, W> window(WindowAssigner<? super T, W> assigner) {
        return new WindowedStream<>(this, assigner);
    }

    /**
     * Tumbling count windows: each key's elements in groups of {@code size}; a window fires and is
     * purged at every {@code size}-th element of its key (Flink's {@code GlobalWindows} with a purging
     * {@code CountTrigger}). Elements of an incomplete last group are never emitted.
     */
    public WindowedStream<T, K, GlobalWindow> countWindow(long size) {
        return window(GlobalWindows.create()).trigger(PurgingTrigger.of(CountTrigger.of(size)));
    }

    /**
     * Sliding count windows: at every {@code slide}-th element of a key, the last {@code size} elements
     * of that key (fewer at the start) are evaluated (Flink's {@code GlobalWindows} with a
     * {@code CountTrigger} of {@code slide} and a {@code CountEvictor} of {@code size}).
     */
    public WindowedStream<T, K, GlobalWindow> countWindow(long size, long slide) {
        return window(GlobalWindows.create()).evictor(CountEvictor.of(size)).trigger(CountTrigger.of(slide));
    }
}
