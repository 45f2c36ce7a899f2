package io.tidemark.cli.job;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.OutputSpec;
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
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

/**
 * Builds the job's pipeline on the embedded engine and runs it:
 * <pre>
 * source (split source: per-split watermarks, idleness) → watermark probe → keyBy(key-by fields)
 *   → window(assigner).allowedLateness(..).sideOutputLateData(late) → aggregate(counts, sums…, process)
 *   → results sink;   late side output → late sink;   bad lines → dead letters (in the source)
 * </pre>
 */
public final class JobRunner {

    static final String WINDOW_OPERATOR = "window";

    private JobRunner() {}

    /**
     * Runs {@code job}. Standard-out outputs and warnings go to {@code out} and {@code err}; with
     * {@code progress}, a file source shows a progress bar on {@code err}.
     */
    public static RunReport run(JobConfig job, int parallelism, PrintStream out, PrintStream err, boolean progress)
            throws Exception {
        OutputChannel results = null;
        OutputChannel late = null;
        OutputChannel dead = null;
        RunContext run = null;
        Thread bar = null;
        try {
            results = open(job.results(), out);
            late = job.late() == null ? null : open(job.late(), out);
            dead = job.deadLetter() == null ? null : open(job.deadLetter(), out);
            if (job.results().type() == OutputSpec.Type.CSV) {
                results.writeLine(Formats.resultHeader(job.keyBy(), job.aggregates()));
            }
            if (job.deadLetter() != null && job.deadLetter().type() == OutputSpec.Type.CSV) {
                dead.writeLine(Formats.deadLetterHeader());
            }
            ReplayClock clock = job.source().replay() ? new ReplayClock() : null;
            run = new RunContext(job, results, late, dead, clock, err);

            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
            env.setParallelism(parallelism);
            if (clock != null) {
                env.setClock(clock);
            }
            env.getConfig().setAutoWatermarkInterval(job.watermark().perEvent() ? 0L : job.watermark().interval().toMillis());

            String runId = run.id();
            // The source reads its input in order in one subtask, so its watermarks (and the replay
            // clock) follow the input alone; keyBy sends each key's records and every watermark down one
            // FIFO channel to the window subtask of that key, which thus sees what a parallelism-1 window
            // operator sees for the key: any parallelism gives the same multiset of outputs.
            DataStream<Event> events = env.fromSource(new LineSource(runId), strategy(job), "source").setParallelism(1);
            SingleOutputStreamOperator<Event> probed = events.transform("watermark probe",
                    () -> new Sinks.WatermarkProbe(runId), null).setParallelism(1);
            OutputTag<Event> lateTag = new OutputTag<>("late") {};
            WindowedStream<Event, List<String>, TimeWindow> windowed = probed
                    .keyBy(Event::key)
                    .window(assigner(job.window()))
                    .allowedLateness(job.allowedLateness())
                    .sideOutputLateData(lateTag);
            SingleOutputStreamOperator<WindowResult> fired = windowed
                    .aggregate(new EventAggregate(job.aggregates()), new ResultWindowFunction(job.aggregates()))
                    .name(WINDOW_OPERATOR);
            fired.addSink(new Sinks.Results(runId));
            fired.getSideOutput(lateTag).addSink(new Sinks.Late(runId));

            if (progress && job.source().type() == JobConfig.SourceType.FILE && !results.isStdout()
                    && (late == null || !late.isStdout()) && (dead == null || !dead.isStdout())) {
                bar = Progress.start(run.stats, Files.size(job.source().path()), err);
            }
            long t0 = System.nanoTime();
            JobExecutionResult result = env.execute(job.name());
            long wall = (System.nanoTime() - t0) / 1_000_000L;
            if (bar != null) {
                Progress.stop(bar, err);
                bar = null;
            }
            return report(job, run.stats, result, wall);
        } finally {
            if (bar != null) {
                Progress.stop(bar, err);
            }
            if (run != null) {
                run.close();
            }
            closeAll(results, late, dead);
        }
    }

    private static OutputChannel open(OutputSpec spec, PrintStream out) throws IOException {
        return spec.type() == OutputSpec.Type.STDOUT ? OutputChannel.stdout(out) : OutputChannel.file(spec.path());
    }

    private static void closeAll(OutputChannel... channels) throws IOException {
        IOException first = null;
        for (OutputChannel c : channels) {
            if (c != null) {
                try {
                    c.close();
                } catch (IOException e) {
                    first = first == null ? e : first;
                }
            }
        }
        if (first != null) {
            throw first;
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
        long onTime = stats.results(Firing.Timing.ON_TIME);
        long lateFirings = stats.results(Firing.Timing.LATE);
        long early = stats.results(Firing.Timing.EARLY);
        return new RunReport(job.name(), job.window().type(), stats.linesRead.sum(), stats.blankLines.sum(),
                stats.accepted.sum(), in, onTime + lateFirings + early, onTime, lateFirings, early, stats.windows(),
                inResults, late, dropped, stats.deadLetters(), stats.deadLetterTotal(), stats.finalWatermark(),
                stats.maxLag(), wall);
    }
}
