package io.tidemark.cli.job;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.io.Event;
import io.tidemark.cli.spi.OutputContext;
import io.tidemark.runtime.metrics.OperatorMetrics;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.time.ReplayClock;
import io.tidemark.util.OutputTag;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Builds the job's pipeline and runs it on the embedded engine or on Flink ({@link Engine}):
 * <pre>
 * source (split source: per-split watermarks, idleness; bad lines → dead letters; {@link SourceStage})
 *   [→ records in no window → dead letters, for sliding windows with gaps]
 *   → keyBy(key-by fields) → window(assigner).allowedLateness(..).sideOutputLateData(late)
 *   → aggregate(counts, sums…, process) → results sink;   late side output → late sink
 * </pre>
 * The source and the sinks send what they produce to this command over the run's links
 * ({@link RunServer}, {@link Link}); the command writes the outputs ({@link RunContext}) and counts.
 * The final watermark and the maximum watermark lag of the summary are the window operator's run
 * metrics on the embedded engine; Flink does not report them to the command.
 */
public final class JobRunner {

    static final String WINDOW_OPERATOR = "window";
    static final String SOURCE = "source";

    /** How long, after the job ended, its functions may take to deliver their last frames. */
    private static final long DELIVERY_MILLIS = 60_000;

    /**
     * How a run is done: where, at which parallelism, with which standard streams and signal hold;
     * {@code drain}: a stop writes the windows still open, marked DRAINED ({@link RunContext#stops}).
     */
    public record Options(int parallelism, PrintStream out, PrintStream err, boolean progress, Engine engine,
            RunControl control, Integer monitorPort, boolean fresh, boolean drain) {

        public Options(int parallelism, PrintStream out, PrintStream err, boolean progress, Engine engine, RunControl control,
                Integer monitorPort, boolean fresh) {
            this(parallelism, out, err, progress, engine, control, monitorPort, fresh, false);
        }

        /** Resuming from the job file's checkpoints, if any ({@code fresh}: from the beginning). */
        public Options(int parallelism, PrintStream out, PrintStream err, boolean progress, Engine engine, RunControl control,
                Integer monitorPort) {
            this(parallelism, out, err, progress, engine, control, monitorPort, false);
        }

        /** Without a monitor port of the command line's (the job file's {@code monitoring}, if any, applies). */
        public Options(int parallelism, PrintStream out, PrintStream err, boolean progress, Engine engine, RunControl control) {
            this(parallelism, out, err, progress, engine, control, null);
        }

        public static Options embedded(PrintStream out, PrintStream err) {
            return new Options(1, out, err, false, Engine.EMBEDDED, new RunControl());
        }

        /** Where the run's monitor serves: {@code --monitor-port} over the job file's {@code monitoring}; null for none. */
        JobConfig.Monitoring monitoring(JobConfig job) {
            JobConfig.Monitoring fromFile = job.monitoring();
            if (monitorPort == null) {
                return fromFile;
            }
            return new JobConfig.Monitoring(monitorPort, fromFile == null ? "127.0.0.1" : fromFile.bind());
        }
    }

    private JobRunner() {}

    /** The job file's latest checkpoint is the end of a finished run: there is nothing to resume. */
    public static final class AlreadyFinished extends RuntimeException {
        private static final long serialVersionUID = 1L;

        AlreadyFinished(String message) {
            super(message);
        }
    }

    /** Fails with {@link EngineUnavailableException} when {@code engine} cannot run here (Flink not on the class path). */
    public static void checkEngine(Engine engine) {
        if (engine.flink()) {
            FlinkEngine.check();
        }
    }

