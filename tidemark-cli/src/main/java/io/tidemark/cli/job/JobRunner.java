package io.tidemark.cli.job;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.io.Event;
import io.tidemark.runtime.metrics.OperatorMetrics;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.datastream.WindowedStream;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.windowing.Firing;
import io.tidemark.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.time.ReplayClock;
import io.tidemark.util.OutputTag;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

/**
 * Builds the job's pipeline and runs it on the embedded engine or on Flink ({@link Engine}):
 * <pre>
 * source (split source: per-split watermarks, idleness) → keyBy(key-by fields)
 *   → window(assigner).allowedLateness(..).sideOutputLateData(late) → aggregate(counts, sums…, process)
 *   → results sink;   late side output → late sink;   bad lines → dead letters (in the source)
 * </pre>
 * The final watermark and the maximum watermark lag of the summary are the window operator's run
 * metrics ({@code lastEventTimeWatermark}, {@code maxWatermarkLag}) on the embedded engine; Flink does
 * not report them to the command. Everything else is counted by the job's own source and sinks.
 */
public final class JobRunner {

    static final String WINDOW_OPERATOR = "window";
    static final String SOURCE = "source";
    static final String RESULTS_SINK = "results";
    static final String LATE_SINK = "late";

    private JobRunner() {}

    /**
     * Runs {@code job} on the embedded engine. Standard-out outputs and warnings go to {@code out} and
     * {@code err}; with {@code progress}, a file source shows a progress bar on {@code err}.
     */
    public static RunReport run(JobConfig job, int parallelism, PrintStream out, PrintStream err, boolean progress)
            throws Exception {
        return run(job, parallelism, out, err, progress, Engine.EMBEDDED);
    }

    /** Fails with {@link EngineUnavailableException} when {@code engine} cannot run here (Flink not on the class path). */
    public static void checkEngine(Engine engine) {
        if (engine.flink()) {
            FlinkEngine.check();
        }
    }

    /** Runs {@code job} on {@code engine}; see {@link #run(JobConfig, int, PrintStream, PrintStream, boolean)}. */
    public static RunReport run(JobConfig job, int parallelism, PrintStream out, PrintStream err, boolean progress,
            Engine engine) throws Exception {
        if (engine.flink()) {
            FlinkEngine.check(); // before any output is touched
        }
        // on a remote cluster the functions rebuild the run from the job file's text (another JVM)
        String jobText = engine.remote() ? Files.readString(job.jobFile(), StandardCharsets.UTF_8) : null;
        RunContext run = null;
        Thread bar = null;
        try {
            run = RunContext.start(job, out, err, !engine.remote());
            RunHandle handle = run.handle(jobText);
            ReplayClock clock = job.source().replay() ? new ReplayClock() : null;

            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
            env.setParallelism(parallelism);
            if (clock != null) {
                env.setClock(clock);
            }
            env.getConfig().setAutoWatermarkInterval(job.watermark().perEvent() ? 0L : job.watermark().interval().toMillis());

            // The source reads its input in order in one subtask, so its watermarks (and the replay
            // clock) follow the input alone; keyBy sends each key's records and every watermark down one
            // FIFO channel to the window subtask of that key, which thus sees what a parallelism-1 window
            // operator sees for the key: any parallelism gives the same multiset of outputs.
            DataStream<Event> events = env.fromSource(new LineSource(handle, clock), strategy(job), SOURCE).setParallelism(1);
            OutputTag<Event> lateTag = new OutputTag<>("late") {};
            WindowedStream<Event, List<String>, TimeWindow> windowed = events
                    .keyBy(Event::key)
                    .window(assigner(job.window()))
                    .allowedLateness(job.allowedLateness())
                    .sideOutputLateData(lateTag);
            SingleOutputStreamOperator<WindowResult> fired = windowed
                    .aggregate(new EventAggregate(job.aggregates()), new ResultWindowFunction(job.aggregates()))
                    .name(WINDOW_OPERATOR);
            fired.addSink(new Sinks.Results(handle)).name(RESULTS_SINK);
            fired.getSideOutput(lateTag).addSink(new Sinks.Late(handle)).name(LATE_SINK);

            if (progress && !engine.remote() && job.source().type() == JobConfig.SourceType.FILE
                    && !run.results.isStdout() && (run.late == null || !run.late.isStdout())
                    && (run.deadLetters == null || !run.deadLetters.isStdout())) {
                bar = Progress.start(run.stats, Files.size(job.source().path()), err);
            }
            long t0 = System.nanoTime();
            RunReport report;
            if (engine.flink()) {
                FlinkEngine.Outcome o = FlinkEngine.execute(env, job.name(), engine.flinkMaster(),
                        engine.remote() ? FlinkEngine.shipJars() : List.of());
                long wall = (System.nanoTime() - t0) / 1_000_000L;
                report = engine.remote() ? remoteReport(job, o, wall, engine) : flinkReport(job, run.stats, wall, engine);
            } else {
                JobExecutionResult result = env.execute(job.name());
                long wall = (System.nanoTime() - t0) / 1_000_000L;
                report = report(job, run.stats, result, wall);
            }
            if (bar != null) {
                Progress.stop(bar, err);
                bar = null;
            }
            return report;
        } finally {
            if (bar != null) {
                Progress.stop(bar, err);
            }
            if (run != null) {
                run.close();
            }
        }
    }

