package io.tidemark.flink;

import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.functions.FilterFunction;
import io.tidemark.api.common.functions.FlatMapFunction;
import io.tidemark.api.common.functions.Function;
import io.tidemark.api.common.functions.MapFunction;
import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.api.common.functions.RichFunction;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.connector.file.sink.FileSink;
import io.tidemark.connector.jdbc.JdbcSink;
import io.tidemark.connector.kafka.sink.KafkaSink;
import io.tidemark.connector.kafka.source.KafkaSource;
import io.tidemark.flink.bridge.Broadcasts;
import io.tidemark.flink.bridge.CoFunctions;
import io.tidemark.flink.bridge.FileSinks;
import io.tidemark.flink.bridge.Functions;
import io.tidemark.flink.bridge.JdbcSinks;
import io.tidemark.flink.bridge.KafkaConnectors;
import io.tidemark.flink.bridge.RestoredBoundedSource;
import io.tidemark.flink.bridge.WatermarkFloor;
import io.tidemark.flink.bridge.SinkV2s;
import io.tidemark.flink.bridge.Process;
import io.tidemark.flink.bridge.Runtime;
import io.tidemark.flink.bridge.SortByEventTime;
import io.tidemark.flink.bridge.SourceLate;
import io.tidemark.flink.bridge.Sources;
import io.tidemark.flink.bridge.States;
import io.tidemark.flink.bridge.Watermarks;
import io.tidemark.flink.bridge.Windows;
import io.tidemark.core.execution.Pipeline;
import io.tidemark.core.execution.RuntimeModes;
import io.tidemark.flink.bridge.BoundedSources;
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
import io.tidemark.streaming.api.transformations.SourceDescription;
import io.tidemark.streaming.api.transformations.SourceTransformation;
import io.tidemark.streaming.api.transformations.Transformation;
import io.tidemark.streaming.api.transformations.TwoInputOperatorDescription;
import io.tidemark.streaming.api.transformations.TwoInputTransformation;
import io.tidemark.streaming.api.transformations.UnionTransformation;
import io.tidemark.streaming.api.functions.co.BroadcastProcessFunction;
import io.tidemark.streaming.api.functions.co.CoFlatMapFunction;
import io.tidemark.streaming.api.functions.co.CoMapFunction;
import io.tidemark.streaming.api.functions.co.CoProcessFunction;
import io.tidemark.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import io.tidemark.streaming.api.functions.co.KeyedCoProcessFunction;
import io.tidemark.streaming.api.functions.co.ProcessJoinFunction;
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
import io.tidemark.streaming.api.windowing.evictors.CountEvictor;
import io.tidemark.streaming.api.windowing.evictors.DeltaEvictor;
import io.tidemark.streaming.api.windowing.evictors.Evictor;
import io.tidemark.streaming.api.windowing.evictors.TimeEvictor;
import io.tidemark.streaming.api.windowing.triggers.CountTrigger;
import io.tidemark.streaming.api.windowing.triggers.DeltaTrigger;
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

    private final Pipeline pipeline;
    private final StreamExecutionEnvironment flink;
    private final Map<Integer, DataStream<Object>> translated = new HashMap<>();
    /** Nodes whose side outputs come from an operator their translation put before the last one (a sort's buffer). */
    private final Map<Integer, SingleOutputStreamOperator<Object>> sideOutputsOf = new HashMap<>();
    private final boolean perEvent;
    /** Whether the job runs in BATCH mode: its bounded sources are declared bounded to Flink. */
    private final boolean batch;

    private FlinkTranslator(Pipeline pipeline, StreamExecutionEnvironment flink) {
        this.pipeline = pipeline;
        this.flink = flink;
        this.perEvent = pipeline.config().isPerEventWatermarks();
        this.batch = RuntimeModes.of(pipeline) == io.tidemark.api.common.RuntimeExecutionMode.BATCH;
    }

    /**
     * Adds the pipeline built on {@code tidemark} to {@code flink} (see {@link #translate(Pipeline,
     * StreamExecutionEnvironment)}); the Tidemark environment is only read.
     */
    public static void translate(io.tidemark.streaming.api.environment.StreamExecutionEnvironment tidemark,
            StreamExecutionEnvironment flink) {
        translate(new Pipeline("", tidemark.getTransformations(), tidemark.getConfig(), tidemark.getClock(),
                tidemark.getParallelism(), io.tidemark.configuration.Configuration.fromMap(tidemark.getConfiguration().toMap())),
                flink);
    }

    /**
     * Adds {@code pipeline} to {@code flink}: sets the default parallelism and the watermark interval
     * (Tidemark's, which means the same on both: 0 switches periodic emission off), enables object reuse
     * (Tidemark hands records on without copying), and translates every node. Per-event emission
     * (Tidemark's extension) is done by the translated generators themselves.
     */
    public static void translate(Pipeline pipeline, StreamExecutionEnvironment flink) {
        List<Transformation<?>> nodes = pipeline.transformations();
        if (nodes.isEmpty()) {
            throw new TranslationException("no operators defined: add a source and a sink before running on Flink");
        }
        new FlinkTranslator(pipeline, flink).translateAll(nodes);
    }

    private void translateAll(List<Transformation<?>> nodes) {
        flink.setParallelism(pipeline.parallelism());
        if (pipeline.config().getMaxParallelism() > 0) {
            flink.setMaxParallelism(pipeline.config().getMaxParallelism()); // the key groups: keys go where they go here
        }
        flink.getConfig().setAutoWatermarkInterval(pipeline.config().getAutoWatermarkInterval());
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
        } else if (t instanceof TwoInputTransformation) {
            result = twoInput((TwoInputTransformation<Object, Object, Object>) t);
        } else if (t instanceof UnionTransformation) {
            result = union((UnionTransformation<Object>) t);
        } else if (t instanceof PartitionTransformation) {
            result = partition((PartitionTransformation<Object>) t);
        } else if (t instanceof SideOutputTransformation) {
            SideOutputTransformation<Object> s = (SideOutputTransformation<Object>) t;
            DataStream<Object> in = translate(s.getInput());
            if (sideOutputsOf.containsKey(s.getInput().getId())) {
                in = sideOutputsOf.get(s.getInput().getId()); // made by an operator inside the node's translation
            }
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

    @SuppressWarnings({"unchecked", "rawtypes"})
    private DataStream<Object> source(SourceTransformation<Object> t) {
        String name = t.getName();
        if (t.getDescription() instanceof SourceDescription.Splits k && k.source() instanceof KafkaSource && k.sort() == null) {
            return kafkaSource(t, k);
        }
        // a Kafka source sorted per partition runs as Tidemark's split source, as a sorted file does: Flink's
        // KafkaSource has no reorder buffer between a partition's records and its watermark generator
        SingleOutputStreamOperator<Object> s = t.getDescription().match(d -> {
            SourceFunction<Object> f = (SourceFunction<Object>) d.function();
            checkSerializable(f, "source function", name);
            if (d.isParallel()) {
                return BoundedSources.add(flink, new Sources.Parallel(f, name), name, States.producedType(f, SourceFunction.class, 0),
                        batch && d.isBounded());
            }
            if (t.getParallelism() > 1) {
                throw new TranslationException("source '" + name + "' is not parallel; its parallelism must be 1, not "
                        + t.getParallelism());
            }
            return BoundedSources.add(flink, new Sources.Single(f, name), name, States.producedType(f, SourceFunction.class, 0),
                    batch && d.isBounded());
        }, d -> {
            SplitSourceFunction<Object> split = (SplitSourceFunction<Object>) d.source();
            io.tidemark.api.common.eventtime.WatermarkStrategy<Object> strategy =
                    (io.tidemark.api.common.eventtime.WatermarkStrategy<Object>) d.strategy();
            checkSerializable(split, "split source", name);
            checkSerializable(strategy, "watermark strategy", name);
            return BoundedSources.add(flink, new Sources.Split(split, strategy, d.sort() == null ? -1 : d.sort().bufferMillis(),
                    pipeline.config(), name, pipeline.clock()), name, States.producedType(split, SplitSourceFunction.class, 0),
                    batch && d.isBounded());
        });
        if (t.getDescription().isParallel()) {
            parallelism(s, t);
        }
        declaredType(s, t);
        uid(s, t);
        if (t.getDescription() instanceof SourceDescription.Splits d && d.sort() != null) {
            // the sorting source's late records, wrapped in its stream, to its late side output
            SingleOutputStreamOperator<Object> routed = s.process(new SourceLate.Router(
                    Runtime.tag((io.tidemark.util.OutputTag<Object>) d.sort().lateTag())), s.getType()).name(name + "-late");
            routed.setParallelism(s.getParallelism());
            return routed;
        }
        return s;
    }

    /**
     * A Tidemark KafkaSource runs as Flink's own KafkaSource (per-partition splits, watermarks and
     * idleness by Flink), followed by a chained pass-through that keeps Tidemark's record counter —
     * unless it sorts its partitions: then it runs as Tidemark's split source ({@link Sources.Split}).
     */
    @SuppressWarnings("unchecked")
    private DataStream<Object> kafkaSource(SourceTransformation<Object> t, SourceDescription.Splits d) {
        String name = t.getName();
        KafkaSource<Object> source = (KafkaSource<Object>) d.source();
        checkSerializable(source.getDeserializer(), "Kafka record deserializer", name);
        checkSerializable(d.strategy(), "watermark strategy", name);
        boolean checkpointing = flink.getCheckpointConfig().isCheckpointingEnabled();
        org.apache.flink.connector.kafka.source.KafkaSource<Object> kafka = KafkaConnectors.source(source, name, checkpointing);
        TypeInformation<Object> type = KafkaConnectors.producedType(source.getDeserializer());
        // a bounded source restored from a checkpoint must still end (FLINK-31006)
        org.apache.flink.api.connector.source.Source<Object, ?, ?> flinkSource = checkpointing && source.isBounded()
                ? new RestoredBoundedSource<>(kafka, type) : kafka;
        SingleOutputStreamOperator<Object> s = flink.fromSource(flinkSource, Watermarks.of(d.strategy(), perEvent), name, type);
        parallelism(s, t);
        uid(s, t);
        if (checkpointing) { // Flink's KafkaSource does not checkpoint its watermarks (FLINK-5601): the floor keeps them
            s = s.transform(name + "-watermarks", type, new WatermarkFloor<>());
            parallelism(s, t);
            if (t.getUid() != null) {
                s.uid(t.getUid() + "-watermarks");
            }
        }
        SingleOutputStreamOperator<Object> counted = s.map(new Functions.Counted(name, "numRecordsOut"), s.getType()).name(name);
        parallelism(counted, t);
        return counted;
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

    private DataStream<Object> oneInput(OneInputTransformation<Object, Object> t) {
        String name = t.getName();
        DataStream<Object> in = translate(t.getInput());
        if (t.getKeySelector() != null && !(in instanceof KeyedStream)) {
            throw new TranslationException("operator '" + name + "' is keyed but its input is not a keyBy");
        }
        SingleOutputStreamOperator<Object> out = t.getDescription().accept(new OneInput(in, name, t));
        if (out == null) {
            return null; // a sink
        }
        declaredType(out, t);
        out.name(name);
        parallelism(out, t);
        uid(out, t);
        return out;
    }

    /** The Flink DataStream call for each kind of operator; a sink returns null. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private final class OneInput implements OperatorDescription.Visitor<SingleOutputStreamOperator<Object>> {
        private final DataStream<Object> in;
        private final String name;
        private final OneInputTransformation<Object, Object> t;

        OneInput(DataStream<Object> in, String name, OneInputTransformation<Object, Object> t) {
            this.in = in;
            this.name = name;
            this.t = t;
        }

        private KeyedStream<Object, Object> keyed() {
            return (KeyedStream<Object, Object>) in;
        }

        @Override
        public SingleOutputStreamOperator<Object> map(OperatorDescription.Map d) {
            MapFunction<Object, Object> f = (MapFunction<Object, Object>) d.function();
            checkSerializable(f, "map function", name);
            return in.map(new Functions.Map(f, name), States.producedType(f, MapFunction.class, 1));
        }

        @Override
        public SingleOutputStreamOperator<Object> flatMap(OperatorDescription.FlatMap d) {
            FlatMapFunction<Object, Object> f = (FlatMapFunction<Object, Object>) d.function();
            checkSerializable(f, "flatMap function", name);
            return in.flatMap(new Functions.FlatMap(f, name), States.producedType(f, FlatMapFunction.class, 1));
        }

        @Override
        public SingleOutputStreamOperator<Object> filter(OperatorDescription.Filter d) {
            FilterFunction<Object> f = (FilterFunction<Object>) d.function();
            checkSerializable(f, "filter function", name);
            return in.filter(new Functions.Filter(f, name));
        }

        @Override
        public SingleOutputStreamOperator<Object> process(OperatorDescription.Process d) {
            ProcessFunction<Object, Object> f = (ProcessFunction<Object, Object>) d.function();
            checkSerializable(f, "process function", name);
            TypeInformation<Object> type = States.producedType(f, ProcessFunction.class, 1);
            return in instanceof KeyedStream
                    ? keyed().process(new Process.Keyed(null, f, name), type)
                    : in.process(new Process.NonKeyed(f, name), type);
        }

        @Override
        public SingleOutputStreamOperator<Object> keyedProcess(OperatorDescription.KeyedProcess d) {
            KeyedProcessFunction<Object, Object, Object> f = (KeyedProcessFunction<Object, Object, Object>) d.function();
            checkSerializable(f, "keyed process function", name);
            return keyed().process(new Process.Keyed(f, null, name), States.producedType(f, KeyedProcessFunction.class, 2));
        }

        @Override
        public SingleOutputStreamOperator<Object> rollingReduce(OperatorDescription.RollingReduce d) {
            ReduceFunction<Object> f = (ReduceFunction<Object>) d.function();
            checkSerializable(f, "reduce function", name);
            return keyed().reduce(new Functions.RollingReduce(f));
        }

        @Override
        public SingleOutputStreamOperator<Object> timestampsAndWatermarks(OperatorDescription.TimestampsAndWatermarks d) {
            checkSerializable(d.strategy(), "watermark strategy", name);
            DataStream<Object> before = in;
            if (d.sort() != null) {
                // the reorder buffer, then the strategy over what leaves it; its late records are the sort's side output
                SingleOutputStreamOperator<Object> sorted = in.transform(name + "-buffer", in.getType(),
                        new SortByEventTime(d.sort().bufferMillis(),
                                d.sort().lateTag() == null ? null : Runtime.tag((io.tidemark.util.OutputTag<Object>) d.sort().lateTag())));
                parallelism(sorted, t);
                sideOutputsOf.put(t.getId(), sorted);
                before = sorted;
            }
            return before.assignTimestampsAndWatermarks(Watermarks.of(d.strategy(), perEvent));
        }

        @Override
        public SingleOutputStreamOperator<Object> sink(OperatorDescription.Sink d) {
            SinkFunction<Object> f = (SinkFunction<Object>) d.function();
            checkSerializable(f, "sink function", name);
            // a JDBC sink becomes a Flink Sink (flushed at checkpoints); any other runs as a sink function
            DataStreamSink<Object> sink = f instanceof JdbcSink ? in.sinkTo(JdbcSinks.of((JdbcSink<Object>) f)).name(name)
                    : in.addSink(new Functions.Sink(f, name)).name(name);
            placed(sink);
            return null;
        }

        /** The sink's parallelism, uid, uid hash, description, slot sharing group and chaining, as the transformation has them. */
        private void placed(DataStreamSink<Object> sink) {
            if (t.getParallelism() != -1) {
                sink.setParallelism(t.getParallelism());
            }
            if (t.getUid() != null) {
                sink.uid(t.getUid());
            }
            if (t.getUidHash() != null) {
                sink.setUidHash(t.getUidHash());
            }
            if (t.getUserDescription() != null) {
                sink.setDescription(t.getUserDescription());
            }
            if (t.getSlotSharingGroup() != null) {
                sink.slotSharingGroup(t.getSlotSharingGroup());
            }
            if (t.getChaining() != Transformation.Chaining.ALWAYS) {
                sink.disableChaining();
            }
        }

        /**
         * A Sink V2 connector, behind a pass-through keeping the counter: a Kafka sink without
         * {@code EXACTLY_ONCE} as Flink's own KafkaSink, a row-format FileSink as Flink's own FileSink
         * ({@link FileSinks}: Flink's two-phase commit of part files); any other (Kafka exactly once among them) as
         * itself on Flink's Sink V2 ({@link SinkV2s}), writer, committer and state driven by Flink's
         * checkpoints.
         */
        @Override
        public SingleOutputStreamOperator<Object> sinkV2(OperatorDescription.SinkV2 d) {
            io.tidemark.api.connector.sink2.Sink<Object> s = (io.tidemark.api.connector.sink2.Sink<Object>) d.sink();
            checkSerializable(s, "sink", name);
            SingleOutputStreamOperator<Object> counted = in.map(new Functions.Counted(name, "numRecordsIn"), in.getType()).name(name);
            parallelism(counted, t);
            placed(counted.sinkTo(s instanceof KafkaSink<Object> kafka
                    && kafka.getDeliveryGuarantee() != io.tidemark.connector.base.DeliveryGuarantee.EXACTLY_ONCE
                    ? KafkaConnectors.sink(kafka)
                    : s instanceof FileSink<Object> file ? FileSinks.of(file) : SinkV2s.of(s)).name(name));
            return null;
        }

        @Override
        public SingleOutputStreamOperator<Object> window(OperatorDescription.Window d) {
            return FlinkTranslator.this.window(keyed(), d, name);
        }

        @Override
        public SingleOutputStreamOperator<Object> custom(OperatorDescription.Custom d) {
            if (d.factory() instanceof io.tidemark.streaming.api.operators.AsyncWaitOperatorFactory<?, ?> async) {
                checkSerializable(async, "async function", name);
                return io.tidemark.flink.bridge.Async.translate(in, async);
            }
            throw new TranslationException("operator '" + name + "' is a custom operator (transform(name, factory)); "
                    + "only the DataStream API's operators translate to Flink");
        }
    }

    /**
     * Flink's union needs one record type: when the inputs' declared types differ, each input passes
     * through a chained identity map that declares the generic type first.
     */
    @SuppressWarnings("unchecked")
    private DataStream<Object> union(UnionTransformation<Object> t) {
        List<DataStream<Object>> inputs = new java.util.ArrayList<>();
        for (Transformation<Object> input : t.getUnionInputs()) {
            inputs.add(translate(input));
        }
        boolean sameType = inputs.stream().allMatch(s -> s.getType().equals(inputs.get(0).getType()));
        if (!sameType) {
            inputs.replaceAll(s -> s.map(Functions.IDENTITY, States.OBJECT).name("Union").setParallelism(s.getParallelism()));
        }
        return inputs.get(0).union(inputs.subList(1, inputs.size()).toArray(new DataStream[0]));
    }

    // ------------------------------------------------------------------ two inputs

    private DataStream<Object> twoInput(TwoInputTransformation<Object, Object, Object> t) {
        String name = t.getName();
        checkSerializable(t.getDescription().function(), "function", name);
        checkSerializable(t.getKeySelector1(), "first key selector", name);
        checkSerializable(t.getKeySelector2(), "second key selector", name);
        SingleOutputStreamOperator<Object> out = t.getDescription().accept(new TwoInput(t, name));
        declaredType(out, t);
        out.name(name);
        parallelism(out, t);
        uid(out, t);
        return out;
    }

    /** The Flink DataStream call for each kind of two-input operator. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private final class TwoInput implements TwoInputOperatorDescription.Visitor<SingleOutputStreamOperator<Object>> {
        private final TwoInputTransformation<Object, Object, Object> t;
        private final String name;

        TwoInput(TwoInputTransformation<Object, Object, Object> t, String name) {
            this.t = t;
            this.name = name;
        }

        private org.apache.flink.streaming.api.datastream.ConnectedStreams<Object, Object> connected() {
            return translate(t.getInput1()).connect(translate(t.getInput2()));
        }

        /** The broadcast side: the stream under the broadcast partitioning, broadcast with Flink's descriptors. */
        private org.apache.flink.streaming.api.datastream.BroadcastConnectedStream<Object, Object> broadcastConnected(
                List<io.tidemark.api.common.state.MapStateDescriptor<?, ?>> descriptors) {
            Transformation<Object> second = t.getInput2();
            if (!(second instanceof PartitionTransformation)
                    || ((PartitionTransformation<Object>) second).getPartitioning() != PartitionTransformation.Partitioning.BROADCAST) {
                throw new TranslationException("operator '" + name + "': the broadcast input is not a broadcast stream");
            }
            org.apache.flink.api.common.state.MapStateDescriptor<?, ?>[] flink =
                    new org.apache.flink.api.common.state.MapStateDescriptor<?, ?>[descriptors.size()];
            for (int i = 0; i < flink.length; i++) {
                flink[i] = Broadcasts.toFlink((io.tidemark.api.common.state.MapStateDescriptor) descriptors.get(i));
            }
            DataStream<Object> broadcastInput = translate(((PartitionTransformation<Object>) second).getInput());
            return translate(t.getInput1()).connect(broadcastInput.broadcast(flink));
        }

        @Override
        public SingleOutputStreamOperator<Object> coMap(TwoInputOperatorDescription.CoMap d) {
            CoMapFunction<Object, Object, Object> f = (CoMapFunction<Object, Object, Object>) d.function();
            return connected().map(new CoFunctions.CoMap(f, name), States.producedType(f, CoMapFunction.class, 2));
        }

        @Override
        public SingleOutputStreamOperator<Object> coFlatMap(TwoInputOperatorDescription.CoFlatMap d) {
            CoFlatMapFunction<Object, Object, Object> f = (CoFlatMapFunction<Object, Object, Object>) d.function();
            return connected().flatMap(new CoFunctions.CoFlatMap(f, name), States.producedType(f, CoFlatMapFunction.class, 2));
        }

        @Override
        public SingleOutputStreamOperator<Object> coProcess(TwoInputOperatorDescription.CoProcess d) {
            CoProcessFunction<Object, Object, Object> f = (CoProcessFunction<Object, Object, Object>) d.function();
            return connected().process(new CoFunctions.CoProcess(f, name), States.producedType(f, CoProcessFunction.class, 2));
        }

        @Override
        public SingleOutputStreamOperator<Object> keyedCoProcess(TwoInputOperatorDescription.KeyedCoProcess d) {
            KeyedCoProcessFunction<Object, Object, Object, Object> f = (KeyedCoProcessFunction<Object, Object, Object, Object>) d.function();
            return connected().process(new CoFunctions.KeyedCoProcess(f, name),
                    States.producedType(f, KeyedCoProcessFunction.class, 3));
        }

        @Override
        public SingleOutputStreamOperator<Object> broadcastProcess(TwoInputOperatorDescription.BroadcastProcess d) {
            BroadcastProcessFunction<Object, Object, Object> f = (BroadcastProcessFunction<Object, Object, Object>) d.function();
            return broadcastConnected(d.descriptors()).process(new Broadcasts.NonKeyed(f, name),
                    States.producedType(f, BroadcastProcessFunction.class, 2));
        }

        @Override
        public SingleOutputStreamOperator<Object> intervalJoin(TwoInputOperatorDescription.IntervalJoin d) {
            ProcessJoinFunction<Object, Object, Object> f = (ProcessJoinFunction<Object, Object, Object>) d.function();
            DataStream<Object> left = translate(t.getInput1());
            DataStream<Object> right = translate(t.getInput2());
            if (!(left instanceof KeyedStream) || !(right instanceof KeyedStream)) {
                throw new TranslationException("operator '" + name + "': both inputs of an interval join must be keyed");
            }
            KeyedStream.IntervalJoined<Object, Object, Object> joined = ((KeyedStream<Object, Object>) left)
                    .intervalJoin((KeyedStream<Object, Object>) right)
                    .between(ms(d.lowerBound()), ms(d.upperBound()));
            if (!d.lowerBoundInclusive()) {
                joined.lowerBoundExclusive();
            }
            if (!d.upperBoundInclusive()) {
                joined.upperBoundExclusive();
            }
            if (d.leftLateDataTag() != null) {
                joined.sideOutputLeftLateData(Runtime.tag((OutputTag<Object>) d.leftLateDataTag()));
            }
            if (d.rightLateDataTag() != null) {
                joined.sideOutputRightLateData(Runtime.tag((OutputTag<Object>) d.rightLateDataTag()));
            }
            return joined.process(new CoFunctions.ProcessJoin(f, name), States.producedType(f, ProcessJoinFunction.class, 2));
        }

        @Override
        public SingleOutputStreamOperator<Object> keyedBroadcastProcess(TwoInputOperatorDescription.KeyedBroadcastProcess d) {
            KeyedBroadcastProcessFunction<Object, Object, Object, Object> f =
                    (KeyedBroadcastProcessFunction<Object, Object, Object, Object>) d.function();
            return broadcastConnected(d.descriptors()).process(new Broadcasts.Keyed(f, name),
                    States.producedType(f, KeyedBroadcastProcessFunction.class, 3));
        }
    }

    // ------------------------------------------------------------------ windows

    @SuppressWarnings({"unchecked", "rawtypes"})
    private SingleOutputStreamOperator<Object> window(KeyedStream<Object, Object> in, OperatorDescription.Window d, String name) {
        if (d.perKeyWatermarks() != null) {
            throw new TranslationException("window '" + name + "' fires on per-key watermarks (withPerKeyWatermarks, the job file's "
                    + "watermark.per-key): Flink has no equivalent (its watermark is one per operator subtask, for all keys); "
                    + "run it on the embedded engine");
        }
        WindowAssigner<?, ?> assigner = d.assigner();
        checkSerializable(assigner, "window assigner", name);
        checkSerializable(d.trigger(), "trigger", name);
        WindowedStream<Object, Object, org.apache.flink.streaming.api.windowing.windows.Window> w =
                in.window((org.apache.flink.streaming.api.windowing.assigners.WindowAssigner) assigner(assigner, name));
        org.apache.flink.streaming.api.windowing.triggers.Trigger flinkTrigger = trigger(d.trigger(), assigner, name,
                in.getType().createSerializer(flink.getConfig().getSerializerConfig()));
        if (!assigner.isEventTime()) {
            // Tidemark fires pending processing-time windows when a bounded input ends; Flink does not
            flinkTrigger = new Windows.FireAtEndOfInput<>(flinkTrigger);
        }
        w.trigger(flinkTrigger);
        if (d.evictor() != null) {
            checkSerializable(d.evictor(), "evictor", name);
            w.evictor((org.apache.flink.streaming.api.windowing.evictors.Evictor) evictor(d.evictor()));
        }
        if (d.allowedLateness() > 0 && assigner.isEventTime()) {
            // (Tidemark ignores lateness for processing-time windows, which are never late; Flink rejects it)
            w.allowedLateness(Duration.ofMillis(d.allowedLateness()));
        }
        if (d.lateDataTag() != null) {
            w.sideOutputLateData(Runtime.tag((OutputTag<Object>) d.lateDataTag()));
        }
        boolean merging = assigner instanceof MergingWindowAssigner;
        boolean eventTime = assigner.isEventTime();
        // exactly one of the two is set: Flink's process window function, or its apply (a null
        // Tidemark function in Windows.Apply passes the kept value through)
        org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction pwf = d.function().match(() -> null,
                a -> null, p -> {
                    checkSerializable(p.function(), "process window function", name);
                    return new Windows.ProcessWindow((ProcessWindowFunction) p.function(), eventTime, merging, name);
                });
        org.apache.flink.streaming.api.functions.windowing.WindowFunction apply = d.function().match(
                () -> new Windows.Apply(null, name), a -> {
                    checkSerializable(a.function(), "window function", name);
                    return new Windows.Apply((WindowFunction) a.function(), name);
                }, p -> null);
        TypeInformation<Object> any = States.OBJECT;
        // what the window emits: the window function's declared output, else the aggregate's, else the elements
        TypeInformation<Object> result = d.function().match(
                () -> d.contents().match(a -> States.producedType(a.function(), AggregateFunction.class, 2),
                        r -> in.getType(), in::getType),
                a -> States.producedType(a.function(), WindowFunction.class, 1),
                p -> States.producedType(p.function(), ProcessWindowFunction.class, 1));
        return d.contents().match(a -> {
            AggregateFunction<Object, Object, Object> agg = (AggregateFunction<Object, Object, Object>) a.function();
            checkSerializable(agg, "aggregate function", name);
            if (agg instanceof RichFunction) {
                throw new TranslationException("window '" + name + "': the aggregate function " + agg.getClass().getName()
                        + " is a rich function; Flink's window aggregate does not run rich aggregate functions "
                        + "(use a rich ProcessWindowFunction for state and life cycle)");
            }
            Functions.Aggregate f = new Functions.Aggregate(agg);
            return pwf != null ? w.aggregate(f, pwf, any, any, result) : w.aggregate(f, apply, any, result);
        }, r -> {
            ReduceFunction<Object> reduce = (ReduceFunction<Object>) r.function();
            checkSerializable(reduce, "reduce function", name);
            if (reduce instanceof RichFunction) {
                throw new TranslationException("window '" + name + "': the reduce function " + reduce.getClass().getName()
                        + " is a rich function; Flink's window reduce does not run rich reduce functions");
            }
            States.Reduce<Object> f = new States.Reduce<>(reduce);
            return pwf != null ? w.reduce(f, pwf, result) : w.reduce(f, apply, result);
        }, () -> pwf != null ? w.process(pwf, result) : w.apply(apply, result));
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

    /** Flink's built-in evictor for a built-in one; a user-defined evictor runs as it is, on Flink's elements. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static org.apache.flink.streaming.api.windowing.evictors.Evictor<?, ?> evictor(Evictor<?, ?> e) {
        Class<?> c = e.getClass();
        if (c == CountEvictor.class) {
            CountEvictor<?> count = (CountEvictor<?>) e;
            return org.apache.flink.streaming.api.windowing.evictors.CountEvictor.of(count.getMaxCount(), count.isEvictAfter());
        } else if (c == TimeEvictor.class) {
            TimeEvictor<?> time = (TimeEvictor<?>) e;
            return org.apache.flink.streaming.api.windowing.evictors.TimeEvictor.of(ms(time.getWindowSize()), time.isEvictAfter());
        } else if (c == DeltaEvictor.class) {
            DeltaEvictor<Object, ?> delta = (DeltaEvictor<Object, ?>) e;
            return org.apache.flink.streaming.api.windowing.evictors.DeltaEvictor.of(delta.getThreshold(),
                    new Windows.Delta(delta.getDeltaFunction()), delta.isEvictAfter());
        }
        return new Windows.EvictorBridge((Evictor<Object, Window>) e);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static org.apache.flink.streaming.api.windowing.triggers.Trigger<?, ?> trigger(Trigger<?, ?> t, WindowAssigner<?, ?> assigner,
            String name, org.apache.flink.api.common.typeutils.TypeSerializer<Object> elements) {
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
                            assigner, name, elements));
        } else if (c == DeltaTrigger.class) {
            DeltaTrigger<Object, ?> delta = (DeltaTrigger<Object, ?>) t;
            return org.apache.flink.streaming.api.windowing.triggers.DeltaTrigger.of(delta.getThreshold(),
                    new Windows.Delta(delta.getDeltaFunction()), elements);
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

    /**
     * The record type the program declared ({@code returns(...)}) as Flink's type information; a type
     * Flink cannot analyse stays generic.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void declaredType(SingleOutputStreamOperator<?> s, Transformation<?> t) {
        io.tidemark.api.common.typeinfo.TypeInformation<?> declared = t.getOutputType();
        if (declared == null || declared.getType() == null) {
            return;
        }
        TypeInformation flink;
        try {
            flink = org.apache.flink.api.java.typeutils.TypeExtractor.createTypeInfo(declared.getType());
        } catch (RuntimeException e) {
            flink = States.OBJECT;
        }
        ((SingleOutputStreamOperator) s).returns(flink);
    }

    private static void parallelism(SingleOutputStreamOperator<?> s, Transformation<?> t) {
        if (t.getParallelism() != -1) {
            s.setParallelism(t.getParallelism());
        }
    }

    /** The uid, uid hash, description, slot sharing group and chaining the program set on {@code t}. */
    private static void uid(SingleOutputStreamOperator<?> s, Transformation<?> t) {
        if (t.getUid() != null) {
            s.uid(t.getUid());
        }
        if (t.getUidHash() != null) {
            s.setUidHash(t.getUidHash());
        }
        if (t.getUserDescription() != null) {
            s.setDescription(t.getUserDescription());
        }
        if (t.getSlotSharingGroup() != null) {
            s.slotSharingGroup(t.getSlotSharingGroup());
        }
        if (t.getChaining() == Transformation.Chaining.NEVER) {
            s.disableChaining();
        } else if (t.getChaining() == Transformation.Chaining.HEAD) {
            s.startNewChain();
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