    /**
     * Runs {@code job}. Throws {@link RunFailedException} when the run failed (its outputs are then as
     * they were before it), {@link EngineUnavailableException} before anything is written when the
     * engine is missing.
     */
    public static RunReport run(JobConfig job, Options o) throws Exception {
        checkEngine(o.engine());
        JobWatermarks.checkEngine(job, o.engine());
        CsvColumns.check(job);
        String bound = BoundCheck.beforeRun(job);
        if (bound != null) {
            o.err().println("tidemark: warning: " + bound);
        }
        KafkaPreflight.job(job);
        InetAddress bind = bindAddress(o.engine());
        RunContext run = new RunContext(job, o.err());
        try (OutputLocks locks = OutputLocks.take(job)) {
            Resume.Plan plan = job.checkpoint() == null ? null : Resume.plan(job, o.parallelism(), o.fresh(), o.engine().flink(), o.err());
            try {
                return run(job, o, run, plan, bind);
            } finally {
                if (plan != null) {
                    plan.close();
                }
            }
        }
    }

    private static RunReport run(JobConfig job, Options o, RunContext run, Resume.Plan plan, InetAddress bind) throws Exception {
        if (plan != null) {
            run.stageIn(plan.outputs(), plan.from() == null, m -> o.err().println("tidemark: " + m));
        } else {
            run.stops(o.control()::cutsWindows, o.drain());
        }
        int links = 1 + 2 * o.parallelism() + (job.window().hasGaps() ? 1 : 0);
        try {
            run.open(o.out());
        } catch (IOException e) {
            throw new RunFailedException(e.getMessage(), e, List.of());
        }
        OutputFlusher flusher = null;
        Thread bar = null;
        Monitor monitor = null;
        boolean settled = false; // the outputs committed or put back
        try (RunServer server = new RunServer(bind, run)) {
            run.onFailure(server::close); // the job's functions lose their links and fail
            LinkAddress link = server.address(bind.getHostAddress());
            Pipeline p = pipeline(job, o.parallelism(), link, plan);
            StreamExecutionEnvironment env = p.env();
            CheckpointStop atCheckpoint = plan == null ? null : new CheckpointStop(run, links, o.err(), !plan.flink() ? null : () -> {
                try {
                    io.tidemark.runtime.checkpoint.CheckpointStorage.Loaded kept = Resume.latestFlink(plan.storage());
                    return kept == null ? -1 : kept.id();
                } catch (IOException e) {
                    return -1;
                }
            });
            if (atCheckpoint != null) {
                o.control().stopsAtCheckpoint(plan.flink());
            } else if (o.drain()) {
                o.control().drains();
            }
            o.control().bind(atCheckpoint != null ? atCheckpoint::request : () -> {
                server.stopSources();
                p.stopSource().run();
            }, run::failed);
            flusher = new OutputFlusher("tidemark-output-flusher", RunContext.FLUSH_MILLIS / 4, run::flushDue);
            java.util.concurrent.atomic.AtomicReference<io.tidemark.core.execution.JobClient> live = new java.util.concurrent.atomic.AtomicReference<>();
            if (o.progress() && job.outputs().results() != null && !job.outputs().results().stdout()) {
                String file = job.source().spec().file();
                bar = Progress.start(run.stats, file == null ? -1 : Files.size(Path.of(file)),
                        () -> Progress.watermark(live.get(), lagMeans(job), env.getClock()), o.err());
            }
            long t0 = System.nanoTime();
            JobExecutionResult embedded = null;
            Throwable failed = null;
            try {
                if (o.engine().flink()) {
                    if (o.monitoring(job) != null) {
                        o.err().println("monitoring: not on the Flink engine; Flink's web UI and metric reporters show the same "
                                + "metrics under Flink's names (docs/monitoring.md)");
                    }
                    io.tidemark.core.execution.JobClient client = FlinkEngine.start(env, job.name(), o.engine().flinkMaster(),
                            o.engine().remote() ? FlinkEngine.shipJars() : List.of());
                    if (atCheckpoint != null) {
                        atCheckpoint.started(client);
                    }
                    try {
                        client.getJobExecutionResult();
                    } catch (InterruptedException x) {
                        client.cancel();
                        throw x;
                    }
                } else {
                    io.tidemark.core.execution.JobClient client = env.executeAsync(job.name());
                    o.control().started(client);
                    if (atCheckpoint != null) {
                        atCheckpoint.started(client);
                    }
                    live.set(client);
                    JobConfig.Monitoring m = o.monitoring(job);
                    if (m != null) {
                        try {
                            monitor = Monitor.start(client, m, env.getClock(), run.stats::deadLetters, o.err());
                        } catch (RunFailedException x) {
                            client.cancel();
                            throw x;
                        }
                    }
                    try {
                        embedded = client.getJobExecutionResult();
                    } catch (InterruptedException x) {
                        client.cancel();
                        throw x;
                    }
                }
            } catch (Exception | Error e) {
                failed = e;
            }
            long wall = (System.nanoTime() - t0) / 1_000_000L;
            // on Flink, a job that ended well was not stopped, whatever the stop asked
            long stoppedAt = atCheckpoint == null || failed == null && o.engine().flink() ? -1 : atCheckpoint.stoppedAt();
            if (stoppedAt >= 0) {
                // stopped at a checkpoint: the job was cancelled after it; what was committed stays for the next run
                o.control().unbind();
                settled = true;
                run.suspend();
                o.err().println("tidemark: stopped at checkpoint " + stoppedAt + " in " + plan.storage()
                        + ": the next tidemark run resumes from it");
                RunReport.Counts at = run.stats.countsAt(stoppedAt, sliding(job));
                if (at != null) {
                    return report(job, run, at, null, wall, o, "stopped at checkpoint " + stoppedAt
                            + ": the counts are the job's as of it; the next run resumes from it", stoppedAt);
                }
                return report(job, run, run.stats.counts(sliding(job)), null, wall, o, "stopped at checkpoint " + stoppedAt
                        + ": the next run resumes from it; the counts are this run's, up to the stop (those at the checkpoint "
                        + "are no longer known)", -1);
            }
            if (failed == null && run.failure() == null && !server.awaitEnded(links, DELIVERY_MILLIS) && run.failure() == null) {
                failed = new IOException("the job ended but its functions did not deliver everything within "
                        + DELIVERY_MILLIS / 1000 + " s");
            }
            o.control().unbind();
            flusher.close();
            flusher = null;
            if (monitor != null) {
                monitor.close();
                monitor = null;
            }
            if (bar != null) {
                Progress.stop(bar, o.err());
                bar = null;
            }
            Throwable cause = run.failure() != null ? run.failure() : failed;
            if (cause != null) {
                settled = true;
                List<String> kept = run.abort();
                throw new RunFailedException(describe(cause) + (plan == null ? "" : "\n  the file outputs keep what the last completed "
                        + "checkpoint committed: the next tidemark run resumes from it"), cause, kept);
            }
            try {
                settled = true;
                run.commit();
                if (plan != null && plan.flink()) {
                    Resume.finished(plan);
                }
            } catch (IOException e) {
                throw new RunFailedException(e.getMessage() + (plan == null ? "" : "\n  what was committed stays; the next tidemark "
                        + "run finishes the commits and checks the outputs again"), e, run.abort());
            }
            boolean finishedBefore = plan != null && plan.from() != null && plan.from().finished();
            if (finishedBefore) {
                List<String> delivered = run.delivered();
                o.err().println("tidemark: the outputs are complete: each holds everything the job's final checkpoint committed "
                        + "(checked against its commit record)" + (delivered.isEmpty() ? "; nothing was left to commit"
                                : "; this run finished the commits a failed run left undone: " + String.join(", ", delivered)));
            }
            return report(job, run, run.stats.counts(sliding(job)), embedded, wall, o, plan == null || plan.from() == null ? null
                    : finishedBefore ? "the job had finished at checkpoint " + plan.from().id() + ": the counts are the whole job's"
                    : "resumed from checkpoint " + plan.from().id() + ": the counts are the whole job's (the checkpoint's and this "
                            + "run's); events/s this run's", -1);
        } finally {
            if (!settled) {
                run.abort(); // the run could not even start (or the command is going down): nothing half-written stays
            }
            o.control().unbind();
            if (flusher != null) {
                flusher.close();
            }
            if (bar != null) {
                Progress.stop(bar, o.err());
            }
            if (monitor != null) {
                monitor.close();
            }
        }
    }

