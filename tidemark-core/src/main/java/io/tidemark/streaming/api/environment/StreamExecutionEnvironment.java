package io.tidemark.streaming.api.environment;

import io.tidemark.api.common.ExecutionConfig;
import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.RuntimeExecutionMode;
import io.tidemark.configuration.Configuration;
import io.tidemark.configuration.ExecutionOptions;
import io.tidemark.configuration.ReadableConfig;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.typeinfo.TypeInformation;
import io.tidemark.core.execution.JobClient;
import io.tidemark.core.execution.Pipeline;
import io.tidemark.core.execution.PipelineExecutor;
import io.tidemark.core.execution.PipelineExecutors;
import io.tidemark.runtime.state.StateBackend;
import io.tidemark.streaming.api.datastream.DataStreamSource;
import io.tidemark.streaming.api.functions.source.FromElementsFunction;
import io.tidemark.streaming.api.functions.source.FromSequenceFunction;
import io.tidemark.streaming.api.functions.source.SocketTextStreamFunction;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.streaming.api.transformations.SourceDescription;
import io.tidemark.streaming.api.transformations.SourceTransformation;
import io.tidemark.streaming.api.transformations.Transformation;
import io.tidemark.time.Clock;
import io.tidemark.time.SystemClock;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Where a pipeline is built and run. {@link #execute} runs it on the environment's executor — the
 * embedded engine inside this JVM unless {@link #setExecutor} chose another — and returns when every
 * bounded input has ended (an unbounded job runs until cancelled, see {@link #executeAsync}).
 */
public class StreamExecutionEnvironment {

    private final ExecutionConfig config = new ExecutionConfig();
    /** Every key given by {@link #configure} and the runtime mode: the job carries them to its engine. */
    private final Configuration configuration = new Configuration();
    private final List<Transformation<?>> transformations = new ArrayList<>();
    private int parallelism = 1;
    private Clock clock = SystemClock.getInstance();
    private PipelineExecutor executor;

    /** What {@link #getExecutionEnvironment()} returns instead of a new embedded environment, or null. */
    private static volatile StreamExecutionEnvironmentFactory contextEnvironmentFactory;

    /**
     * An environment that runs jobs embedded in this JVM, or the context's environment while a factory
     * is set ({@link #initializeContextEnvironment}, e.g. by a test extension).
     */
    public static StreamExecutionEnvironment getExecutionEnvironment() {
        StreamExecutionEnvironmentFactory context = contextEnvironmentFactory;
        return context == null ? new StreamExecutionEnvironment() : context.createExecutionEnvironment();
    }

    /** From now on {@link #getExecutionEnvironment()} returns {@code factory}'s environments (for every thread). */
    protected static void initializeContextEnvironment(StreamExecutionEnvironmentFactory factory) {
        contextEnvironmentFactory = factory;
    }

    /** {@link #getExecutionEnvironment()} returns new embedded environments again. */
    protected static void resetContextEnvironment() {
        contextEnvironmentFactory = null;
    }

    /** Same as {@link #getExecutionEnvironment()}. */
    public static StreamExecutionEnvironment createLocalEnvironment() {
        return new StreamExecutionEnvironment();
    }

    /** An environment configured by {@code configuration} ({@link #configure}). */
    public static StreamExecutionEnvironment getExecutionEnvironment(Configuration configuration) {
        StreamExecutionEnvironment env = new StreamExecutionEnvironment();
        env.configure(configuration);
        return env;
    }

    /** Same as {@link #getExecutionEnvironment(Configuration)}. */
    public static StreamExecutionEnvironment createLocalEnvironment(Configuration configuration) {
        return getExecutionEnvironment(configuration);
    }

    /**
     * Applies every key {@code configuration} sets, as Flink does; settings whose keys it does not set
     * stay. The embedded engine honours the keys {@link EnvironmentConfiguration#HONOURED} lists
     * (parallelism, watermark interval, maximum parallelism, runtime mode, checkpoints, state backend,
     * restart strategy) and names the others once, in a warning, when the job starts; the Flink runner
     * hands every key to Flink. A bad value fails here, naming its key.
     */
    public void configure(ReadableConfig configuration) {
        Configuration given = Configuration.fromMap(configuration.toMap());
        EnvironmentConfiguration.apply(given, this);
        given.getOptional(ExecutionOptions.RUNTIME_MODE); // fails now on a bad value
        this.configuration.addAll(given);
    }

    /** Same as {@link #configure(ReadableConfig)}; the class loader is not used. */
    public void configure(ReadableConfig configuration, ClassLoader classLoader) {
        configure(configuration);
    }

    /** The keys given to {@link #configure} and the runtime mode. */
    public ReadableConfig getConfiguration() {
        return new Configuration(configuration);
    }

    /**
     * How the job runs its inputs ({@code execution.runtime-mode}): STREAMING (the default), BATCH
     * (bounded inputs processed as a whole: docs/semantics.md) or AUTOMATIC (BATCH when every source is
     * bounded).
     */
    public StreamExecutionEnvironment setRuntimeMode(RuntimeExecutionMode mode) {
        configuration.set(ExecutionOptions.RUNTIME_MODE, Objects.requireNonNull(mode, "runtime mode"));
        return this;
    }

    public ExecutionConfig getConfig() {
        return config;
    }

    /** Takes a checkpoint every {@code intervalMillis}, exactly once (docs/checkpoints.md). */
    public StreamExecutionEnvironment enableCheckpointing(long intervalMillis) {
        return enableCheckpointing(intervalMillis, io.tidemark.core.execution.CheckpointingMode.EXACTLY_ONCE);
    }

    /** Takes a checkpoint every {@code intervalMillis} in {@code mode}. */
    public StreamExecutionEnvironment enableCheckpointing(long intervalMillis, io.tidemark.core.execution.CheckpointingMode mode) {
        config.getCheckpointConfig().setCheckpointInterval(intervalMillis).setCheckpointingConsistencyMode(mode);
        return this;
    }

    /** The checkpoint settings: storage directory, retention, timeout, tolerable failures, what to restore. */
    public CheckpointConfig getCheckpointConfig() {
        return config.getCheckpointConfig();
    }

    /**
     * The default parallelism of operators (default 1). Each operator subtask runs on its own thread;
     * non-parallel sources (collections, sockets, a plain SourceFunction) always run at 1.
     */
    public StreamExecutionEnvironment setParallelism(int parallelism) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1: " + parallelism);
        }
        this.parallelism = parallelism;
        return this;
    }

    public int getParallelism() {
        return parallelism;
    }

    /**
     * The processing-time clock of jobs run by this environment (default: the system clock). Use a
     * {@link io.tidemark.time.ReplayClock} for deterministic replay or a
     * {@link io.tidemark.time.ManualClock} in tests.
     */
    public StreamExecutionEnvironment setClock(Clock clock) {
        this.clock = Objects.requireNonNull(clock);
        return this;
    }

    public Clock getClock() {
        return clock;
    }

    /**
     * Where keyed operators keep their state: the heap by default ({@code HashMapStateBackend}), or
     * tidemark-rocksdb's {@code EmbeddedRocksDBStateBackend} for state larger than memory. Flink 2
     * sets it through configuration ({@code state.backend.type}) only; Tidemark keeps Flink 1's
     * method beside that ({@code StateBackendLoader.fromConfig}).
     */
    public StreamExecutionEnvironment setStateBackend(StateBackend backend) {
        config.setStateBackend(backend);
        return this;
    }

    /** The job's state backend; null for the default, the heap. */
    public StateBackend getStateBackend() {
        return config.getStateBackend();
    }

    // ------------------------------------------------------------------ sources

    public <T> DataStreamSource<T> addSource(SourceFunction<T> function) {
        return addSource(function, "Custom Source");
    }

    public <T> DataStreamSource<T> addSource(SourceFunction<T> function, String sourceName) {
        return addSource(new SourceDescription.Function(function), sourceName);
    }

    private <T> DataStreamSource<T> addSource(SourceDescription description, String sourceName) {
        SourceTransformation<T> t = new SourceTransformation<>(sourceName, description);
        addTransformation(t);
        return new DataStreamSource<>(this, t);
    }

    /**
     * A source of several splits, each watermarked on its own with {@code watermarkStrategy} (timestamp
     * assigner, generator and idleness per split); the source emits the minimum over its active splits.
     */
    public <T> DataStreamSource<T> fromSource(SplitSourceFunction<T> source, WatermarkStrategy<T> watermarkStrategy,
            String sourceName) {
        return addSource(new SourceDescription.Splits(source, watermarkStrategy), sourceName);
    }

    /**
     * {@link #fromSource(SplitSourceFunction, WatermarkStrategy, String)} with each split sorted by
     * event time (Tidemark's extension): a split's records, once their timestamps are assigned, wait
     * in a reorder buffer of that split until the split's highest timestamp passes them by
     * {@code sortBuffer}, and reach the split's watermark generator (and the stream) in timestamp
     * order, ties in arrival order; so {@code forMonotonousTimestamps()} suits them. A record older
     * than the last one out of its split's buffer is late: it goes to the source's side output
     * {@code lateTag} ({@code getSideOutput(lateTag)}). A finished split, and the end of the input,
     * empty the buffers. The buffers are part of checkpoints. Memory: per split, the records of one
     * {@code sortBuffer} of that split's event time (docs/semantics.md).
     */
    public <T> DataStreamSource<T> fromSource(SplitSourceFunction<T> source, WatermarkStrategy<T> watermarkStrategy,
            String sourceName, Duration sortBuffer, OutputTag<T> lateTag) {
        Objects.requireNonNull(sortBuffer, "sort buffer");
        Objects.requireNonNull(lateTag, "late output tag");
        return addSource(new SourceDescription.Splits(source, watermarkStrategy,
                new OperatorDescription.Sort(sortBuffer.toMillis(), lateTag)), sourceName);
    }

    @SafeVarargs
    public final <T> DataStreamSource<T> fromElements(T... elements) {
        return fromCollection(Arrays.asList(elements));
    }

    /** Flink 2's name for {@link #fromElements}. */
    @SafeVarargs
    public final <T> DataStreamSource<T> fromData(T... elements) {
        return fromCollection(Arrays.asList(elements));
    }

    public <T> DataStreamSource<T> fromCollection(Collection<T> elements) {
        return addSource(new FromElementsFunction<>(elements), "Collection Source");
    }

    /** {@link #fromData(Object[])} with the records' type declared (see {@code returns}). */
    @SafeVarargs
    public final <T> DataStreamSource<T> fromData(TypeInformation<T> typeInfo, T... elements) {
        return typed(fromCollection(Arrays.asList(elements)), typeInfo);
    }

    /** {@link #fromData(Object[])} with the records' class declared. */
    @SafeVarargs
    public final <T> DataStreamSource<T> fromData(Class<T> type, T... elements) {
        return typed(fromCollection(Arrays.asList(elements)), TypeInformation.of(type));
    }

    /** {@link #fromData(Collection)} with the records' type declared. */
    public <T> DataStreamSource<T> fromData(Collection<T> data, TypeInformation<T> typeInfo) {
        return typed(fromCollection(data), typeInfo);
    }

    /** {@link #fromElements(Object[])} with the records' class declared. */
    @SafeVarargs
    public final <T> DataStreamSource<T> fromElements(Class<T> type, T... elements) {
        return typed(fromCollection(Arrays.asList(elements)), TypeInformation.of(type));
    }

    /** {@link #fromCollection(Collection)} with the records' type declared. */
    public <T> DataStreamSource<T> fromCollection(Collection<T> data, TypeInformation<T> typeInfo) {
        return typed(fromCollection(data), typeInfo);
    }

    private static <T> DataStreamSource<T> typed(DataStreamSource<T> source, TypeInformation<T> typeInfo) {
        source.returns(typeInfo);
        return source;
    }

    /** The same as {@link #fromData(Object[])} for a collection. */
    public <T> DataStreamSource<T> fromData(Collection<T> data) {
        return fromCollection(data);
    }

    /**
     * The numbers {@code from} to {@code to}, both included (a parallel source: each subtask reads a
     * consecutive part of the range; see {@link FromSequenceFunction}).
     */
    public DataStreamSource<Long> fromSequence(long from, long to) {
        return addSource(new FromSequenceFunction(from, to), "Sequence Source");
    }

    /** Lines of text read from a socket (newline-delimited). */
    public DataStreamSource<String> socketTextStream(String hostname, int port) {
        return socketTextStream(hostname, port, "\n");
    }

    public DataStreamSource<String> socketTextStream(String hostname, int port, String delimiter) {
        return addSource(new SocketTextStreamFunction(hostname, port, delimiter), "Socket Stream");
    }

    // ------------------------------------------------------------------ execution

    /** Registers a node of the pipeline; used by the stream classes. */
    public void addTransformation(Transformation<?> transformation) {
        transformations.add(transformation);
    }

    /** The pipeline built so far. */
    public List<Transformation<?>> getTransformations() {
        return List.copyOf(transformations);
    }

    public JobExecutionResult execute() throws Exception {
        return execute("Tidemark Job");
    }

    /** Runs the pipeline and waits for it to end; the result holds every operator's counters. */
    public JobExecutionResult execute(String jobName) throws Exception {
        JobClient client = executeAsync(jobName);
        try {
            return client.getJobExecutionResult();
        } catch (InterruptedException e) {
            client.cancel();
            throw e;
        }
    }

    /**
     * The pipeline built so far as JSON, in the layout of Flink's execution plan: its operators with
     * their names, parallelism and predecessors, and how records reach each (FORWARD, REBALANCE, HASH,
     * BROADCAST). Nothing runs.
     */
    public String getExecutionPlan() {
        return ExecutionPlan.of(transformations, parallelism);
    }

    /** {@link #executeAsync(String)} under the default job name. */
    public final JobClient executeAsync() throws Exception {
        return executeAsync("Tidemark Job");
    }

    /**
     * Starts the pipeline and returns at once, with a handle to watch or cancel it. The pipeline is
     * handed to the executor and cleared from this environment: build the next job on it afresh.
     */
    public JobClient executeAsync(String jobName) throws Exception {
        if (transformations.isEmpty()) {
            throw new IllegalStateException("no operators defined: add a source and a sink before execute()");
        }
        Pipeline pipeline = new Pipeline(jobName, transformations, config, clock, parallelism, new Configuration(configuration));
        transformations.clear();
        return getExecutor().execute(pipeline);
    }

    /**
     * Runs this environment's jobs on {@code executor} (another engine, e.g. the Flink runner's)
     * instead of the embedded engine. See {@link PipelineExecutors} to find an engine by name.
     */
    public StreamExecutionEnvironment setExecutor(PipelineExecutor executor) {
        this.executor = Objects.requireNonNull(executor, "executor");
        return this;
    }

    /** The executor jobs run on: the one set, else the embedded engine. */
    public PipelineExecutor getExecutor() {
        if (executor == null) {
            executor = PipelineExecutors.get(PipelineExecutors.EMBEDDED, java.util.Map.of());
        }
        return executor;
    }

}
