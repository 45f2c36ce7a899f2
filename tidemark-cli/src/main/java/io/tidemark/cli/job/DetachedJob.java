package io.tidemark.cli.job;

import io.tidemark.cli.config.ConfigException;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.JobKeys;
import io.tidemark.cli.data.DeadLetter;
import io.tidemark.cli.data.OutputRecord;
import io.tidemark.cli.data.WindowResult;
import io.tidemark.cli.io.Event;
import io.tidemark.cli.source.KafkaSourceType;
import io.tidemark.cli.spi.OutputContext;
import io.tidemark.cli.spi.OutputSpec;
import io.tidemark.connector.kafka.source.KafkaSource;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A job file's job that writes its own outputs from the Flink cluster it runs on, so that it runs on when
 * the command is gone: {@code tidemark run --detach --engine flink --flink-master HOST:PORT job.yaml}
 * submits it and returns with Flink's job id. Everything the command otherwise does over its links
 * ({@link JobRunner}) is in the job:
 * <pre>
 * Kafka source (p 1) → router (events; dead letters → dead-letter sink)
 *   → keyBy → window (p) → results sink;   late side output → late records → late sink
 * </pre>
 * Each output is written by its type's sink on the cluster ({@link OutputSpec#sinkOnCluster}): Kafka
 * (a transaction per checkpoint and subtask: exactly once for {@code read_committed} readers) and JDBC
 * (upserts by key, flushed at each checkpoint: the table ends as one delivery leaves it). A file output is
 * refused: it would land on the TaskManagers' disks.
 *
 * <p>The job needs {@code checkpoint:}: Flink's checkpoints every {@code checkpoint.interval} into
 * {@code checkpoint.dir/detached/<job id>/chk-<n>} (a directory the JobManager and every TaskManager see),
 * retained when the job is cancelled; Flink's restart strategy {@code exponential-delay} restores the latest
 * one after a failure (a TaskManager lost), with the watermark the job had reached (the runner's
 * watermark floor). A job stopped with a savepoint ({@code tidemark stop --savepoint}) resumes with
 * {@code --from-savepoint DIR} (in Flink's NO_CLAIM mode: the savepoint stays the user's). The operators
 * carry uids, so a savepoint maps onto the same job file's job again.
 */
public final class DetachedJob {

    /** The folder of a detached job's checkpoints under {@code checkpoint.dir}. */
    static final String CHECKPOINTS = "detached";

    private DetachedJob() {}

    /**
     * Submits {@code job} at {@code parallelism} to the cluster of {@code engine}, restoring {@code savepoint}
     * (null: from the beginning); returns Flink's job id. Refusals (exit code 2) come before anything is
     * submitted.
     */
    public static String submit(JobConfig job, int parallelism, Engine engine, String fromSavepoint) throws Exception {
        Path savepoint = fromSavepoint == null ? null : snapshot(fromSavepoint);
        if (!engine.remote()) {
            throw new ConfigException("--detach", "only with --engine flink --flink-master HOST:PORT: a job runs on without "
                    + "the command only on a cluster of its own");
        }
        JobWatermarks.checkEngine(job, engine);
        CsvColumns.check(job);
        StreamExecutionEnvironment env = pipeline(job, parallelism, savepoint);
        JobRunner.checkEngine(engine);
        Map<String, String> flink = new LinkedHashMap<>();
        // Flink's own default with checkpoints (1 s, doubling to 1 min, without end): a lost TaskManager costs a restart
        flink.put("flink.restart-strategy.type", "exponential-delay");
        if (savepoint != null) {
            flink.put("flink.execution.state-recovery.claim-mode", "NO_CLAIM");
        }
        long before = System.currentTimeMillis();
        FlinkEngine.start(env, job.name(), engine.flinkMaster(), FlinkEngine.shipJars(), flink);
        // the engine's job client names no job id here: the cluster's newest job of this name, started since
        return new FlinkRest(engine.flinkMaster()).jobs().stream()
                .filter(j -> j.name().equals(job.name()) && j.startTime() >= before - 60_000).findFirst()
                .map(FlinkRest.Job::id)
                .orElseThrow(() -> new java.io.IOException("job '" + job.name() + "' was submitted but " + engine.flinkMaster()
                        + " does not list it"));
    }

