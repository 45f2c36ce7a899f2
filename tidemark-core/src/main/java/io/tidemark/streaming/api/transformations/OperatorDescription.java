package io.tidemark.streaming.api.transformations;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.functions.FilterFunction;
import io.tidemark.api.common.functions.FlatMapFunction;
import io.tidemark.api.common.functions.MapFunction;
import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.streaming.api.functions.KeyedProcessFunction;
import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.util.OutputTag;

/**
 * What an operator node computes, in user-level terms, so that another engine (the Flink runner) can
 * translate it without looking at Tidemark's operator classes.
 */
public interface OperatorDescription {

    /** {@code map}. */
    record Map(MapFunction<?, ?> function) implements OperatorDescription {}

    /** {@code flatMap}. */
    record FlatMap(FlatMapFunction<?, ?> function) implements OperatorDescription {}

    /** {@code filter}. */
    record Filter(FilterFunction<?> function) implements OperatorDescription {}

    /** {@code process} on a non-keyed stream. */
    record Process(ProcessFunction<?, ?> function) implements OperatorDescription {}

    /** {@code process} on a keyed stream. */
    record KeyedProcess(KeyedProcessFunction<?, ?, ?> function) implements OperatorDescription {}

    /** Rolling {@code reduce} on a keyed stream. */
    record RollingReduce(ReduceFunction<?> function) implements OperatorDescription {}

    /** {@code assignTimestampsAndWatermarks}. */
    record TimestampsAndWatermarks(WatermarkStrategy<?> strategy) implements OperatorDescription {}

    /** {@code addSink} / {@code print}. */
    record Sink(SinkFunction<?> function) implements OperatorDescription {}

    /** How a window keeps its elements. */
    enum WindowKind {
        /** One accumulator ({@code aggregate}). */
        AGGREGATE,
        /** One value ({@code reduce}). */
        REDUCE,
        /** All elements ({@code process} / {@code apply}). */
        ELEMENTS
    }

    /**
     * A window operator.
     *
     * @param aggregateFunction set for {@link WindowKind#AGGREGATE}
     * @param reduceFunction set for {@link WindowKind#REDUCE}
     * @param windowFunction a ProcessWindowFunction, a WindowFunction, or null
     */
    record Window(WindowAssigner<?, ?> assigner, Trigger<?, ?> trigger, long allowedLateness,
            OutputTag<?> lateDataTag, WindowKind kind, AggregateFunction<?, ?, ?> aggregateFunction,
            ReduceFunction<?> reduceFunction, Object windowFunction) implements OperatorDescription {}
}
