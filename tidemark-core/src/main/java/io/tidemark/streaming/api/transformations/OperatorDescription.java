package io.tidemark.streaming.api.transformations;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.functions.FilterFunction;
import io.tidemark.api.common.functions.FlatMapFunction;
import io.tidemark.api.common.functions.MapFunction;
import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.streaming.api.functions.KeyedProcessFunction;
import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.functions.windowing.WindowFunction;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.evictors.Evictor;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.util.OutputTag;
import java.io.Serializable;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What a one-input operator node computes, in user-level terms: the complete and only input from which
 * an engine builds the operator (the embedded engine its operator classes, the Flink runner Flink's
 * DataStream calls). The hierarchy is closed: an engine handles every case through a {@link Visitor},
 * so a new kind of operator is a compile error in every engine until each one handles it.
 *
 * <p>Descriptions are serializable: an engine gives each parallel subtask its own copy of the user
 * functions by copying the description.
 */
public sealed interface OperatorDescription extends Serializable {

    /** Calls the visitor's method for this kind of operator. */
    <R> R accept(Visitor<R> visitor);

    /** One method per kind of operator. */
    interface Visitor<R> {
        R map(Map d);

        R flatMap(FlatMap d);

        R filter(Filter d);

        R process(Process d);

        R keyedProcess(KeyedProcess d);

        R rollingReduce(RollingReduce d);

        R timestampsAndWatermarks(TimestampsAndWatermarks d);

        R sink(Sink d);

        R sinkV2(SinkV2 d);

        R window(Window d);

        R custom(Custom d);
    }

