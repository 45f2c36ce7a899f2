package io.tidemark.crash;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.MapFunction;
import io.tidemark.connector.file.src.FileSource;
import io.tidemark.connector.file.src.reader.TextLineInputFormat;
import io.tidemark.core.fs.Path;
import io.tidemark.runtime.tasks.LocalJob;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.nio.file.Paths;
import java.time.Duration;

/**
 * The job the crash test kills: lines {@code key,timestamp} from a file, per key tumbling 1 s event-time
 * windows with 500 ms allowed lateness, results and late records each to an exactly-once
 * {@link PartFileSink}. With a checkpoint directory it checkpoints every 100 ms and resumes from the
 * latest completed checkpoint there. Prints a line on standard output every {@value #PROGRESS_EVERY}
 * records read, for the driver to kill it at a random point of its progress.
 *
 * <p>Arguments: {@code INPUT OUTPUT_DIR CHECKPOINT_DIR|- PARALLELISM [SOURCE]}; SOURCE is {@code file}
 * (the default): the lines of the file INPUT. Another source (Kafka: a topic filled with the same
 * lines) plugs in at {@link #source}.
 */
public final class CrashJob {

    static final int PROGRESS_EVERY = 2000;
    private static final OutputTag<String> LATE = new OutputTag<>("late") {};

    private CrashJob() {}

    public static void main(String[] args) throws Exception {
        java.nio.file.Path input = Paths.get(args[0]);
        java.nio.file.Path out = Paths.get(args[1]);
        String checkpoints = args[2];
        int parallelism = Integer.parseInt(args[3]);
        String sourceKind = args.length > 4 ? args[4] : "file";
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(parallelism);
        env.getConfig().setPerEventWatermarks(true);
        if (!checkpoints.equals("-")) {
            env.enableCheckpointing(100);
            env.getCheckpointConfig().setCheckpointStorage(checkpoints).setNumRetainedCheckpoints(2).setStateRecoveryPath(checkpoints);
        }
        WatermarkStrategy<String> strategy = WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofMillis(400))
                .withTimestampAssigner((line, t) -> Long.parseLong(line.substring(line.indexOf(',') + 1)));
        SingleOutputStreamOperator<String> windows = source(sourceKind, env, input, strategy)
                .setParallelism(1) // one source subtask: results are a function of the input
                .map(new Progress())
                .keyBy(line -> line.substring(0, line.indexOf(',')))
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .allowedLateness(Duration.ofMillis(500))
                .sideOutputLateData(LATE)
                .process(new Describe(true));
        windows.sinkTo(new PartFileSink(out.resolve("results")));
        windows.getSideOutput(LATE).sinkTo(new PartFileSink(out.resolve("late")));
        LocalJob job = (LocalJob) env.executeAsync("crash-job");
        if (job.getRestoredCheckpointId() >= 0) {
            System.err.println("restored from checkpoint " + job.getRestoredCheckpointId());
        }
        job.getJobExecutionResult();
    }

    /** The job's input: the lines {@code key,timestamp} of {@code input}, read by the source {@code kind}. */
    static io.tidemark.streaming.api.datastream.DataStreamSource<String> source(String kind, StreamExecutionEnvironment env,
            java.nio.file.Path input, WatermarkStrategy<String> strategy) {
        return switch (kind) {
            case "file" -> env.fromSource(FileSource.forRecordStreamFormat(new TextLineInputFormat(), new Path(input.toString())).build(),
                    strategy, "file");
            default -> throw new IllegalArgumentException("unknown source " + kind + " (file)");
        };
    }

    /** Passes records on; prints a progress line every {@value #PROGRESS_EVERY}. */
    private static final class Progress implements MapFunction<String, String> {
        private long n;

        @Override
        public String map(String value) {
            if (++n % PROGRESS_EVERY == 0) {
                System.out.println(n);
                System.out.flush();
            }
            return value;
        }
    }

    /** A window's key, start, count, sum of timestamps, and (if asked) the watermark it fired at. */
    public static final class Describe extends ProcessWindowFunction<String, String, String, TimeWindow> {
        private final boolean withWatermark;

        public Describe(boolean withWatermark) {
            this.withWatermark = withWatermark;
        }

        @Override
        public void process(String key, Context c, Iterable<String> elements, Collector<String> out) {
            long n = 0;
            long sum = 0;
            for (String e : elements) {
                n++;
                sum += Long.parseLong(e.substring(e.indexOf(',') + 1));
            }
            out.collect(key + "@" + c.window().getStart() + " n=" + n + " sum=" + sum + (withWatermark ? " wm=" + c.currentWatermark() : ""));
        }
    }
}