    /**
     * The job's environment, and how the command's stop ends its source where the source's link cannot
     * (a Kafka source on the embedded engine ends its input when cancelled by the command; elsewhere
     * nothing: the link's stop does it).
     */
    record Pipeline(StreamExecutionEnvironment env, Runnable stopSource) {}

    /** The job without checkpoints. */
    static Pipeline pipeline(JobConfig job, int parallelism, LinkAddress link) {
        return pipeline(job, parallelism, link, null);
    }

    /**
     * The job: the source, the windows and the sinks, linked to the command at {@code link}; with
     * {@code plan}, taking checkpoints into its folder and restoring its checkpoint.
     */
    static Pipeline pipeline(JobConfig job, int parallelism, LinkAddress link, Resume.Plan plan) {
        ReplayClock clock = job.source().replay() ? new ReplayClock() : null;
        StreamExecutionEnvironment env = JobStreams.environment(job, parallelism, clock);
        if (plan != null) {
            env.enableCheckpointing(job.checkpoint().interval().toMillis());
            env.getCheckpointConfig().setCheckpointStorage(plan.storage().toString())
                    .setNumRetainedCheckpoints(job.checkpoint().retain());
            if (plan.from() != null) {
                env.getCheckpointConfig().setStateRecoveryPath(plan.from().directory().toString());
            }
        }
        SourceStage source = SourceStage.of(env, job, link, clock, plan != null);
        DataStream<Event> events = source.events();
        if (job.window().hasGaps()) {
            SingleOutputStreamOperator<Event> inWindows = events.process(new NoWindowSplitter(job.window()))
                    .name("no-window").setParallelism(1);
            inWindows.getSideOutput(NoWindowSplitter.TAG).addSink(new Sinks.NoWindow(link, job.window()))
                    .name("no-window-sink").setParallelism(1);
            events = inWindows;
        }
        JobStreams.Windows windows = JobStreams.windows(job, events);
        SingleOutputStreamOperator<io.tidemark.cli.data.WindowResult> fired = windows.results();
        fired.addSink(new Sinks.Results(link)).name("results");
        DataStream<Event> late = windows.late();
        (source.late() == null ? late : late.union(source.late())).addSink(new Sinks.Late(link, job.window())).name("late");
        return new Pipeline(env, source.stop());
    }