    /** {@code map}. */
    record Map(MapFunction<?, ?> function) implements OperatorDescription {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.map(this);
        }
    }

    /** {@code flatMap}. */
    record FlatMap(FlatMapFunction<?, ?> function) implements OperatorDescription {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.flatMap(this);
        }
    }

    /** {@code filter}. */
    record Filter(FilterFunction<?> function) implements OperatorDescription {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.filter(this);
        }
    }

    /** {@code process} with a {@link ProcessFunction} (on a keyed stream it may use keyed state and timers). */
    record Process(ProcessFunction<?, ?> function) implements OperatorDescription {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.process(this);
        }
    }

    /** {@code process} with a {@link KeyedProcessFunction} on a keyed stream. */
    record KeyedProcess(KeyedProcessFunction<?, ?, ?> function) implements OperatorDescription {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.keyedProcess(this);
        }
    }

    /** Rolling {@code reduce} on a keyed stream. */
    record RollingReduce(ReduceFunction<?> function) implements OperatorDescription {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.rollingReduce(this);
        }
    }

    /**
     * {@code assignTimestampsAndWatermarks}, and {@code sortByEventTime}: timestamps from the strategy's
     * assigner, then (with {@code sort}) a reorder buffer, then the strategy's generator over what
     * leaves the buffer.
     *
     * @param sort the reorder buffer before the generator, or null (none)
     */
    record TimestampsAndWatermarks(WatermarkStrategy<?> strategy, Sort sort) implements OperatorDescription {

        /** Without a reorder buffer. */
        public TimestampsAndWatermarks(WatermarkStrategy<?> strategy) {
            this(strategy, null);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.timestampsAndWatermarks(this);
        }
    }

    /**
     * A reorder buffer ({@code sortByEventTime}): records are held until the highest timestamp seen
     * passes them by {@code bufferMillis}, then leave in timestamp order (ties in arrival order); a
     * record older than the last one that left goes to {@code lateTag} (null: dropped and counted in
     * {@code numLateRecordsDropped}).
     */
    record Sort(long bufferMillis, OutputTag<?> lateTag) implements Serializable {
        public Sort {
            if (bufferMillis < 0) {
                throw new IllegalArgumentException("the sort buffer cannot be negative: " + bufferMillis + " ms");
            }
        }
    }

    /** {@code addSink} / {@code print}. */
    record Sink(SinkFunction<?> function) implements OperatorDescription {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.sink(this);
        }
    }

    /** {@code sinkTo(sink)} with a Sink V2 connector: a writer, and a committer when the sink commits. */
    record SinkV2(io.tidemark.api.connector.sink2.Sink<?> sink) implements OperatorDescription {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.sinkV2(this);
        }
    }

    /**
     * A window operator on a keyed stream: everything an engine needs to choose and build one.
     *
     * @param assigner which windows an element belongs to
     * @param trigger when a window fires (the assigner's default unless replaced)
     * @param allowedLateness milliseconds a window's state is kept after the watermark passed its end
     *     (event time; 0 or more)
     * @param lateDataTag where records too late for all their windows go, or null (dropped and counted)
     * @param contents how a window keeps its elements
     * @param function how a window's kept contents become its results
     * @param keySelector the key of the stream the windows are per
     * @param evictor what is removed from a window when it fires, or null (none): with an evictor a window
     *     keeps its elements, and the contents' function runs over them at each firing
     * @param perKeyWatermarks with a strategy ({@code keyBy(..).withPerKeyWatermarks(strategy)}), each key's
     *     windows fire on that key's own watermark, made by a generator of the strategy per key; null: the
     *     stream's watermark, as in Flink
     */
    record Window(WindowAssigner<?, ?> assigner, Trigger<?, ?> trigger, long allowedLateness, OutputTag<?> lateDataTag,
            Contents contents, Function function, KeySelector<?, ?> keySelector, Evictor<?, ?> evictor,
            WatermarkStrategy<?> perKeyWatermarks)
            implements OperatorDescription {

        /** A window without an evictor. */
        public Window(WindowAssigner<?, ?> assigner, Trigger<?, ?> trigger, long allowedLateness, OutputTag<?> lateDataTag,
                Contents contents, Function function, KeySelector<?, ?> keySelector) {
            this(assigner, trigger, allowedLateness, lateDataTag, contents, function, keySelector, null);
        }

        /** A window on the stream's watermark. */
        public Window(WindowAssigner<?, ?> assigner, Trigger<?, ?> trigger, long allowedLateness, OutputTag<?> lateDataTag,
                Contents contents, Function function, KeySelector<?, ?> keySelector, Evictor<?, ?> evictor) {
            this(assigner, trigger, allowedLateness, lateDataTag, contents, function, keySelector, evictor, null);
        }

        public Window {
            Objects.requireNonNull(assigner, "window assigner");
            Objects.requireNonNull(trigger, "trigger");
            Objects.requireNonNull(contents, "window contents");
            Objects.requireNonNull(function, "window function");
            Objects.requireNonNull(keySelector, "key selector");
            if (allowedLateness < 0) {
                throw new IllegalArgumentException("allowed lateness cannot be negative: " + allowedLateness);
            }
            if (contents instanceof Contents.Elements && function instanceof Function.PassThrough) {
                throw new IllegalArgumentException("a window that keeps all elements needs a window function");
            }
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.window(this);
        }

        /** How a window keeps its elements until it fires. */
        public sealed interface Contents extends Serializable {

            /** Picks the branch for this kind of contents. */
            <R> R match(java.util.function.Function<Aggregate, R> aggregate, java.util.function.Function<Reduce, R> reduce,
                    Supplier<R> elements);

            /** One accumulator ({@code aggregate}). */
            record Aggregate(AggregateFunction<?, ?, ?> function) implements Contents {
                public Aggregate {
                    Objects.requireNonNull(function, "aggregate function");
                }

                @Override
                public <R> R match(java.util.function.Function<Aggregate, R> aggregate,
                        java.util.function.Function<Reduce, R> reduce, Supplier<R> elements) {
                    return aggregate.apply(this);
                }
            }

            /** One value ({@code reduce}). */
            record Reduce(ReduceFunction<?> function) implements Contents {
                public Reduce {
                    Objects.requireNonNull(function, "reduce function");
                }

                @Override
                public <R> R match(java.util.function.Function<Aggregate, R> aggregate,
                        java.util.function.Function<Reduce, R> reduce, Supplier<R> elements) {
                    return reduce.apply(this);
                }
            }

            /** Every element ({@code process} / {@code apply} without pre-aggregation). */
            record Elements() implements Contents {
                @Override
                public <R> R match(java.util.function.Function<Aggregate, R> aggregate,
                        java.util.function.Function<Reduce, R> reduce, Supplier<R> elements) {
                    return elements.get();
                }
            }
        }

        /** What a firing emits. */
        public sealed interface Function extends Serializable {

            /** Picks the branch for this kind of window function. */
            <R> R match(Supplier<R> passThrough, java.util.function.Function<Apply, R> apply,
                    java.util.function.Function<Process, R> process);

            /** The kept value itself: the aggregate's result, or the reduced value. */
            record PassThrough() implements Function {
                @Override
                public <R> R match(Supplier<R> passThrough, java.util.function.Function<Apply, R> apply,
                        java.util.function.Function<Process, R> process) {
                    return passThrough.get();
                }
            }

            /** A {@link WindowFunction} on the kept contents ({@code apply}). */
            record Apply(WindowFunction<?, ?, ?, ?> function) implements Function {
                public Apply {
                    Objects.requireNonNull(function, "window function");
                }

                @Override
                public <R> R match(Supplier<R> passThrough, java.util.function.Function<Apply, R> apply,
                        java.util.function.Function<Process, R> process) {
                    return apply.apply(this);
                }
            }

            /** A {@link ProcessWindowFunction} on the kept contents, with the window's context. */
            record Process(ProcessWindowFunction<?, ?, ?, ?> function) implements Function {
                public Process {
                    Objects.requireNonNull(function, "process window function");
                }

                @Override
                public <R> R match(Supplier<R> passThrough, java.util.function.Function<Apply, R> apply,
                        java.util.function.Function<Process, R> process) {
                    return process.apply(this);
                }
            }
        }
    }

    /**
     * An operator of one engine's own, added with {@code DataStream.transform(name, factory)}: only that
     * engine runs it (the embedded engine; the Flink runner rejects it).
     */
    record Custom(OperatorFactory<?, ?> factory) implements OperatorDescription {
        public Custom {
            Objects.requireNonNull(factory, "operator factory");
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.custom(this);
        }
    }
}
