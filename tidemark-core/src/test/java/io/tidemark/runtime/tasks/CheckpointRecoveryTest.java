package io.tidemark.runtime.tasks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.connector.file.src.FileSource;
import io.tidemark.connector.file.src.reader.TextLineInputFormat;
import io.tidemark.core.fs.Path;
import io.tidemark.crash.CrashJob;
import io.tidemark.runtime.checkpoint.CheckpointStorage;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.util.OutputTag;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checkpoints and restore on the embedded engine, end to end: a windowed job over files with late
 * records, crashed (cancelled: what was not committed is lost, as with kill -9) at random points
 * after random numbers of checkpoints and restarted from its checkpoint directory each time, ends
 * with exactly a fault-free run's committed results and late records: none lost, none twice.
 */
class CheckpointRecoveryTest {

    private static final OutputTag<String> LATE = new OutputTag<>("late") {};
    private static final AtomicInteger RUNS = new AtomicInteger();

    @TempDir
    java.nio.file.Path dir;

    @AfterEach
    void resetStorage() {
        CheckpointSetup.StorageOps.set(null);
    }

    /** Lines {@code key,timestamp}: ten keys, time rising with jitter, some records far behind (late). */
    private java.nio.file.Path input(int files, int linesPerFile, long seed) throws IOException {
        return input(files, linesPerFile, seed, true);
    }