    static WatermarkStrategy<Event> strategy(JobConfig job) {
        JobConfig.Watermark w = job.watermark();
        WatermarkStrategy<Event> s = switch (w.strategy()) {
            case BOUNDED -> WatermarkStrategy.forBoundedOutOfOrderness(w.maxOutOfOrderness());
            case MONOTONOUS -> WatermarkStrategy.forMonotonousTimestamps();
            case NONE -> WatermarkStrategy.noWatermarks();
        };
        s = s.withTimestampAssigner((e, recordTimestamp) -> e.timestamp());
        if (w.idleness() != null) {
            s = s.withIdleness(w.idleness());
        }
        return s;
    }

    static WindowAssigner<Object, TimeWindow> assigner(JobConfig.Window w) {
        return switch (w.type()) {
            case TUMBLING -> TumblingEventTimeWindows.of(w.size(), w.offset());
            case SLIDING -> SlidingEventTimeWindows.of(w.size(), w.slide(), w.offset());
            case SESSION -> EventTimeSessionWindows.withGap(w.gap());
        };
    }

    private static RunReport report(JobConfig job, RunStats stats, JobExecutionResult result, long wall) {
        Map<String, Long> window = result.getOperatorMetrics(WINDOW_OPERATOR);
        long in = window.get(OperatorMetrics.NUM_RECORDS_IN);
        long late = stats.lateRecords.sum();
        long dropped = window.get(OperatorMetrics.NUM_LATE_RECORDS_DROPPED);
        long withoutWindow = window.get(OperatorMetrics.NUM_RECORDS_WITHOUT_WINDOW);
        // Tumbling and session windows hold each record once: the counts at each window's latest firing
        // add up to the records in windows. A sliding window holds a record several times, so there the
        // records in windows are what reached the window operator and were not late.
        long inResults = job.window().type() == JobConfig.WindowType.SLIDING
                ? in - late - dropped - withoutWindow
                : stats.sumOfFinalCounts();
        // the window operator's last input watermark before the end of input (minimum over its
        // subtasks), and the largest processing time − watermark at any of its input watermarks
        long finalWatermark = window.get(OperatorMetrics.LAST_EVENT_TIME_WATERMARK);
        long maxLag = window.get(OperatorMetrics.MAX_WATERMARK_LAG);
        return report(job, stats, in, inResults, dropped, finalWatermark, maxLag, wall, Engine.EMBEDDED);
    }

    /**
     * On Flink's local MiniCluster: the counts of the job's own source and sinks (in this JVM). Every
     * accepted record reaches the window operator; late records all go to the side output (none are
     * dropped); the built-in assigners put every record into a window. Watermarks: not reported.
     */
    private static RunReport flinkReport(JobConfig job, RunStats stats, long wall, Engine engine) {
        long in = stats.accepted.sum();
        long late = stats.lateRecords.sum();
        long inResults = job.window().type() == JobConfig.WindowType.SLIDING ? in - late : stats.sumOfFinalCounts();
        return report(job, stats, in, inResults, 0, Long.MIN_VALUE, -1, wall, engine);
    }

    private static RunReport report(JobConfig job, RunStats stats, long in, long inResults, long dropped,
            long finalWatermark, long maxLag, long wall, Engine engine) {
        long late = stats.lateRecords.sum();
        long onTime = stats.results(Firing.Timing.ON_TIME);
        long lateFirings = stats.results(Firing.Timing.LATE);
        long early = stats.results(Firing.Timing.EARLY);
        return new RunReport(job.name(), job.window().type(), stats.linesRead.sum(), stats.blankLines.sum(),
                stats.accepted.sum(), in, onTime + lateFirings + early, onTime, lateFirings, early, stats.windows(),
                inResults, late, dropped, stats.deadLetters(), stats.deadLetterTotal(), finalWatermark,
                maxLag, wall, engine);
    }

    /**
     * On a remote cluster the job's source and sinks count on the TaskManagers; only Flink's counters
     * reach the command: records the source emitted (accepted), results and late records the sinks got.
     */
    private static RunReport remoteReport(JobConfig job, FlinkEngine.Outcome o, long wall, Engine engine) {
        long accepted = o.counter(SOURCE, "numRecordsOut");
        long results = o.counter("Sink: " + RESULTS_SINK, "numRecordsIn"); // DataStreamSink.name prefixes "Sink: "
        long late = o.counter("Sink: " + LATE_SINK, "numRecordsIn");
        return new RunReport(job.name(), job.window().type(), RunReport.UNKNOWN, RunReport.UNKNOWN, accepted, accepted,
                results, RunReport.UNKNOWN, RunReport.UNKNOWN, RunReport.UNKNOWN, RunReport.UNKNOWN, RunReport.UNKNOWN,
                late, 0, Map.of(), RunReport.UNKNOWN, Long.MIN_VALUE, -1, wall, engine);
    }
}
