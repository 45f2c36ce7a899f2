package io.tidemark.streaming.api.datastream;

import io.tidemark.util.CloseableIterator;
import java.util.List;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.FilterFunction;
import io.tidemark.api.common.functions.FlatMapFunction;
import io.tidemark.api.common.functions.MapFunction;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.typeinfo.TypeInformation;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.api.java.tuple.Tuple;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.streaming.api.functions.sink.legacy.PrintSinkFunction;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import io.tidemark.streaming.api.transformations.OneInputTransformation;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.streaming.api.transformations.OperatorFactory;
import io.tidemark.streaming.api.transformations.PartitionTransformation;
import io.tidemark.streaming.api.transformations.Transformation;
import io.tidemark.streaming.api.transformations.UnionTransformation;
import io.tidemark.streaming.api.windowing.assigners.GlobalWindows;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.evictors.CountEvictor;
import io.tidemark.streaming.api.windowing.triggers.CountTrigger;
import io.tidemark.streaming.api.windowing.triggers.PurgingTrigger;
import io.tidemark.streaming.api.windowing.windows.GlobalWindow;
import io.tidemark.streaming.api.windowing.windows.Window;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.Objects;

/** A stream of records of type {@code T}, the result of a source or an operator. */
public class DataStream<T> {

    protected final StreamExecutionEnvironment environment;
    protected final Transformation<T> transformation;

    public DataStream(StreamExecutionEnvironment environment, Transformation<T> transformation) {
        this.environment = Objects.requireNonNull(environment);
        this.transformation = Objects.requireNonNull(transformation);
    }

    public StreamExecutionEnvironment getExecutionEnvironment() {
        return environment;
    }

    public Transformation<T> getTransformation() {
        return transformation;
    }

    /**
     * The declared type of the records ({@code returns(...)}), or {@code Object}'s when none was
     * declared: the embedded engine needs no types.
     */
    @SuppressWarnings("unchecked")
    public TypeInformation<T> getType() {
        TypeInformation<?> declared = transformation.getOutputType();
        return (TypeInformation<T>) (declared != null ? declared
                : TypeInformation.of(Object.class));
    }

    public int getParallelism() {
        int p = transformation.getParallelism();
        return p == -1 ? environment.getParallelism() : p;
    }

    public <R> SingleOutputStreamOperator<R> map(MapFunction<T, R> mapper) {
        Objects.requireNonNull(mapper, "map function");
        return transform("Map", new OperatorDescription.Map(mapper));
    }

    public <R> SingleOutputStreamOperator<R> flatMap(FlatMapFunction<T, R> flatMapper) {
        Objects.requireNonNull(flatMapper, "flatMap function");
        return transform("Flat Map", new OperatorDescription.FlatMap(flatMapper));
    }

    /** {@link #map(MapFunction)} with the result type declared (see {@code returns}). */
    public <R> SingleOutputStreamOperator<R> map(MapFunction<T, R> mapper, TypeInformation<R> outputType) {
        return map(mapper).returns(outputType);
    }

    /** {@link #flatMap(FlatMapFunction)} with the result type declared (see {@code returns}). */
    public <R> SingleOutputStreamOperator<R> flatMap(FlatMapFunction<T, R> flatMapper, TypeInformation<R> outputType) {
        return flatMap(flatMapper).returns(outputType);
    }

    /** {@link #process(ProcessFunction)} with the result type declared (see {@code returns}). */
    public <R> SingleOutputStreamOperator<R> process(ProcessFunction<T, R> function, TypeInformation<R> outputType) {
        return process(function).returns(outputType);
    }

    /** {@link #keyBy(KeySelector)}; the key's type is accepted for compatibility (keys need none). */
    public <K> KeyedStream<T, K> keyBy(KeySelector<T, K> key, TypeInformation<K> keyType) {
        return keyBy(key);
    }