    private java.nio.file.Path input(int files, int linesPerFile, long seed, boolean late) throws IOException {
        java.nio.file.Path in = Files.createDirectories(dir.resolve("in"));
        Random r = new Random(seed);
        for (int f = 0; f < files; f++) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < linesPerFile; i++) {
                long ts = i * 10L + r.nextInt(300) - (late && r.nextInt(50) == 0 ? 3000 : 0);
                sb.append("k").append(r.nextInt(10)).append(',').append(ts).append('\n');
            }
            Files.writeString(in.resolve("part-" + f + ".csv"), sb);
        }
        return in;
    }

    private record Outcome(List<String> results, List<String> late) {}

    /** Asserts equal multisets, naming what is missing and what is extra. */
    private static void assertSame(List<String> actual, List<String> expected, String what) {
        List<String> missing = new ArrayList<>(expected);
        for (String a : actual) {
            missing.remove(a);
        }
        List<String> extra = new ArrayList<>(actual);
        for (String e : expected) {
            extra.remove(e);
        }
        assertThat(missing.size() + extra.size()).as(what + ": lost " + missing.size() + " of " + expected.size() + " "
                + missing.subList(0, Math.min(5, missing.size())) + "; extra, duplicated or different " + extra.size() + " of "
                + actual.size() + " " + extra.subList(0, Math.min(5, extra.size()))).isZero();
    }

    private static void assertSame(Outcome actual, Outcome expected) {
        assertSame(actual.results(), expected.results(), "results");
        assertSame(actual.late(), expected.late(), "late records");
    }

    /** Builds the job: per key, tumbling 1 s windows, 500 ms lateness, late records to a side output. */
    private StreamExecutionEnvironment job(java.nio.file.Path in, String run, int parallelism, java.nio.file.Path checkpoints) {
        return job(in, run, parallelism, 1, checkpoints, true);
    }

    /**
     * @param sourceParallelism the file source's parallelism: 1 keeps the results a function of the input
     *     (one stream of watermarks); more makes each window subtask align barriers over several channels
     * @param withWatermark whether results name the watermark they fired at (a function of the input only
     *     with one source subtask)
     */
    private StreamExecutionEnvironment job(java.nio.file.Path in, String run, int parallelism, int sourceParallelism,
            java.nio.file.Path checkpoints, boolean withWatermark) {
        return job(in, run, parallelism, sourceParallelism, checkpoints, withWatermark, null);
    }

    /** @param paced when not null, the source is a {@link PacedSource} of that name over the one file in {@code in} */
    private StreamExecutionEnvironment job(java.nio.file.Path in, String run, int parallelism, int sourceParallelism,
            java.nio.file.Path checkpoints, boolean withWatermark, String paced) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(parallelism);
        env.getConfig().setPerEventWatermarks(true);
        if (checkpoints != null) {
            env.enableCheckpointing(3_600_000L); // checkpoints are triggered by the test
            env.getCheckpointConfig().setCheckpointStorage(checkpoints.toString()).setNumRetainedCheckpoints(3)
                    .setCheckpointTimeout(20_000)
                    .setStateRecoveryPath(checkpoints.toString());
        }
        WatermarkStrategy<String> strategy = WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofMillis(400))
                .withTimestampAssigner((line, t) -> Long.parseLong(line.substring(line.indexOf(',') + 1)));
        SingleOutputStreamOperator<String> windows = env
                .fromSource(paced != null ? new PacedSource(in.resolve("part-0.csv"), paced)
                        : FileSource.forRecordStreamFormat(new TextLineInputFormat(), new Path(in.toString())).build(), strategy, "file")
                .setParallelism(sourceParallelism)
                .keyBy(line -> line.substring(0, line.indexOf(',')))
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .allowedLateness(Duration.ofMillis(500))
                .sideOutputLateData(LATE)
                .process(new CrashJob.Describe(withWatermark));
        windows.sinkTo(new StoreSink(run + "-results"));
        windows.getSideOutput(LATE).sinkTo(new StoreSink(run + "-late"));
        return env;
    }

    private Outcome faultFree(java.nio.file.Path in, int parallelism, int sourceParallelism, boolean withWatermark) throws Exception {
        String run = "clean-" + RUNS.incrementAndGet();
        job(in, run, parallelism, sourceParallelism, null, withWatermark).execute();
        return outcome(run);
    }

    private static Outcome outcome(String run) {
        return new Outcome(StoreSink.store(run + "-results").sorted(), StoreSink.store(run + "-late").sorted());
    }

    /**
     * Runs the job with checkpoints, crashing it {@code crashes} times at random points (after 0–3
     * checkpoints each time), each restart restoring from the checkpoint directory; returns what was
     * committed when the last run ended.
     */
    private Outcome withCrashes(java.nio.file.Path in, int parallelism, int sourceParallelism, boolean withWatermark, int crashes,
            long seed) throws Exception {
        String run = "crashing-" + RUNS.incrementAndGet();
        java.nio.file.Path checkpoints = dir.resolve("chk-" + run);
        Random r = new Random(seed);
        for (int attempt = 0; attempt <= crashes; attempt++) {
            LocalJob job = (LocalJob) job(in, run, parallelism, sourceParallelism, checkpoints, withWatermark)
                    .executeAsync("attempt " + attempt);
            int n = r.nextInt(4);
            for (int i = 0; i < n; i++) {
                try {
                    job.triggerCheckpoint().get(30, TimeUnit.SECONDS);
                } catch (ExecutionException ended) {
                    break; // the job is ending: no more checkpoints
                }
            }
            if (attempt < crashes) {
                job.cancel();
            } else {
                job.getJobExecutionResult();
            }
        }
        return outcome(run);
    }

    @Test
    void crashesAndRestartsEndWithExactlyAFaultFreeRunsOutputsAtParallelismOne() throws Exception {
        java.nio.file.Path in = input(1, 40_000, 1);
        Outcome clean = faultFree(in, 1, 1, true);
        assertThat(clean.results()).hasSizeGreaterThan(100);
        assertThat(clean.late()).isNotEmpty();
        Outcome crashed = withCrashes(in, 1, 1, true, 6, 42);
        assertSame(crashed, clean);
    }

    @Test
    void crashesAndRestartsEndWithExactlyAFaultFreeRunsOutputsAtParallelismTwo() throws Exception {
        java.nio.file.Path in = input(1, 40_000, 2);
        Outcome clean = faultFree(in, 2, 1, true);
        assertThat(clean.late()).isNotEmpty();
        Outcome crashed = withCrashes(in, 2, 1, true, 6, 7);
        assertSame(crashed, clean);
    }

    /**
     * Two source subtasks feed every window subtask: barriers are aligned over two channels. Without
     * alignment, records that follow a barrier on the faster channel would be in the snapshot and be
     * replayed after the restore: counted twice. (No late records: with two sources the interleaving,
     * and so lateness, is a matter of timing.)
     */
    @Test
    void barriersAreAlignedOverTwoInputChannels() throws Exception {
        java.nio.file.Path in = input(2, 20_000, 6, false);
        Outcome clean = faultFree(in, 2, 2, false);
        assertThat(clean.late()).isEmpty();
        Outcome crashed = withCrashes(in, 2, 2, false, 6, 11);
        assertSame(crashed, clean);
    }

    /** Takes up to {@code n} checkpoints of a running job; returns their ids. */
    private static List<Long> checkpoints(LocalJob job, int n) throws Exception {
        List<Long> taken = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            try {
                taken.add(job.triggerCheckpoint().get(30, TimeUnit.SECONDS));
            } catch (ExecutionException ended) {
                break;
            }
        }
        return taken;
    }

    /** Runs {@code action} with standard error captured; returns what it printed there. */
    private static String stderrOf(ThrowingRunnable action) throws Exception {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true));
        try {
            action.run();
        } finally {
            System.setErr(err);
        }
        return captured.toString();
    }

    private interface ThrowingRunnable {
        void run() throws Exception;
    }

    @Test
    void aCheckpointTheProcessDiedWritingIsIgnored() throws Exception {
        java.nio.file.Path in = input(1, 40_000, 3);
        Outcome clean = faultFree(in, 1, 1, true);
        String run = "partial-" + RUNS.incrementAndGet();
        java.nio.file.Path checkpoints = dir.resolve("chk-" + run);
        StreamExecutionEnvironment env = job(in, run, 1, 1, checkpoints, true, run);
        env.getCheckpointConfig().setTolerableCheckpointFailureNumber(Integer.MAX_VALUE);
        LocalJob job = (LocalJob) env.executeAsync("first");
        PacedSource.permits(run).release(5);
        List<Long> taken = checkpoints(job, 1);
        PacedSource.permits(run).release(3);
        // the next checkpoint's files are written, but the process "dies" before its metadata
        CheckpointSetup.StorageOps.set((file, bytes) -> {
            if (file.getFileName().toString().startsWith(CheckpointStorage.METADATA)) {
                throw new IOException("killed");
            }
            CheckpointStorage.FileOps.DEFAULT.write(file, bytes);
        });
        String err = stderrOf(() -> checkpoints(job, 1));
        job.cancel();
        CheckpointSetup.StorageOps.set(null);
        assertThat(err).contains("killed").contains("the job continues without it");
        assertThat(new CheckpointStorage(checkpoints).allIds()).hasSize(2);
        PacedSource.permits(run).release(1_000_000);
        LocalJob again = (LocalJob) job(in, run, 1, 1, checkpoints, true, run).executeAsync("second");
        again.getJobExecutionResult();
        assertThat(taken).hasSize(1);
        assertThat(again.getRestoredCheckpointId()).isEqualTo(taken.get(0));
        assertSame(outcome(run), clean);
    }

    /**
     * A completed checkpoint that is damaged on disk is skipped for the one before. Its commits had
     * happened: restoring the older one repeats what was committed in between (nothing is lost).
     */
    @Test
    void aDamagedLatestCheckpointIsSkippedForThePreviousOne() throws Exception {
        java.nio.file.Path in = input(1, 40_000, 8);
        Outcome clean = faultFree(in, 1, 1, true);
        String run = "damaged-" + RUNS.incrementAndGet();
        java.nio.file.Path checkpoints = dir.resolve("chk-" + run);
        LocalJob job = (LocalJob) job(in, run, 1, checkpoints).executeAsync("first");
        checkpoints(job, 2);
        job.cancel();
        CheckpointStorage storage = new CheckpointStorage(checkpoints);
        List<Long> completed = storage.completedIds();
        long latest = completed.get(0);
        java.nio.file.Path file;
        try (var files = Files.list(storage.checkpointDirectory(latest))) {
            file = files.filter(f -> !f.getFileName().toString().startsWith("_")).sorted().findFirst().orElseThrow();
        }
        byte[] b = Files.readAllBytes(file);
        b[b.length / 2] ^= 0x5a;
        Files.write(file, b);
        LocalJob[] again = new LocalJob[1];
        String err = stderrOf(() -> {
            again[0] = (LocalJob) job(in, run, 1, checkpoints).executeAsync("second");
            again[0].getJobExecutionResult();
        });
        assertThat(err).contains("skipping checkpoint " + latest).contains("damaged");
        assertThat(again[0].getRestoredCheckpointId()).isEqualTo(completed.size() > 1 ? completed.get(1) : -1);
        List<String> missing = new ArrayList<>(clean.results());
        for (String r : outcome(run).results()) {
            missing.remove(r);
        }
        assertThat(missing).as("results lost").isEmpty();
    }

    @Test
    void aFullCheckpointDirectoryFailsTheJobNamingTheCause() throws Exception {
        java.nio.file.Path in = input(1, 20_000, 4);
        CheckpointSetup.StorageOps.set((file, bytes) -> {
            throw new IOException("No space left on device");
        });
        String run = "full-" + RUNS.incrementAndGet();
        LocalJob job = (LocalJob) job(in, run, 1, 1, dir.resolve("full"), true, run).executeAsync("full");
        PacedSource.permits(run).release(2);
        assertThatThrownBy(() -> job.triggerCheckpoint().get(30, TimeUnit.SECONDS)).hasMessageContaining("No space left on device");
        assertThatThrownBy(job::getJobExecutionResult).hasMessageContaining("checkpoint").hasMessageContaining("No space left on device")
                .hasMessageContaining(dir.resolve("full").toString()).hasMessageContaining("tolerable checkpoint failures: 0");
    }

    @Test
    void withToleratedFailuresAFullDirectoryCostsCheckpointsButNotTheJob() throws Exception {
        java.nio.file.Path in = input(1, 40_000, 5);
        Outcome clean = faultFree(in, 1, 1, true);
        CheckpointSetup.StorageOps.set((file, bytes) -> {
            throw new IOException("No space left on device");
        });
        String run = "tolerant-" + RUNS.incrementAndGet();
        StreamExecutionEnvironment env = job(in, run, 1, 1, dir.resolve("tolerant"), true, run);
        env.getCheckpointConfig().setTolerableCheckpointFailureNumber(Integer.MAX_VALUE);
        String err = stderrOf(() -> {
            LocalJob job = (LocalJob) env.executeAsync("tolerant");
            PacedSource.permits(run).release(2);
            assertThatThrownBy(() -> job.triggerCheckpoint().get(30, TimeUnit.SECONDS)).hasMessageContaining("No space left");
            PacedSource.permits(run).release(1_000_000);
            job.getJobExecutionResult();
        });
        assertThat(err).contains("No space left on device").contains("the job continues without it")
                .contains("commits its last output anyway");
        assertSame(outcome(run), clean);
    }

    /**
     * A sink function with its own two-phase commit (as Flink's TwoPhaseCommitSinkFunction): what it
     * received up to {@code snapshotState(N)} is a transaction, committed at {@code
     * notifyCheckpointComplete(M)} for M >= N. Its last transaction, snapshotted at its end, is
     * committed with the job's final checkpoint.
     */
    static final class TwoPhaseSink extends io.tidemark.streaming.api.functions.sink.RichSinkFunction<String>
            implements io.tidemark.streaming.api.checkpoint.CheckpointedFunction, io.tidemark.api.common.state.CheckpointListener {
        private static final long serialVersionUID = 1L;
        private final String store;
        private transient List<String> open;
        private transient java.util.TreeMap<Long, List<String>> prepared;

        TwoPhaseSink(String store) {
            this.store = store;
        }

        @Override
        public void initializeState(io.tidemark.runtime.state.FunctionInitializationContext context) {
            open = new ArrayList<>();
            prepared = new java.util.TreeMap<>();
        }

        @Override
        public void invoke(String value, Context context) {
            open.add(value);
        }

        @Override
        public void snapshotState(io.tidemark.runtime.state.FunctionSnapshotContext context) {
            prepared.put(context.getCheckpointId(), open);
            open = new ArrayList<>();
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            var done = prepared.headMap(checkpointId, true);
            StoreSink.Store s = StoreSink.store(store);
            synchronized (s) {
                done.values().forEach(s.lines::addAll);
            }
            done.clear();
        }
    }

    @Test
    void aTwoPhaseCommitSinkFunctionCommitsItsLastTransactionWithTheFinalCheckpoint() throws Exception {
        java.nio.file.Path in = input(1, 20_000, 9);
        String run = "two-phase-" + RUNS.incrementAndGet();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(1);
        env.enableCheckpointing(3_600_000L);
        env.getCheckpointConfig().setCheckpointStorage(dir.resolve("two-phase").toString());
        env.fromSource(FileSource.forRecordStreamFormat(new TextLineInputFormat(), new Path(in.toString())).build(),
                WatermarkStrategy.noWatermarks(), "file").addSink(new TwoPhaseSink(run));
        LocalJob job = (LocalJob) env.executeAsync("two-phase");
        checkpoints(job, 2);
        job.getJobExecutionResult();
        assertThat(StoreSink.store(run).sorted()).hasSize(20_000);
    }
}
