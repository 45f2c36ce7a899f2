package io.tidemark.runtime.tasks;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.time.ReplayClock;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replay mode (processing time from the data: a {@link ReplayClock} the source advances to each record's
 * arrival time) with periodic watermark emission gives the same results across any number of restores
 * from checkpoints as a run that was never stopped: the periodic emission's schedule on the replayed
 * clock, and the clock itself, are part of the checkpoint. The stops fall at checkpoints the test
 * chooses (the source emits a chunk per permit), not by timing.
 *
 * <p>Before the fix the restored source scheduled its periodic emission from the restored run's clock
 * (unset until the first record), so the first emission after a restore came at another replayed time
 * than in the uninterrupted run: the windows fired at other watermarks, and other records were late.
 * With the schedule kept but not the clock, an emission due at the checkpoint (the clock moved past it
 * on a line that emitted nothing) waited for a later arrival after the restore.
 */
class ReplayCheckpointTest {

    private static final OutputTag<String> LATE = new OutputTag<>("late") {};
    private static final AtomicInteger RUNS = new AtomicInteger();
    /** Lines per permit. */
    private static final int CHUNK = 250;

    @TempDir
    Path dir;

    @AfterEach
    void resetStorage() {
        CheckpointSetup.StorageOps.set(null);
    }

    /**
     * Lines {@code key,eventTime,arrival}: arrivals 0–60 ms apart (and now and then 0–300 ms back, which
     * the replay clock ignores), event times up to 900 ms before their arrival, so a record is late or
     * not depending on the periodic watermark's phase. The last line of each chunk is a bad line (key
     * {@code bad}: the source advances the clock to its arrival, 250 ms on, but emits nothing, as the
     * command does with a dead letter), and the next line arrives 100 ms before it: a checkpoint after
     * the chunk sees the clock past a periodic emission not run yet.
     */
    private Path input(int lines, long seed) throws Exception {
        Random r = new Random(seed);
        StringBuilder sb = new StringBuilder();
        long arrival = 1_700_000_000_000L;
        for (int i = 0; i < lines; i++) {
            if (i % CHUNK == CHUNK - 1) {
                arrival += 250;
                sb.append("bad,0,").append(arrival).append('\n');
                continue;
            }
            arrival += r.nextInt(61);
            long shown = i % CHUNK == 0 && i > 0 ? arrival - 100 : r.nextInt(20) == 0 ? arrival - r.nextInt(300) : arrival;
            sb.append('k').append(r.nextInt(8)).append(',').append(shown - r.nextInt(900)).append(',').append(shown).append('\n');
        }
        Path in = dir.resolve("in.csv");
        Files.writeString(in, sb);
        return in;
    }

    private record Outcome(List<String> results, List<String> late) {}

    private StreamExecutionEnvironment job(Path in, String run, String paced, Path checkpoints) {
        ReplayClock clock = new ReplayClock();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(1).setClock(clock);
        env.getConfig().setPerEventWatermarks(false).setAutoWatermarkInterval(200);
        if (checkpoints != null) {
            env.enableCheckpointing(3_600_000L); // checkpoints are triggered by the test
            env.getCheckpointConfig().setCheckpointStorage(checkpoints.toString()).setNumRetainedCheckpoints(3)
                    .setCheckpointTimeout(20_000).setStateRecoveryPath(checkpoints.toString());
        }
        WatermarkStrategy<String> strategy = WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofMillis(300))
                .withTimestampAssigner((line, t) -> Long.parseLong(line.split(",")[1]));
        SingleOutputStreamOperator<String> windows = env.fromSource(new PacedSource(in, paced, CHUNK, clock), strategy, "replay")
                .keyBy(line -> line.substring(0, line.indexOf(',')))
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .sideOutputLateData(LATE)
                .process(new Fired());
        windows.sinkTo(new StoreSink(run + "-results"));
        windows.getSideOutput(LATE).map(line -> line + " late").sinkTo(new StoreSink(run + "-late"));
        return env;
    }

    private static Outcome outcome(String run) {
        return new Outcome(StoreSink.store(run + "-results").sorted(), StoreSink.store(run + "-late").sorted());
    }

    private Outcome uninterrupted(Path in) throws Exception {
        String run = "replay-clean-" + RUNS.incrementAndGet();
        PacedSource.permits(run).release(Integer.MAX_VALUE / 2);
        job(in, run, run, null).execute();
        return outcome(run);
    }

    /**
     * Stops the job at a checkpoint taken once the source emitted {@code stops[i]} chunks in all, restores
     * it, and so on; then runs it to the end.
     */
    private Outcome stoppedAt(Path in, int... stops) throws Exception {
        String run = "replay-stopped-" + RUNS.incrementAndGet();
        Path checkpoints = dir.resolve("chk-" + run);
        for (int stop : stops) {
            LocalJob job = (LocalJob) job(in, run, run, checkpoints).executeAsync(run + " to chunk " + stop);
            PacedSource.permits(run).release(stop - (int) PacedSource.chunks(run).get());
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (PacedSource.chunks(run).get() < stop) {
                assertThat(System.nanoTime()).as("the source reaches chunk " + stop).isLessThan(deadline);
                LockSupport.parkNanos(1_000_000L);
            }
            job.triggerCheckpoint().get(30, TimeUnit.SECONDS); // between chunks: the source waits for a permit
            job.cancel();
        }
        PacedSource.permits(run).release(Integer.MAX_VALUE / 2);
        job(in, run, run, checkpoints).execute(run + " to the end");
        return outcome(run);
    }

    @Test
    void restoresAtChosenCheckpointsGiveTheUninterruptedRunsResults() throws Exception {
        Path in = input(12_000, 3);
        Outcome clean = uninterrupted(in);
        assertThat(clean.results()).hasSizeGreaterThan(500);
        assertThat(clean.late()).hasSizeGreaterThan(100);
        Outcome stopped = stoppedAt(in, 3, 7, 8, 19, 33);
        assertThat(stopped.results()).isEqualTo(clean.results());
        assertThat(stopped.late()).isEqualTo(clean.late());
    }

    /** The window's key, start, count and the watermark it fired at. */
    static final class Fired extends ProcessWindowFunction<String, String, String, TimeWindow> {
        @Override
        public void process(String key, Context c, Iterable<String> elements, Collector<String> out) {
            long n = 0;
            for (String ignored : elements) {
                n++;
            }
            out.collect(key + "@" + c.window().getStart() + " n=" + n + " wm=" + c.currentWatermark());
        }
    }
}