    /** The watermark strategy of the job file's {@code watermark} section {@code w} ({@link JobWatermarks}). */
    public static <T> WatermarkStrategy<T> strategy(JobConfig.Watermark w,
            io.tidemark.api.common.eventtime.SerializableTimestampAssigner<T> time) {
        return JobWatermarks.strategy(w, time);
    }

    /** What output {@code role} of {@code job} knows when it opens. */
    public static OutputContext outputContext(JobConfig job, OutputContext.Role role, Supplier<String> inputHeader,
            PrintStream stdout) {
        return new OutputContext(role, job.keyBy(), job.aggregates().stream().map(a -> a.outputName()).toList(),
                job.window().type() == JobConfig.WindowType.SESSION,
                job.source().format().name().toLowerCase(Locale.ROOT), inputHeader, stdout);
    }

    static WindowAssigner<Object, TimeWindow> assigner(JobConfig.Window w) {
        return switch (w.type()) {
            case TUMBLING -> TumblingEventTimeWindows.of(w.size(), w.offset());
            case SLIDING -> SlidingEventTimeWindows.of(w.size(), w.slide(), w.offset());
            case SESSION -> EventTimeSessionWindows.withGap(w.gap());
        };
    }

    /** Where the command listens for the job's functions: the loopback, or the address that reaches a remote cluster. */
    private static InetAddress bindAddress(Engine e) throws IOException, RunFailedException {
        if (!e.remote()) {
            return InetAddress.getLoopbackAddress();
        }
        String host = System.getProperty(LINK_HOST_PROPERTY);
        if (host != null) {
            return InetAddress.getByName(host);
        }
        int at = e.flinkMaster().lastIndexOf(':');
        try (Socket probe = new Socket()) {
            probe.connect(new InetSocketAddress(e.flinkMaster().substring(0, at), Integer.parseInt(e.flinkMaster().substring(at + 1))),
                    10_000);
            return probe.getLocalAddress();
        } catch (IOException x) {
            throw new RunFailedException("--flink-master " + e.flinkMaster() + " cannot be reached: " + x.getMessage(), x, List.of());
        }
    }

