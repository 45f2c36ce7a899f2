package io.tidemark.flink;

import io.tidemark.api.common.ExecutionConfig;
import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.functions.FilterFunction;
import io.tidemark.api.common.functions.FlatMapFunction;
import io.tidemark.api.common.functions.Function;
import io.tidemark.api.common.functions.MapFunction;
import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.api.common.functions.RichFunction;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.connector.jdbc.JdbcSink;
import io.tidemark.flink.bridge.Functions;
import io.tidemark.flink.bridge.JdbcSinks;
import io.tidemark.flink.bridge.Process;
import io.tidemark.flink.bridge.Runtime;
import io.tidemark.flink.bridge.Sources;
import io.tidemark.flink.bridge.States;
import io.tidemark.flink.bridge.Watermarks;
import io.tidemark.flink.bridge.Windows;
import io.tidemark.runtime.source.SplitSourceAdapter;
import io.tidemark.streaming.api.functions.KeyedProcessFunction;
import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import io.tidemark.streaming.api.functions.source.ParallelSourceFunction;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.functions.windowing.WindowFunction;
import io.tidemark.streaming.api.transformations.OneInputTransformation;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.streaming.api.transformations.PartitionTransformation;
import io.tidemark.streaming.api.transformations.SideOutputTransformation;
import io.tidemark.streaming.api.transformations.SourceTransformation;
import io.tidemark.streaming.api.transformations.Transformation;
import io.tidemark.streaming.api.windowing.assigners.DynamicEventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.DynamicProcessingTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.GlobalWindows;
import io.tidemark.streaming.api.windowing.assigners.MergingWindowAssigner;
import io.tidemark.streaming.api.windowing.assigners.ProcessingTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.SlidingProcessingTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.triggers.ContinuousEventTimeTrigger;
import io.tidemark.streaming.api.windowing.triggers.CountTrigger;
import io.tidemark.streaming.api.windowing.triggers.EventTimeTrigger;
import io.tidemark.streaming.api.windowing.triggers.ProcessingTimeTrigger;
import io.tidemark.streaming.api.windowing.triggers.PurgingTrigger;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.windows.Window;
import io.tidemark.util.OutputTag;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.datastream.WindowedStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * Translates a Tidemark pipeline (the {@link Transformation} graph of a Tidemark environment) into a
 * Flink DataStream pipeline on a Flink environment. Every node is translated, or the translation fails
 * with a {@link TranslationException} naming the node and the reason: nothing runs with different
 * semantics silently.
 *
 * <p>Records travel with the type information of the class their function declares as its output (a
 * {@code SourceFunction<Event>}, {@code MapFunction<String, Event>} or {@code ProcessWindowFunction<Acc,
 * Event, Long, TimeWindow>} of a POJO {@code Event} gets Flink's POJO serializer, as a hand-written Flink
 * job would); records whose class is not declared (lambdas, type variables), keys and accumulators
 * travel as Flink generic types (Kryo); state declared with a class gets Flink type information for
 * that class.
 */
public final class FlinkTranslator {

    /** How often Flink runs periodic watermark emission when Tidemark emits after every event. */
    public static final long PER_EVENT_IDLENESS_INTERVAL = ExecutionConfig.DEFAULT_AUTO_WATERMARK_INTERVAL;

    private final io.tidemark.streaming.api.environment.StreamExecutionEnvironment tidemark;
    private final StreamExecutionEnvironment flink;
    private final Map<Integer, DataStream<Object>> translated = new HashMap<>();
    private final boolean perEvent;
    private final long interval;

    private FlinkTranslator(io.tidemark.streaming.api.environment.StreamExecutionEnvironment tidemark,
            StreamExecutionEnvironment flink) {
        this.tidemark = tidemark;
        this.flink = flink;
        this.interval = tidemark.getConfig().getAutoWatermarkInterval();
        this.perEvent = interval == 0;
    }

