package io.tidemark.streaming.api.datastream;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.api.common.typeinfo.TypeInformation;
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
import io.tidemark.streaming.api.functions.co.ProcessJoinFunction;
import io.tidemark.streaming.api.transformations.TwoInputOperatorDescription;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.Objects;

/** A stream partitioned by key: the operators after it have keyed state and timers. */
public class KeyedStream<T, K> extends DataStream<T> {

    private final KeySelector<T, K> keySelector;

    /** Each key's own watermark strategy for the windows that follow, or null (the stream's watermark). */
    private final WatermarkStrategy<T> perKeyWatermarks;

    public KeyedStream(DataStream<T> input, KeySelector<T, K> keySelector) {
        super(input.getExecutionEnvironment(),
                new PartitionTransformation<>(input.getTransformation(), PartitionTransformation.Partitioning.HASH, keySelector));
        this.keySelector = keySelector;
        this.perKeyWatermarks = null;
    }

    private KeyedStream(KeyedStream<T, K> keyed, WatermarkStrategy<T> perKeyWatermarks) {
        super(keyed.getExecutionEnvironment(), keyed.getTransformation());
        this.keySelector = keyed.keySelector;
        this.perKeyWatermarks = perKeyWatermarks;
    }

    /**
     * Per-key watermarks for the windows that follow (Tidemark's extension; Flink has none, and the Flink
     * runner refuses it): each key's windows fire on that key's own watermark, made by a generator of
     * {@code strategy} per key from the key's records (their timestamps as they come; the strategy's
     * assigner is not used), with the strategy's idleness per key. A global floor — the lowest watermark
     * of the keys that are not idle — fires the windows of idle keys, so a silent key's windows close once
     * it turns idle (or the input ends); it is also the watermark downstream. The stream's own watermarks
     * are ignored, except the final one.
     * For devices whose clocks are hours apart: one global watermark would make the slow devices' records
     * all late. Cost: a generator and a timer queue per key, and one pass over the keys per periodic
     * emission. Windows on the heap state backend only, without an evictor.
     */
    public KeyedStream<T, K> withPerKeyWatermarks(WatermarkStrategy<T> strategy) {
        return new KeyedStream<>(this, Objects.requireNonNull(strategy, "watermark strategy"));
    }

    /** The per-key watermark strategy, or null. */
    public WatermarkStrategy<T> getPerKeyWatermarks() {
        return perKeyWatermarks;
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

    // ------------------------------------------------------------------ interval join

    /**
     * An interval join of this stream (left) with {@code otherStream} (right), keyed alike: each left
     * element joins the right elements of its key whose timestamps are within bounds of its own (see
     * {@link IntervalJoin#between}). Event time only.
     */
    public <T1> IntervalJoin<T, T1, K> intervalJoin(KeyedStream<T1, K> otherStream) {
        return new IntervalJoin<>(this, Objects.requireNonNull(otherStream, "other stream"));
    }

    /** An interval join waiting for its bounds. */
    public static class IntervalJoin<T1, T2, KEY> {
        private final KeyedStream<T1, KEY> left;
        private final KeyedStream<T2, KEY> right;
        private boolean eventTime = true;

        IntervalJoin(KeyedStream<T1, KEY> left, KeyedStream<T2, KEY> right) {
            this.left = left;
            this.right = right;
        }

        /** Joins in event time (the default and only supported time). */
        public IntervalJoin<T1, T2, KEY> inEventTime() {
            eventTime = true;
            return this;
        }

        /** Processing time: {@link #between} then fails, as in Flink. */
        public IntervalJoin<T1, T2, KEY> inProcessingTime() {
            eventTime = false;
            return this;
        }

        /**
         * A left element at {@code l} joins the right elements at {@code r} with
         * {@code l + lowerBound <= r <= l + upperBound} (both bounds inclusive unless made exclusive).
         */
        public IntervalJoined<T1, T2, KEY> between(Duration lowerBound, Duration upperBound) {
            if (!eventTime) {
                throw new UnsupportedOperationException("Time-bounded stream joins are only supported in event time");
            }
            Objects.requireNonNull(lowerBound, "lower bound");
            Objects.requireNonNull(upperBound, "upper bound");
            return new IntervalJoined<>(left, right, lowerBound.toMillis(), upperBound.toMillis());
        }
    }

    /** An interval join with its bounds: make them exclusive, route late data, then process the pairs. */
    public static class IntervalJoined<IN1, IN2, KEY> {
        private final KeyedStream<IN1, KEY> left;
        private final KeyedStream<IN2, KEY> right;
        private final long lowerBound;
        private final long upperBound;
        private boolean lowerBoundInclusive = true;
        private boolean upperBoundInclusive = true;
        private OutputTag<IN1> leftLateDataTag;
        private OutputTag<IN2> rightLateDataTag;

        IntervalJoined(KeyedStream<IN1, KEY> left, KeyedStream<IN2, KEY> right, long lowerBound, long upperBound) {
            this.left = left;
            this.right = right;
            this.lowerBound = lowerBound;
            this.upperBound = upperBound;
        }

        /** {@code r < l + upperBound} instead of {@code <=}. */
        public IntervalJoined<IN1, IN2, KEY> upperBoundExclusive() {
            upperBoundInclusive = false;
            return this;
        }

        /** {@code l + lowerBound < r} instead of {@code <=}. */
        public IntervalJoined<IN1, IN2, KEY> lowerBoundExclusive() {
            lowerBoundInclusive = false;
            return this;
        }

        /** Left elements behind the watermark go to this side output (otherwise they are dropped). */
        public IntervalJoined<IN1, IN2, KEY> sideOutputLeftLateData(OutputTag<IN1> outputTag) {
            leftLateDataTag = Objects.requireNonNull(outputTag, "output tag");
            return this;
        }

        /** Right elements behind the watermark go to this side output (otherwise they are dropped). */
        public IntervalJoined<IN1, IN2, KEY> sideOutputRightLateData(OutputTag<IN2> outputTag) {
            rightLateDataTag = Objects.requireNonNull(outputTag, "output tag");
            return this;
        }

        /** Evaluates every joined pair with {@code processJoinFunction}. */
        public <OUT> SingleOutputStreamOperator<OUT> process(ProcessJoinFunction<IN1, IN2, OUT> processJoinFunction) {
            TwoInputOperatorDescription.IntervalJoin d = new TwoInputOperatorDescription.IntervalJoin(
                    Objects.requireNonNull(processJoinFunction, "process join function"), lowerBound, upperBound,
                    lowerBoundInclusive, upperBoundInclusive, leftLateDataTag, rightLateDataTag);
            return ConnectedStreams.addTwoInput(left.getExecutionEnvironment(), left, right, "Interval Join", d);
        }

        /** {@link #process(ProcessJoinFunction)} with the result type declared (see {@code returns}). */
        public <OUT> SingleOutputStreamOperator<OUT> process(ProcessJoinFunction<IN1, IN2, OUT> processJoinFunction,
                TypeInformation<OUT> outputType) {
            return process(processJoinFunction).returns(outputType);
        }
    }
}