    /** The address a remote cluster's TaskManagers reach this command at, when the one found is not right. */
    public static final String LINK_HOST_PROPERTY = "tidemark.link.host";

    private static boolean sliding(JobConfig job) {
        return job.window().type() == JobConfig.WindowType.SLIDING;
    }

    /**
     * The run's report with {@code counts} (now, or as of the checkpoint {@code stoppedAt} when not -1),
     * {@code checkpoints} saying how they relate to the checkpoints.
     */
    private static RunReport report(JobConfig job, RunContext run, RunReport.Counts counts, JobExecutionResult result, long wall,
            Options o, String checkpoints, long stoppedAt) {
        RunStats stats = run.stats;
        SourceCounts source = stats.source();
        boolean sliding = sliding(job);
        RunReport.Watermarks w;
        if (result == null) {
            String why = o.engine().flink() ? "n/a on flink" : "n/a: the run stopped at a checkpoint";
            w = new RunReport.Watermarks(null, null, why, why);
        } else {
            Map<String, Long> window = result.getOperatorMetrics(WINDOW_OPERATOR);
            long last = window.get(OperatorMetrics.LAST_EVENT_TIME_WATERMARK);
            boolean lagMeans = lagMeans(job) && (job.source().replay() || last != Long.MIN_VALUE
                    && Math.abs(System.currentTimeMillis() - last) <= job.eventTime().maxFuture().toMillis());
            w = new RunReport.Watermarks(last, lagMeans ? window.get(OperatorMetrics.MAX_WATERMARK_LAG) : null, null,
                    job.source().spec().live()
                            ? "n/a: the data's times are far from the wall clock (historical data on a live source)"
                            : "n/a: without replay, processing time is the wall clock, which historical data does not follow "
                                    + "(set source.arrival-time-field to replay)");
        }
        String stopped = o.control().stoppedBy();
        return new RunReport(job.name(), o.engine(), sliding, counts, w, wall, stopped,
                stopped == null ? source.endReason() : null, job.deadLetterLimit(), checkpoints, stoppedAt, stats.restoredRecords(),
                run.notes(), BoundCheck.afterRun(job, stats.minWindowStart(), stats.maxWindowEnd()));
    }

    /**
     * Whether processing time − watermark (the lag) can mean something for {@code job}: where processing
     * time is the data's clock, in replay, or for a live source (whose data's times are then checked to
     * be near the wall clock).
     */
    static boolean lagMeans(JobConfig job) {
        return job.source().replay() || job.source().spec().live();
    }

    /** The message of {@code e} and its causes, without stack traces. */
    public static String describe(Throwable e) {
        StringBuilder sb = new StringBuilder();
        String last = null;
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String m = t.getMessage() == null ? t.getClass().getName() : t instanceof Error ? t.getClass().getName() + ": " + t.getMessage()
                    : t.getMessage();
            if (last == null || !last.contains(m)) {
                if (sb.length() > 0) {
                    sb.append("\n  caused by: ");
                }
                sb.append(m);
            }
            last = m;
        }
        return sb.toString();
    }

}