    /**
     * Adds the pipeline built on {@code tidemark} to {@code flink}: sets the default parallelism and the
     * watermark interval (Tidemark's, or 200 ms for idleness checks in per-event mode), enables object
     * reuse (Tidemark hands records on without copying), and translates every node.
     */
    public static void translate(io.tidemark.streaming.api.environment.StreamExecutionEnvironment tidemark,
            StreamExecutionEnvironment flink) {
        List<Transformation<?>> nodes = tidemark.getTransformations();
        if (nodes.isEmpty()) {
            throw new TranslationException("no operators defined: add a source and a sink before running on Flink");
        }
        new FlinkTranslator(tidemark, flink).translateAll(nodes);
    }

    private void translateAll(List<Transformation<?>> nodes) {
        flink.setParallelism(tidemark.getParallelism());
        flink.getConfig().setAutoWatermarkInterval(perEvent ? PER_EVENT_IDLENESS_INTERVAL : interval);
        flink.getConfig().enableObjectReuse();
        io.tidemark.flink.bridge.JdkCollections.register(flink.getConfig().getSerializerConfig());
        for (Transformation<?> t : nodes) {
            translate(t);
        }
    }

    // ------------------------------------------------------------------ nodes

    @SuppressWarnings({"unchecked", "rawtypes"})
    private DataStream<Object> translate(Transformation<?> t) {
        DataStream<Object> done = translated.get(t.getId());
        if (done != null) {
            return done;
        }
        DataStream<Object> result;
        if (t instanceof SourceTransformation) {
            result = source((SourceTransformation<Object>) t);
        } else if (t instanceof OneInputTransformation) {
            result = oneInput((OneInputTransformation<Object, Object>) t);
        } else if (t instanceof PartitionTransformation) {
            result = partition((PartitionTransformation<Object>) t);
        } else if (t instanceof SideOutputTransformation) {
            SideOutputTransformation<Object> s = (SideOutputTransformation<Object>) t;
            DataStream<Object> in = translate(s.getInput());
            if (!(in instanceof SingleOutputStreamOperator)) {
                throw new TranslationException("side output '" + s.getTag().getId() + "' of " + s.getInput()
                        + ": only an operator has side outputs");
            }
            result = ((SingleOutputStreamOperator<Object>) in).getSideOutput(Runtime.tag(s.getTag()));
        } else {
            throw new TranslationException("cannot translate " + t + ": unknown kind of node " + t.getClass().getName());
        }
        translated.put(t.getId(), result);
        return result;
    }