    /**
     * Flink's projection of a stream of tuples: each tuple's fields at {@code fieldIndexes}, in that
     * order, as a new tuple; {@code project(2, 0)} turns {@code (a,b,c)} into {@code (c,a)}. From 1 to
     * 24 positions, each a field of the input (a position may repeat). The operator is named
     * {@code Projection}.
     */
    public <R extends Tuple> SingleOutputStreamOperator<R> project(int... fieldIndexes) {
        return map(new Projection<T, R>(fieldIndexes)).name("Projection");
    }

    public SingleOutputStreamOperator<T> filter(FilterFunction<T> filter) {
        Objects.requireNonNull(filter, "filter function");
        return transform("Filter", new OperatorDescription.Filter(filter));
    }

    /** A process function on each record; timers need a keyed stream. */
    public <R> SingleOutputStreamOperator<R> process(ProcessFunction<T, R> function) {
        Objects.requireNonNull(function, "process function");
        return transform("Process", new OperatorDescription.Process(function));
    }

    /**
     * This stream and {@code streams} as one stream of their records (all of the same type). The
     * operator after a union reads all of them through one input; its watermark is the minimum over all
     * of them (idle inputs left out).
     */
    @SafeVarargs
    public final DataStream<T> union(DataStream<T>... streams) {
        java.util.List<Transformation<T>> inputs = new java.util.ArrayList<>();
        inputs.add(transformation);
        for (DataStream<T> s : streams) {
            if (s.getExecutionEnvironment() != environment) {
                throw new IllegalArgumentException("cannot union streams of different execution environments");
            }
            inputs.add(s.getTransformation());
        }
        if (inputs.size() == 1) {
            return this;
        }
        return new DataStream<>(environment, new UnionTransformation<>(inputs));
    }

    /** This stream and {@code other} processed together by a co-function (see {@link ConnectedStreams}). */
    public <R> ConnectedStreams<T, R> connect(DataStream<R> other) {
        return new ConnectedStreams<>(environment, this, other);
    }

    /** This stream processed with the broadcast state of {@code broadcastStream}. */
    public <R> BroadcastConnectedStream<T, R> connect(BroadcastStream<R> broadcastStream) {
        return new BroadcastConnectedStream<>(environment, this, broadcastStream,
                broadcastStream.getBroadcastStateDescriptors());
    }

    /** A window join of this stream with {@code other} (see {@link JoinedStreams}). */
    public <T2> JoinedStreams<T, T2> join(DataStream<T2> other) {
        return new JoinedStreams<>(this, other);
    }

    /** A window co-group of this stream with {@code other} (see {@link CoGroupedStreams}). */
    public <T2> CoGroupedStreams<T, T2> coGroup(DataStream<T2> other) {
        return new CoGroupedStreams<>(this, other);
    }

    /**
     * Every record to every subtask of the operator this is connected to, which keeps the broadcast
     * states {@code broadcastStateDescriptors} name.
     */
    public BroadcastStream<T> broadcast(MapStateDescriptor<?, ?>... broadcastStateDescriptors) {
        if (broadcastStateDescriptors.length == 0) {
            throw new IllegalArgumentException("broadcast(...) needs at least one MapStateDescriptor of the broadcast state");
        }
        return new BroadcastStream<>(environment, this, broadcastStateDescriptors);
    }

    /** Partitions the stream by key: records with equal keys are processed together, with keyed state. */
    public <K> KeyedStream<T, K> keyBy(KeySelector<T, K> key) {
        Objects.requireNonNull(key, "key selector");
        return new KeyedStream<>(this, key);
    }

    /**
     * Groups all records, not keyed, into windows evaluated by one subtask (see
     * {@link AllWindowedStream}).
     */
    public <W extends Window> AllWindowedStream<T, W> windowAll(
            WindowAssigner<? super T, W> assigner) {
        return new AllWindowedStream<>(this, assigner);
    }

    /** Tumbling count windows over all records (see {@link KeyedStream#countWindow(long)}), on one subtask. */
    public AllWindowedStream<T, GlobalWindow> countWindowAll(long size) {
        return windowAll(GlobalWindows.create())
                .trigger(PurgingTrigger.of(
                        CountTrigger.of(size)));
    }

