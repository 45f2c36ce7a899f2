package io.tidemark.runtime.tasks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.crash.CrashJob;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.datastream.KeyedStream;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.KeyedProcessFunction;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A checkpoint taken at parallelism 2 restores at parallelism 1 and at 4 (rescaling, as Flink's key
 * groups allow): keyed state, event-time timers and the windows of three window operators (tumbling with
 * lateness and a late side output, sliding slices, sessions) and a keyed process function's value
 * state and timers go to the subtasks that own their keys now; a parallel split source's splits and positions
 * go to the subtasks that read them now. Each run ends with exactly a fault-free run's results.
 */
class RescaledRestoreTest {

    private static final OutputTag<String> LATE = new OutputTag<>("late") {};
    private static final AtomicInteger RUNS = new AtomicInteger();

    @TempDir
    java.nio.file.Path dir;

    /** Lines {@code key,timestamp}: 40 keys, time rising with jitter; late records only if {@code late}. */
    private java.nio.file.Path input(String name, int files, int lines, long seed, boolean late) throws IOException {
        java.nio.file.Path in = Files.createDirectories(dir.resolve(name));
        Random r = new Random(seed);
        for (int f = 0; f < files; f++) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < lines; i++) {
                long ts = i * 10L + r.nextInt(300) - (late && r.nextInt(50) == 0 ? 3000 : 0);
                sb.append("k").append(r.nextInt(40)).append(',').append(ts).append('\n');
            }
            Files.writeString(in.resolve("part-" + f + ".csv"), sb);
        }
        return in;
    }

    /** Sum and count per key; a timer one second after each record's second emits the running sum. */
    static final class RunningSum extends KeyedProcessFunction<String, String, String> {
        @Override
        public void processElement(String line, Context ctx, Collector<String> out) throws Exception {
            ValueState<Long> sum = getRuntimeContext().getState(new ValueStateDescriptor<>("sum", Long.class, 0L));
            sum.update(sum.value() + ctx.timestamp());
            ctx.timerService().registerEventTimeTimer(ctx.timestamp() / 1000 * 1000 + 1999);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) throws Exception {
            out.collect(ctx.getCurrentKey() + "@" + timestamp + " sum="
                    + getRuntimeContext().getState(new ValueStateDescriptor<>("sum", Long.class, 0L)).value());
        }
    }

    /** Count and sum of the timestamps. */
    static final class CountSum implements AggregateFunction<String, long[], String> {
        @Override
        public long[] createAccumulator() {
            return new long[2];
        }

        @Override
        public long[] add(String line, long[] acc) {
            acc[0]++;
            acc[1] += Long.parseLong(line.substring(line.indexOf(',') + 1));
            return acc;
        }

        @Override
        public String getResult(long[] acc) {
            return "n=" + acc[0] + " sum=" + acc[1];
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            return new long[] {a[0] + b[0], a[1] + b[1]};
        }
    }

    /**
     * The job at {@code parallelism}: the source at {@code sourceParallelism}, then per key tumbling
     * windows with lateness and a late side output, sliding windows, sessions and a running sum.
     */
    private StreamExecutionEnvironment job(SplitSourceFunction<String> source, String run, int parallelism, int sourceParallelism,
            boolean withWatermark, java.nio.file.Path checkpoints) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(parallelism);
        env.getConfig().setPerEventWatermarks(true);
        if (checkpoints != null) {
            env.enableCheckpointing(3_600_000L); // checkpoints are triggered by the test
            env.getCheckpointConfig().setCheckpointStorage(checkpoints.toString()).setNumRetainedCheckpoints(2)
                    .setCheckpointTimeout(20_000).setStateRecoveryPath(checkpoints.toString());
        }
        WatermarkStrategy<String> strategy = WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofMillis(400))
                .withTimestampAssigner((line, t) -> Long.parseLong(line.substring(line.indexOf(',') + 1)));
        DataStream<String> lines = env.fromSource(source, strategy, "lines").setParallelism(sourceParallelism);
        KeyedStream<String, String> byKey = lines.keyBy(line -> line.substring(0, line.indexOf(',')));
        SingleOutputStreamOperator<String> tumbling = byKey.window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .allowedLateness(Duration.ofMillis(500)).sideOutputLateData(LATE).process(new CrashJob.Describe(withWatermark));
        tumbling.sinkTo(new StoreSink(run + "-tumbling"));
        tumbling.getSideOutput(LATE).sinkTo(new StoreSink(run + "-late"));
        byKey.window(SlidingEventTimeWindows.of(Duration.ofSeconds(2), Duration.ofSeconds(1))).aggregate(new CountSum())
                .sinkTo(new StoreSink(run + "-sliding"));
        byKey.window(EventTimeSessionWindows.withGap(Duration.ofMillis(150))).aggregate(new CountSum())
                .sinkTo(new StoreSink(run + "-sessions"));
        byKey.process(new RunningSum()).sinkTo(new StoreSink(run + "-sums"));
        return env;
    }

    /** Asserts equal multisets, naming what is missing and what is extra. */
    private static void assertSame(List<String> actual, List<String> expected, String what) {
        List<String> missing = new ArrayList<>(expected);
        actual.forEach(missing::remove);
        List<String> extra = new ArrayList<>(actual);
        expected.forEach(extra::remove);
        assertThat(missing.size() + extra.size()).as(what + ": lost " + missing.size() + " of " + expected.size() + " "
                + missing.subList(0, Math.min(8, missing.size())) + "; extra " + extra.size() + " of " + actual.size() + " "
                + extra.subList(0, Math.min(8, extra.size()))).isZero();
    }

    private static List<String> outcome(String run) {
        List<String> all = new ArrayList<>();
        for (String out : new String[] {"tumbling", "late", "sliding", "sessions", "sums"}) {
            StoreSink.store(run + "-" + out).sorted().forEach(l -> all.add(out + " " + l));
        }
        all.sort(null);
        return all;
    }

    /**
     * Runs the job at parallelism 2 until {@code permits} chunks are read, takes a checkpoint, crashes
     * it, then restores at {@code restoreAt} and lets it finish; returns what was committed.
     */
    private List<String> rescaled(java.nio.file.Path in, boolean parallelSource, int permits, int restoreAt) throws Exception {
        String run = "rescale-restored-" + RUNS.incrementAndGet();
        java.nio.file.Path checkpoints = dir.resolve("chk-" + run);
        LocalJob first = (LocalJob) job(source(in, run, parallelSource), run, 2, parallelSource ? 2 : 1, !parallelSource, checkpoints)
                .executeAsync("at 2");
        PacedSource.permits(run).release(permits);
        long id = first.triggerCheckpoint().get(30, TimeUnit.SECONDS);
        first.cancel();
        PacedSource.permits(run).release(1_000_000);
        LocalJob again = (LocalJob) job(source(in, run, parallelSource), run, restoreAt, parallelSource ? restoreAt : 1,
                !parallelSource, checkpoints).executeAsync("at " + restoreAt);
        again.getJobExecutionResult();
        assertThat(again.getRestoredCheckpointId()).isEqualTo(id);
        return outcome(run);
    }

    private static SplitSourceFunction<String> source(java.nio.file.Path in, String run, boolean parallel) {
        return parallel ? new PacedFiles(in, run) : new PacedSource(in.resolve("part-0.csv"), run);
    }

    private List<String> faultFree(java.nio.file.Path in, boolean parallelSource) throws Exception {
        String run = "rescale-clean-" + RUNS.incrementAndGet(); // stores and permits are static: names of their own
        PacedSource.permits(run).release(1_000_000);
        job(source(in, run, parallelSource), run, 2, parallelSource ? 2 : 1, !parallelSource, null).execute();
        return outcome(run);
    }

    @Test
    void keyedStateTimersAndWindowsRestoreAtParallelismOneAndFour() throws Exception {
        java.nio.file.Path in = input("one-source", 1, 40_000, 1, true);
        List<String> clean = faultFree(in, false);
        assertThat(clean).hasSizeGreaterThan(1000).anyMatch(l -> l.startsWith("late ")).anyMatch(l -> l.startsWith("sums "))
                .anyMatch(l -> l.startsWith("sessions "));
        for (int restoreAt : new int[] {1, 4}) {
            assertSame(rescaled(in, false, 15, restoreAt), clean, "restored at " + restoreAt);
        }
    }

    /**
     * Four files, two source subtasks: the files' positions go to the subtasks that read them at 1 and
     * at 4. (The windows only: what the running sum holds when its timer fires depends on how the two
     * sources' records interleave, in any run.)
     */
    @Test
    void aParallelSourcesSplitsGoToTheSubtasksThatReadThemNow() throws Exception {
        java.nio.file.Path in = input("four-files", 4, 6_000, 2, false);
        List<String> clean = windows(faultFree(in, true));
        assertThat(clean).hasSizeGreaterThan(1000).noneMatch(l -> l.startsWith("late "));
        for (int restoreAt : new int[] {1, 4}) {
            assertSame(windows(rescaled(in, true, 5, restoreAt)), clean, "restored at " + restoreAt);
        }
    }

    private static List<String> windows(List<String> outcome) {
        return outcome.stream().filter(l -> !l.startsWith("sums ")).toList();
    }

    /**
     * As in Flink, a job that does not set its maximum parallelism takes the checkpoint's: taken with 7
     * key groups at parallelism 2, restored at 4 without the setting, keys are routed and restored by 7
     * key groups (Flink's default for 4 would be 128), and the results are a fault-free run's.
     */
    @Test
    void withoutASettingTheCheckpointsMaximumParallelismIsKept() throws Exception {
        java.nio.file.Path in = input("seven", 1, 20_000, 4, true);
        List<String> clean = faultFree(in, false);
        String run = "rescale-seven-" + RUNS.incrementAndGet();
        java.nio.file.Path checkpoints = dir.resolve("chk-" + run);
        StreamExecutionEnvironment env = job(source(in, run, false), run, 2, 1, true, checkpoints);
        env.getConfig().setMaxParallelism(7);
        LocalJob first = (LocalJob) env.executeAsync("at 2");
        PacedSource.permits(run).release(8);
        first.triggerCheckpoint().get(30, TimeUnit.SECONDS);
        first.cancel();
        PacedSource.permits(run).release(1_000_000);
        LocalJob again = (LocalJob) job(source(in, run, false), run, 4, 1, true, checkpoints).executeAsync("at 4");
        again.getJobExecutionResult();
        assertSame(outcome(run), clean, "restored at 4 with the checkpoint's 7 key groups");
    }

    /** A checkpoint's key groups are its maximum parallelism's: another one is refused, naming the setting. */
    @Test
    void anotherMaximumParallelismIsRefused() throws Exception {
        java.nio.file.Path in = input("max", 1, 5_000, 3, false);
        String run = "rescale-max-" + RUNS.incrementAndGet();
        java.nio.file.Path checkpoints = dir.resolve("chk-" + run);
        LocalJob first = (LocalJob) job(source(in, run, false), run, 2, 1, true, checkpoints).executeAsync("at 2");
        PacedSource.permits(run).release(2);
        first.triggerCheckpoint().get(30, TimeUnit.SECONDS);
        first.cancel();
        PacedSource.permits(run).release(1_000_000);
        StreamExecutionEnvironment env = job(source(in, run, false), run, 4, 1, true, checkpoints);
        env.getConfig().setMaxParallelism(256);
        assertThatThrownBy(() -> env.executeAsync("at 4").getJobExecutionResult()).hasStackTraceContaining("128 key groups")
                .hasStackTraceContaining("pipeline.max-parallelism");
    }
}