    private DataStream<Object> source(SourceTransformation<Object> t) {
        SourceFunction<Object> f = t.getFunction();
        String name = t.getName();
        SingleOutputStreamOperator<Object> s;
        if (f instanceof SplitSourceAdapter) {
            SplitSourceAdapter<Object> split = (SplitSourceAdapter<Object>) f;
            checkSerializable(split.getSource(), "split source", name);
            checkSerializable(split.getStrategy(), "watermark strategy", name);
            s = flink.addSource(new Sources.Split(split.getSource(), split.getStrategy(), interval, name,
                    tidemark.getClock()), name, States.producedType(split.getSource(), SplitSourceFunction.class, 0));
            parallelism(s, t);
        } else if (f instanceof ParallelSourceFunction) {
            checkSerializable(f, "source function", name);
            s = flink.addSource(new Sources.Parallel(f, name), name, States.producedType(f, SourceFunction.class, 0));
            parallelism(s, t);
        } else {
            checkSerializable(f, "source function", name);
            if (t.getParallelism() > 1) {
                throw new TranslationException("source '" + name + "' is not parallel; its parallelism must be 1, not "
                        + t.getParallelism());
            }
            s = flink.addSource(new Sources.Single(f, name), name, States.producedType(f, SourceFunction.class, 0));
        }
        uid(s, t);
        return s;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private DataStream<Object> partition(PartitionTransformation<Object> t) {
        DataStream<Object> in = translate(t.getInput());
        switch (t.getPartitioning()) {
            case HASH:
                checkSerializable(t.getKeySelector(), "key selector", "keyBy");
                return in.keyBy(new Functions.Keys((KeySelector) t.getKeySelector()), States.OBJECT);
            case REBALANCE:
                return in.rebalance();
            case BROADCAST:
                return in.broadcast();
            case FORWARD:
                return in.forward();
            default:
                throw new TranslationException("partitioning " + t.getPartitioning() + " has no Flink translation");
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private DataStream<Object> oneInput(OneInputTransformation<Object, Object> t) {
        Object d = t.getDescription();
        String name = t.getName();
        DataStream<Object> in = translate(t.getInput());
        boolean keyed = in instanceof KeyedStream;
        if (t.getKeySelector() != null && !keyed) {
            throw new TranslationException("operator '" + name + "' is keyed but its input is not a keyBy");
        }
        if (d == null) {
            throw new TranslationException("operator '" + name + "' is a custom operator (transform(...) without a "
                    + "description); only the DataStream API's operators translate to Flink");
        }
        if (d instanceof OperatorDescription.Sink) {
            SinkFunction<Object> f = (SinkFunction<Object>) ((OperatorDescription.Sink) d).function();
            checkSerializable(f, "sink function", name);
            // a JDBC sink becomes a Flink Sink (flushed at checkpoints); any other runs as a sink function
            DataStreamSink<Object> sink = f instanceof JdbcSink
                    ? in.sinkTo(JdbcSinks.of((JdbcSink<Object>) f)).name(name)
                    : in.addSink(new Functions.Sink(f, name)).name(name);
            if (t.getParallelism() != -1) {
                sink.setParallelism(t.getParallelism());
            }
            if (t.getUid() != null) {
                sink.uid(t.getUid());
            }
            return null;
        }
        SingleOutputStreamOperator<Object> out;
        if (d instanceof OperatorDescription.Map) {
            MapFunction<Object, Object> f = (MapFunction<Object, Object>) ((OperatorDescription.Map) d).function();
            checkSerializable(f, "map function", name);
            out = in.map(new Functions.Map(f, name), States.producedType(f, MapFunction.class, 1));
        } else if (d instanceof OperatorDescription.FlatMap) {
            FlatMapFunction<Object, Object> f = (FlatMapFunction<Object, Object>) ((OperatorDescription.FlatMap) d).function();
            checkSerializable(f, "flatMap function", name);
            out = in.flatMap(new Functions.FlatMap(f, name), States.producedType(f, FlatMapFunction.class, 1));
        } else if (d instanceof OperatorDescription.Filter) {
            FilterFunction<Object> f = (FilterFunction<Object>) ((OperatorDescription.Filter) d).function();
            checkSerializable(f, "filter function", name);
            out = in.filter(new Functions.Filter(f, name));
        } else if (d instanceof OperatorDescription.Process) {
            ProcessFunction<Object, Object> f = (ProcessFunction<Object, Object>) ((OperatorDescription.Process) d).function();
            checkSerializable(f, "process function", name);
            TypeInformation<Object> type = States.producedType(f, ProcessFunction.class, 1);
            out = keyed
                    ? ((KeyedStream<Object, Object>) in).process(new Process.Keyed(null, f, name), type)
                    : in.process(new Process.NonKeyed(f, name), type);
        } else if (d instanceof OperatorDescription.KeyedProcess) {
            KeyedProcessFunction<Object, Object, Object> f =
                    (KeyedProcessFunction<Object, Object, Object>) ((OperatorDescription.KeyedProcess) d).function();
            checkSerializable(f, "keyed process function", name);
            out = ((KeyedStream<Object, Object>) in).process(new Process.Keyed(f, null, name),
                    States.producedType(f, KeyedProcessFunction.class, 2));
        } else if (d instanceof OperatorDescription.RollingReduce) {
            ReduceFunction<Object> f = (ReduceFunction<Object>) ((OperatorDescription.RollingReduce) d).function();
            checkSerializable(f, "reduce function", name);
            out = ((KeyedStream<Object, Object>) in).reduce(new Functions.RollingReduce(f));
        } else if (d instanceof OperatorDescription.TimestampsAndWatermarks) {
            io.tidemark.api.common.eventtime.WatermarkStrategy<?> strategy =
                    ((OperatorDescription.TimestampsAndWatermarks) d).strategy();
            checkSerializable(strategy, "watermark strategy", name);
            out = in.assignTimestampsAndWatermarks(Watermarks.of(strategy, perEvent));
        } else if (d instanceof OperatorDescription.Window) {
            out = window((KeyedStream<Object, Object>) in, (OperatorDescription.Window) d, name);
        } else {
            throw new TranslationException("operator '" + name + "': no Flink translation for " + d.getClass().getName());
        }
        out.name(name);
        parallelism(out, t);
        uid(out, t);
        return out;
    }

    // ------------------------------------------------------------------ windows

    @SuppressWarnings({"unchecked", "rawtypes"})
    private SingleOutputStreamOperator<Object> window(KeyedStream<Object, Object> in, OperatorDescription.Window d, String name) {
        WindowAssigner<?, ?> assigner = d.assigner();
        checkSerializable(assigner, "window assigner", name);
        checkSerializable(d.trigger(), "trigger", name);
        WindowedStream<Object, Object, org.apache.flink.streaming.api.windowing.windows.Window> w =
                in.window((org.apache.flink.streaming.api.windowing.assigners.WindowAssigner) assigner(assigner, name));
        org.apache.flink.streaming.api.windowing.triggers.Trigger flinkTrigger = trigger(d.trigger(), assigner, name);
        if (!assigner.isEventTime()) {
            // Tidemark fires pending processing-time windows when a bounded input ends; Flink does not
            flinkTrigger = new Windows.FireAtEndOfInput<>(flinkTrigger);
        }
        w.trigger(flinkTrigger);
        if (d.allowedLateness() > 0 && assigner.isEventTime()) {
            // (Tidemark ignores lateness for processing-time windows, which are never late; Flink rejects it)
            w.allowedLateness(Duration.ofMillis(d.allowedLateness()));
        }
        if (d.lateDataTag() != null) {
            w.sideOutputLateData(Runtime.tag((OutputTag<Object>) d.lateDataTag()));
        }
        Object wf = d.windowFunction();
        boolean merging = assigner instanceof MergingWindowAssigner;
        org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction pwf = null;
        org.apache.flink.streaming.api.functions.windowing.WindowFunction apply = null;
        if (wf instanceof ProcessWindowFunction) {
            checkSerializable((Function) wf, "process window function", name);
            pwf = new Windows.ProcessWindow((ProcessWindowFunction) wf, assigner.isEventTime(), merging, name);
        } else if (wf instanceof WindowFunction) {
            checkSerializable((Function) wf, "window function", name);
            apply = new Windows.Apply((WindowFunction) wf, name);
        } else if (wf == null) {
            apply = new Windows.Apply(null, name);
        } else {
            throw new TranslationException("window '" + name + "': unknown window function " + wf.getClass().getName());
        }
        TypeInformation<Object> any = States.OBJECT;
        // what the window emits: the window function's declared output, else the aggregate's, else the elements
        TypeInformation<Object> result = wf instanceof ProcessWindowFunction ? States.producedType(wf, ProcessWindowFunction.class, 1)
                : wf instanceof WindowFunction ? States.producedType(wf, WindowFunction.class, 1)
                : d.kind() == OperatorDescription.WindowKind.AGGREGATE ? States.producedType(d.aggregateFunction(), AggregateFunction.class, 2)
                : in.getType();
        switch (d.kind()) {
            case AGGREGATE: {
                AggregateFunction<Object, Object, Object> agg = (AggregateFunction<Object, Object, Object>) d.aggregateFunction();
                checkSerializable(agg, "aggregate function", name);
                if (agg instanceof RichFunction) {
                    throw new TranslationException("window '" + name + "': the aggregate function " + agg.getClass().getName()
                            + " is a rich function; Flink's window aggregate does not run rich aggregate functions "
                            + "(use a rich ProcessWindowFunction for state and life cycle)");
                }
                Functions.Aggregate a = new Functions.Aggregate(agg);
                return pwf != null ? w.aggregate(a, pwf, any, any, result) : w.aggregate(a, apply, any, result);
            }
            case REDUCE: {
                ReduceFunction<Object> r = (ReduceFunction<Object>) d.reduceFunction();
                checkSerializable(r, "reduce function", name);
                if (r instanceof RichFunction) {
                    throw new TranslationException("window '" + name + "': the reduce function " + r.getClass().getName()
                            + " is a rich function; Flink's window reduce does not run rich reduce functions");
                }
                States.Reduce<Object> reduce = new States.Reduce<>(r);
                return pwf != null ? w.reduce(reduce, pwf, result) : w.reduce(reduce, apply, result);
            }
            case ELEMENTS:
                return pwf != null ? w.process(pwf, result) : w.apply(apply, result);
            default:
                throw new TranslationException("window '" + name + "': unknown kind " + d.kind());
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static org.apache.flink.streaming.api.windowing.assigners.WindowAssigner<?, ?> assigner(WindowAssigner<?, ?> a, String name) {
        Class<?> c = a.getClass();
        if (c == TumblingEventTimeWindows.class) {
            TumblingEventTimeWindows t = (TumblingEventTimeWindows) a;
            return org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows.of(ms(t.getSize()), ms(t.getOffset()));
        } else if (c == SlidingEventTimeWindows.class) {
            SlidingEventTimeWindows s = (SlidingEventTimeWindows) a;
            return org.apache.flink.streaming.api.windowing.assigners.SlidingEventTimeWindows.of(ms(s.getSize()), ms(s.getSlide()),
                    ms(s.getOffset()));
        } else if (c == EventTimeSessionWindows.class) {
            return org.apache.flink.streaming.api.windowing.assigners.EventTimeSessionWindows.withGap(
                    ms(((EventTimeSessionWindows) a).getGap()));
        } else if (c == DynamicEventTimeSessionWindows.class) {
            DynamicEventTimeSessionWindows<Object> s = (DynamicEventTimeSessionWindows<Object>) a;
            return org.apache.flink.streaming.api.windowing.assigners.DynamicEventTimeSessionWindows.withDynamicGap(
                    new Functions.SessionGap(s.getGapExtractor()));
        } else if (c == TumblingProcessingTimeWindows.class) {
            TumblingProcessingTimeWindows t = (TumblingProcessingTimeWindows) a;
            return org.apache.flink.streaming.api.windowing.assigners.TumblingProcessingTimeWindows.of(ms(t.getSize()),
                    ms(t.getOffset()));
        } else if (c == SlidingProcessingTimeWindows.class) {
            SlidingProcessingTimeWindows s = (SlidingProcessingTimeWindows) a;
            return org.apache.flink.streaming.api.windowing.assigners.SlidingProcessingTimeWindows.of(ms(s.getSize()),
                    ms(s.getSlide()), ms(s.getOffset()));
        } else if (c == ProcessingTimeSessionWindows.class) {
            return org.apache.flink.streaming.api.windowing.assigners.ProcessingTimeSessionWindows.withGap(
                    ms(((ProcessingTimeSessionWindows) a).getGap()));
        } else if (c == DynamicProcessingTimeSessionWindows.class) {
            DynamicProcessingTimeSessionWindows<Object> s = (DynamicProcessingTimeSessionWindows<Object>) a;
            return org.apache.flink.streaming.api.windowing.assigners.DynamicProcessingTimeSessionWindows.withDynamicGap(
                    new Functions.SessionGap(s.getGapExtractor()));
        } else if (c == GlobalWindows.class) {
            return org.apache.flink.streaming.api.windowing.assigners.GlobalWindows.create();
        }
        throw new TranslationException("window '" + name + "': the window assigner " + c.getName() + " (" + a + ") has no "
                + "Flink translation; only Tidemark's built-in assigners (tumbling, sliding, session, dynamic session — "
                + "event or processing time — and global) translate");
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static org.apache.flink.streaming.api.windowing.triggers.Trigger<?, ?> trigger(Trigger<?, ?> t, WindowAssigner<?, ?> assigner,
            String name) {
        Class<?> c = t.getClass();
        if (c == EventTimeTrigger.class) {
            return org.apache.flink.streaming.api.windowing.triggers.EventTimeTrigger.create();
        } else if (c == ProcessingTimeTrigger.class) {
            return org.apache.flink.streaming.api.windowing.triggers.ProcessingTimeTrigger.create();
        } else if (c == CountTrigger.class) {
            return org.apache.flink.streaming.api.windowing.triggers.CountTrigger.of(((CountTrigger<?>) t).getMaxCount());
        } else if (c == ContinuousEventTimeTrigger.class) {
            return org.apache.flink.streaming.api.windowing.triggers.ContinuousEventTimeTrigger.of(
                    ms(((ContinuousEventTimeTrigger<?>) t).getInterval()));
        } else if (c == PurgingTrigger.class) {
            return org.apache.flink.streaming.api.windowing.triggers.PurgingTrigger.of(
                    (org.apache.flink.streaming.api.windowing.triggers.Trigger) trigger(((PurgingTrigger<?, ?>) t).getNestedTrigger(),
                            assigner, name));
        } else if (c == GlobalWindows.NeverTrigger.class) {
            return org.apache.flink.streaming.api.windowing.assigners.GlobalWindows.create().getDefaultTrigger();
        }
        if (assigner instanceof MergingWindowAssigner && !t.canMerge()) {
            throw new TranslationException("window '" + name + "': the trigger " + t + " cannot merge, but " + assigner
                    + " merges windows");
        }
        // a user-defined trigger: run as is, with Flink's timers and partitioned state
        return new Windows.TriggerBridge((Trigger<Object, Window>) t);
    }

    // ------------------------------------------------------------------ helpers

    private static Duration ms(long millis) {
        return Duration.ofMillis(millis);
    }

    private static void parallelism(SingleOutputStreamOperator<?> s, Transformation<?> t) {
        if (t.getParallelism() != -1) {
            s.setParallelism(t.getParallelism());
        }
    }

    private static void uid(SingleOutputStreamOperator<?> s, Transformation<?> t) {
        if (t.getUid() != null) {
            s.uid(t.getUid());
        }
    }

    /**
     * Flink ships every function to its task managers by Java serialization; fails here, naming the
     * operator, the function and the class that is not serializable.
     */
    static void checkSerializable(Object f, String what, String operator) {
        if (f == null) {
            return;
        }
        try (ObjectOutputStream out = new ObjectOutputStream(OutputStream.nullOutputStream())) {
            out.writeObject(f);
        } catch (NotSerializableException e) {
            Class<?> enclosing = f.getClass().getEnclosingClass();
            boolean capturedOuter = enclosing != null && enclosing.getName().equals(e.getMessage());
            throw new TranslationException("operator '" + operator + "': the " + what + " " + f.getClass().getName()
                    + " is not serializable (it holds a " + e.getMessage() + ", which does not implement "
                    + "java.io.Serializable); Flink ships functions to its workers by Java serialization: "
                    + (capturedOuter
                            ? "an anonymous or inner class keeps a reference to its enclosing object; make it a static "
                                    + "nested or top-level class"
                            : "make the field transient and create it in open(), or make its class serializable"), e);
        } catch (IOException | RuntimeException e) {
            throw new TranslationException("operator '" + operator + "': the " + what + " " + f.getClass().getName()
                    + " cannot be serialized: " + e, e);
        }
    }
}