    /** Sliding count windows over all records (see {@link KeyedStream#countWindow(long, long)}), on one subtask. */
    public AllWindowedStream<T, GlobalWindow> countWindowAll(long size, long slide) {
        return windowAll(GlobalWindows.create())
                .evictor(CountEvictor.of(size))
                .trigger(CountTrigger.of(slide));
    }

    /** Gives records their timestamps and the stream its watermarks. */
    public SingleOutputStreamOperator<T> assignTimestampsAndWatermarks(WatermarkStrategy<T> strategy) {
        Objects.requireNonNull(strategy, "watermark strategy");
        return timestampsAndWatermarks("Timestamps/Watermarks", new OperatorDescription.TimestampsAndWatermarks(strategy));
    }

    /**
     * Sorts the stream by event time within a reorder buffer (Tidemark's extension): each record (it
     * must carry a timestamp) is held until the highest timestamp seen passes it by {@code buffer},
     * then leaves in timestamp order, ties in arrival order; the stream after it has monotonous
     * watermarks (one below the last record out, emitted like a generator's), which replace the
     * upstream ones. A record older than the last one out is late: it goes to the side output
     * {@code lateTag}. Memory: the records of one {@code buffer} of event time (see
     * docs/semantics.md). One buffer per subtask, at the input's parallelism; in checkpoints.
     */
    public SingleOutputStreamOperator<T> sortByEventTime(Duration buffer, OutputTag<T> lateTag) {
        Objects.requireNonNull(buffer, "buffer");
        Objects.requireNonNull(lateTag, "late output tag");
        return sortByEventTime(buffer.toMillis(), lateTag);
    }

    /** {@link #sortByEventTime(Duration, OutputTag)} dropping late records (counted in {@code numLateRecordsDropped}). */
    public SingleOutputStreamOperator<T> sortByEventTime(Duration buffer) {
        Objects.requireNonNull(buffer, "buffer");
        return sortByEventTime(buffer.toMillis(), null);
    }

    private SingleOutputStreamOperator<T> sortByEventTime(long bufferMillis, OutputTag<T> lateTag) {
        return timestampsAndWatermarks("Sort by event time", new OperatorDescription.TimestampsAndWatermarks(
                WatermarkStrategy.forMonotonousTimestamps(), new OperatorDescription.Sort(bufferMillis, lateTag)));
    }

    private SingleOutputStreamOperator<T> timestampsAndWatermarks(String name, OperatorDescription.TimestampsAndWatermarks d) {
        SingleOutputStreamOperator<T> result = transform(name, d);
        result.getTransformation().setParallelism(transformation.getParallelism());
        return result;
    }

    /** Round-robin to the next operator's subtasks. */
    public DataStream<T> rebalance() {
        return new DataStream<>(environment, new PartitionTransformation<>(transformation, PartitionTransformation.Partitioning.REBALANCE, null));
    }

    /** Every record to every subtask of the next operator. */
    public DataStream<T> broadcast() {
        return new DataStream<>(environment, new PartitionTransformation<>(transformation, PartitionTransformation.Partitioning.BROADCAST, null));
    }

    /** Subtask i to subtask i of the next operator. */
    public DataStream<T> forward() {
        return new DataStream<>(environment, new PartitionTransformation<>(transformation, PartitionTransformation.Partitioning.FORWARD, null));
    }

    /** Prints every record's {@code toString()} to standard out. */
    /**
     * Runs the job with this stream collected, and iterates over its records as the job produces them
     * (Flink's {@code executeAndCollect}): the iterator ends when the job ended; closing it earlier
     * cancels the job. The job runs on the environment's executor, with the environment's other sinks.
     */
    public CloseableIterator<T> executeAndCollect() throws Exception {
        return executeAndCollect("DataStream Collect");
    }

    /** {@link #executeAndCollect()} under {@code jobName}. */
    public CloseableIterator<T> executeAndCollect(String jobName) throws Exception {
        return CollectedResults.execute(this, jobName);
    }

    /** The first {@code limit} records of {@link #executeAndCollect()}; the job is cancelled once they came. */
    public List<T> executeAndCollect(int limit) throws Exception {
        return executeAndCollect("DataStream Collect", limit);
    }