    /**
     * The savepoint or checkpoint {@code --from-savepoint} names (a path, or a {@code file:} URI as Flink prints it):
     * a folder with Flink's {@code _metadata}, or one holding complete checkpoints (the latest is taken). Anything
     * else is refused: Flink would start the job from nothing and write its outputs a second time.
     */
    static Path snapshot(String given) {
        Path p;
        try {
            p = given.startsWith("file:") ? Path.of(java.net.URI.create(given)) : Path.of(given);
        } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            throw new ConfigException("--from-savepoint", "expected a path or a file: URI, got '" + given + "'");
        }
        if (!java.nio.file.Files.isRegularFile(p.resolve("_metadata"))
                && io.tidemark.runtime.checkpoint.FlinkCheckpointDirectories.latest(p).isEmpty()) {
            throw new ConfigException("--from-savepoint", "no savepoint or complete checkpoint in " + p + " (Flink's _metadata): "
                    + "the path tidemark stop --savepoint printed, or a chk-N folder of the job's retained checkpoints");
        }
        return p.toAbsolutePath();
    }

    /** The job writing its own outputs; {@code savepoint}: the state to start from (null: none). */
    static StreamExecutionEnvironment pipeline(JobConfig job, int parallelism, Path savepoint) {
        if (!(job.source().spec() instanceof KafkaSourceType.Spec k)) {
            throw new ConfigException(JobKeys.SOURCE_TYPE.path(), "--detach runs a job with a Kafka source only: a "
                    + job.source().spec().type() + " source is read through the command (run it without --detach)");
        }
        if (job.source().sortBuffer() != null) {
            throw new ConfigException(JobKeys.SORT_BUFFER.path(), "--detach does not sort a Kafka source's partitions yet: run "
                    + "the job without --detach, or without source.sort");
        }
        if (job.checkpoint() == null) {
            throw new ConfigException("--detach", "a detached job needs the job file's checkpoint: section — its progress and "
                    + "its outputs' transactions live in the checkpoints; without them a failure would start it over");
        }
        StreamExecutionEnvironment env = JobStreams.environment(job, parallelism, null);
        env.enableCheckpointing(job.checkpoint().interval().toMillis());
        env.getCheckpointConfig().setCheckpointStorage(job.checkpoint().dir().resolve(CHECKPOINTS).toAbsolutePath().toString())
                .setNumRetainedCheckpoints(job.checkpoint().retain());
        if (savepoint != null) {
            env.getCheckpointConfig().setStateRecoveryPath(savepoint.toAbsolutePath().toString());
        }
        KafkaSource<Object> kafka = k.source(new KafkaLines(job));
        SingleOutputStreamOperator<Event> events = env.fromSource(kafka,
                        JobWatermarks.strategy(job, (item, kafkaTimestamp) -> KafkaLines.timestamp(item)), JobRunner.SOURCE)
                .uid(JobRunner.SOURCE).setParallelism(1)
                .process(new Router()).name(JobRunner.SOURCE + "-router").uid(JobRunner.SOURCE + "-router").setParallelism(1);
        DataStream<OutputRecord> dead = events.getSideOutput(Router.DEAD);
        DataStream<Event> windowed = events;
        if (job.window().hasGaps()) {
            SingleOutputStreamOperator<Event> inWindows = events.process(new NoWindowSplitter(job.window()))
                    .name("no-window").uid("no-window").setParallelism(1);
            dead = dead.union(inWindows.getSideOutput(NoWindowSplitter.TAG).process(new NoWindow(job.window()))
                    .name("no-window-letters").uid("no-window-letters").setParallelism(1));
            windowed = inWindows;
        }
        JobStreams.Windows windows = JobStreams.windows(job, windowed);
        windows.results().uid(JobRunner.WINDOW_OPERATOR);
        sink(job, OutputContext.Role.RESULTS, windows.results().process(new Results()).name("results").uid("results"));
        sink(job, OutputContext.Role.LATE, windows.late().process(new LateRecords(job.window())).name("late").uid("late"));
        sink(job, OutputContext.Role.DEAD_LETTER, dead);
        return env;
    }

    /** Output {@code role} of the job written from the cluster; refused (before anything runs) when it cannot be. */
    private static void sink(JobConfig job, OutputContext.Role role, DataStream<OutputRecord> records) {
        OutputSpec spec = job.outputs().get(role);
        if (spec == null) {
            return;
        }
        if (!spec.sinkOnCluster(records, JobRunner.outputContext(job, role, () -> null, null))) {
            throw new ConfigException(role.key(), "a detached job writes its outputs from the cluster, and a " + spec.type()
                    + " output cannot be written there" + (spec.file() != null ? ": " + spec.file() + " would be written on the "
                    + "TaskManagers' disks, a part on each" : "") + "; use a kafka or jdbc output, or run without --detach "
                    + "(the command then writes it)");
        }
    }

    /** Right after the Kafka source: events on, dead letters to the side output {@link #DEAD}, empty records dropped. */
    static final class Router extends ProcessFunction<Object, Event> {
        private static final long serialVersionUID = 1L;
        static final OutputTag<OutputRecord> DEAD = new OutputTag<>("dead-letters") {};

        @Override
        public void processElement(Object item, Context ctx, Collector<Event> out) {
            if (item instanceof Event e) {
                out.collect(e);
            } else if (item instanceof DeadLetter d) {
                ctx.output(DEAD, d);
            }
        }
    }

    /** Window results as output records. */
    static final class Results extends ProcessFunction<WindowResult, OutputRecord> {
        private static final long serialVersionUID = 1L;

        @Override
        public void processElement(WindowResult r, Context ctx, Collector<OutputRecord> out) {
            out.collect(r);
        }
    }

    /** Late events as late records, with the watermark here (the one the command's late sink reads) and the windows missed. */
    static final class LateRecords extends ProcessFunction<Event, OutputRecord> {
        private static final long serialVersionUID = 1L;
        private final WindowAssigner<Object, TimeWindow> assigner;

        LateRecords(JobConfig.Window window) {
            this.assigner = JobRunner.assigner(window);
        }

        @Override
        public void processElement(Event e, Context ctx, Collector<OutputRecord> out) {
            out.collect(Sinks.late(assigner, e, ctx.timerService().currentProcessingTime(), ctx.timerService().currentWatermark()));
        }
    }

    /** Events between sliding windows as dead letters. */
    static final class NoWindow extends ProcessFunction<Event, OutputRecord> {
        private static final long serialVersionUID = 1L;
        private final JobConfig.Window window;

        NoWindow(JobConfig.Window window) {
            this.window = window;
        }

        @Override
        public void processElement(Event e, Context ctx, Collector<OutputRecord> out) {
            out.collect(Sinks.noWindow(window, e));
        }
    }
}