    /** {@link #executeAndCollect(int)} under {@code jobName}. */
    public List<T> executeAndCollect(String jobName, int limit) throws Exception {
        if (limit <= 0) {
            throw new IllegalArgumentException("the limit must be positive: " + limit);
        }
        List<T> out = new java.util.ArrayList<>(limit);
        try (CloseableIterator<T> it = executeAndCollect(jobName)) {
            while (out.size() < limit && it.hasNext()) {
                out.add(it.next());
            }
        }
        return out;
    }

    public DataStreamSink<T> print() {
        return addSink(new PrintSinkFunction<>(), "Print to Std. Out");
    }

    /** Prints every record as {@code "identifier> record"}. */
    public DataStreamSink<T> print(String sinkIdentifier) {
        return addSink(new PrintSinkFunction<>(sinkIdentifier, false), "Print to Std. Out");
    }

    public DataStreamSink<T> printToErr() {
        return addSink(new PrintSinkFunction<>(null, true), "Print to Std. Err");
    }

    /** Prints every record to standard error as {@code "identifier> record"}. */
    public DataStreamSink<T> printToErr(String sinkIdentifier) {
        return addSink(new PrintSinkFunction<>(sinkIdentifier, true), "Print to Std. Err");
    }

    public DataStreamSink<T> addSink(SinkFunction<T> sinkFunction) {
        return addSink(sinkFunction, "Unnamed");
    }

    /**
     * Flink 2's name for adding a sink connector ({@code stream.sinkTo(kafkaSink)}); the same as
     * {@link #addSink}, named after the sink's class.
     */
    public DataStreamSink<T> sinkTo(SinkFunction<T> sink) {
        Objects.requireNonNull(sink, "sink");
        return addSink(sink, sink.getClass().getSimpleName());
    }

    /**
     * Adds a Sink V2 connector ({@code stream.sinkTo(fileSink)}), named after its class: a writer per
     * subtask and, when the sink {@linkplain io.tidemark.api.connector.sink2.SupportsCommitter commits},
     * its committer (exactly once with checkpoints: docs/checkpoints.md).
     */
    public DataStreamSink<T> sinkTo(io.tidemark.api.connector.sink2.Sink<T> sink) {
        Objects.requireNonNull(sink, "sink");
        OneInputTransformation<T, Void> t = new OneInputTransformation<>(transformation, "Sink: " + sink.getClass().getSimpleName(),
                new OperatorDescription.SinkV2(sink));
        t.setKeySelector(keySelectorForNext());
        environment.addTransformation(t);
        return new DataStreamSink<>(t);
    }

    private DataStreamSink<T> addSink(SinkFunction<T> sinkFunction, String name) {
        Objects.requireNonNull(sinkFunction, "sink function");
        OneInputTransformation<T, Void> t = new OneInputTransformation<>(transformation, "Sink: " + name,
                new OperatorDescription.Sink(sinkFunction));
        t.setKeySelector(keySelectorForNext());
        environment.addTransformation(t);
        return new DataStreamSink<>(t);
    }

    /**
     * Adds a custom operator of the engine that will run the job after this stream (see
     * {@link OperatorFactory}); it runs keyed when this stream is keyed. Custom operators do not
     * translate to other engines.
     */
    public <R> SingleOutputStreamOperator<R> transform(String operatorName, OperatorFactory<T, R> operatorFactory) {
        return transform(operatorName, new OperatorDescription.Custom(operatorFactory));
    }

    /** Adds the operator {@code description} describes after this stream. */
    <R> SingleOutputStreamOperator<R> transform(String operatorName, OperatorDescription description) {
        OneInputTransformation<T, R> t = new OneInputTransformation<>(transformation, operatorName, description);
        t.setKeySelector(keySelectorForNext());
        environment.addTransformation(t);
        return new SingleOutputStreamOperator<>(environment, t);
    }

    /** The key selector the next operator is keyed by; null unless this is a keyed stream. */
    protected KeySelector<T, ?> keySelectorForNext() {
        return null;
    }
}
