package io.tidemark.runtime.tasks;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.state.ListStateDescriptor;
import io.tidemark.api.common.state.MapState;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.connector.file.src.FileSource;
import io.tidemark.connector.file.src.reader.TextLineInputFormat;
import io.tidemark.core.fs.Path;
import io.tidemark.runtime.state.StateBackend;
import io.tidemark.runtime.state.hashmap.HashMapStateBackend;
import io.tidemark.state.rocksdb.EmbeddedRocksDBStateBackend;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.KeyedProcessFunction;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.triggers.ContinuousEventTimeTrigger;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.util.Collector;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * RocksDB's state in real checkpoints, end to end: a job whose keyed state lives in RocksDB (a keyed
 * process function with value, list and map state and timers; the general window operator with a
 * stateful trigger and per-window state) takes checkpoints — full or incremental — into the job's
 * checkpoint directory, is crashed at random points and restarted from there each time, and ends with
 * exactly the heap's fault-free results. Incremental checkpoints leave their files in {@code shared/}
 * beside {@code chk-N/}, and only files that a retained checkpoint refers to.
 */
class RocksDBCheckpointRecoveryTest {

    private static final AtomicInteger RUNS = new AtomicInteger();

    @TempDir
    java.nio.file.Path dir;

    private java.nio.file.Path input() throws Exception {
        java.nio.file.Path in = Files.createDirectories(dir.resolve("in"));
        Random r = new Random(3);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            sb.append("k").append(r.nextInt(20)).append(',').append(i * 10L + r.nextInt(300)).append('\n');
        }
        Files.writeString(in.resolve("part-0.csv"), sb);
        return in;
    }

    /** Per key: how many records, the last three timestamps, counts per 100 ms bucket; emitted each second by a timer. */
    static final class PerKey extends KeyedProcessFunction<String, String, String> {
        @Override
        public void processElement(String line, Context ctx, Collector<String> out) throws Exception {
            ValueState<Long> n = getRuntimeContext().getState(new ValueStateDescriptor<>("n", Long.class, 0L));
            n.update(n.value() + 1);
            getRuntimeContext().getListState(new ListStateDescriptor<>("recent", Long.class)).add(ctx.timestamp());
            MapState<Long, Long> buckets = getRuntimeContext().getMapState(new MapStateDescriptor<>("buckets", Long.class, Long.class));
            long b = ctx.timestamp() % 1000 / 100;
            Long c = buckets.get(b);
            buckets.put(b, c == null ? 1 : c + 1);
            ctx.timerService().registerEventTimeTimer(ctx.timestamp() / 1000 * 1000 + 999);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) throws Exception {
            List<Long> recent = new ArrayList<>();
            getRuntimeContext().getListState(new ListStateDescriptor<>("recent", Long.class)).get().forEach(recent::add);
            getRuntimeContext().getListState(new ListStateDescriptor<>("recent", Long.class)).clear();
            TreeMap<Long, Long> buckets = new TreeMap<>();
            getRuntimeContext().getMapState(new MapStateDescriptor<>("buckets", Long.class, Long.class)).entries()
                    .forEach(e -> buckets.put(e.getKey(), e.getValue()));
            out.collect(ctx.getCurrentKey() + "@" + timestamp + " n=" + getRuntimeContext().getState(
                    new ValueStateDescriptor<>("n", Long.class, 0L)).value() + " recent=" + recent.size() + " buckets=" + buckets);
        }
    }

    /** Counts records and firings per window (per-window state). */
    static final class Firings extends ProcessWindowFunction<String, String, String, TimeWindow> {
        @Override
        public void process(String key, Context ctx, Iterable<String> lines, Collector<String> out) throws Exception {
            ValueState<Integer> firings = ctx.windowState().getState(new ValueStateDescriptor<>("firings", Integer.class, 0));
            firings.update(firings.value() + 1);
            int n = 0;
            for (String ignored : lines) {
                n++;
            }
            out.collect(key + " " + ctx.window() + " firing " + firings.value() + " n=" + n);
        }
    }

    private StreamExecutionEnvironment job(java.nio.file.Path in, String run, StateBackend backend, java.nio.file.Path checkpoints) {
        return job(in, run, backend, checkpoints, 2);
    }

    private StreamExecutionEnvironment job(java.nio.file.Path in, String run, StateBackend backend, java.nio.file.Path checkpoints,
            int parallelism) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(parallelism);
        env.getConfig().setPerEventWatermarks(true);
        env.setStateBackend(backend);
        if (checkpoints != null) {
            env.enableCheckpointing(3_600_000L); // checkpoints are triggered by the test
            env.getCheckpointConfig().setCheckpointStorage(checkpoints.toString()).setNumRetainedCheckpoints(2)
                    .setCheckpointTimeout(20_000).setStateRecoveryPath(checkpoints.toString());
        }
        var lines = env.fromSource(FileSource.forRecordStreamFormat(new TextLineInputFormat(), new Path(in.toString())).build(),
                        WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofMillis(400))
                                .withTimestampAssigner((line, t) -> Long.parseLong(line.substring(line.indexOf(',') + 1))), "file")
                .setParallelism(1);
        lines.keyBy(line -> line.substring(0, line.indexOf(','))).process(new PerKey()).sinkTo(new StoreSink(run + "-keyed"));
        lines.keyBy(line -> line.substring(0, line.indexOf(','))).window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .trigger(ContinuousEventTimeTrigger.of(Duration.ofMillis(300))).process(new Firings()).sinkTo(new StoreSink(run + "-windows"));
        return env;
    }

    private List<String> outcome(String run) {
        List<String> all = new ArrayList<>(StoreSink.store(run + "-keyed").sorted());
        all.addAll(StoreSink.store(run + "-windows").sorted());
        return all;
    }

    private List<String> withCrashes(java.nio.file.Path in, StateBackend backend, java.nio.file.Path checkpoints, int crashes, long seed)
            throws Exception {
        String run = "crashing-" + RUNS.incrementAndGet();
        Random r = new Random(seed);
        for (int attempt = 0; attempt <= crashes; attempt++) {
            LocalJob job = (LocalJob) job(in, run, backend, checkpoints).executeAsync("attempt " + attempt);
            int n = 1 + r.nextInt(3);
            for (int i = 0; i < n; i++) {
                try {
                    job.triggerCheckpoint().get(30, TimeUnit.SECONDS);
                } catch (ExecutionException ended) {
                    break;
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

    private List<String> faultFreeOnTheHeap(java.nio.file.Path in) throws Exception {
        String run = "clean-" + RUNS.incrementAndGet();
        job(in, run, new HashMapStateBackend(), null).execute();
        return outcome(run);
    }

    @Test
    void incrementalCheckpointsRestoreExactly() throws Exception {
        java.nio.file.Path in = input();
        List<String> clean = faultFreeOnTheHeap(in);
        assertThat(clean).hasSizeGreaterThan(500).anyMatch(s -> s.contains("firing 3"));
        java.nio.file.Path checkpoints = dir.resolve("checkpoints");
        List<String> crashed = withCrashes(in, new EmbeddedRocksDBStateBackend(true).setDbStoragePath(dir.resolve("db").toString()),
                checkpoints, 4, 11);
        assertThat(crashed).containsExactlyInAnyOrderElementsOf(clean);
        try (Stream<java.nio.file.Path> shared = Files.list(checkpoints.resolve("shared"))) {
            assertThat(shared.filter(p -> p.toString().endsWith(".sst")).count()).as("shared SST files").isPositive();
        }
    }

    @Test
    void fullCheckpointsOfRocksDBRestoreExactly() throws Exception {
        java.nio.file.Path in = input();
        List<String> clean = faultFreeOnTheHeap(in);
        List<String> crashed = withCrashes(in, new EmbeddedRocksDBStateBackend().setDbStoragePath(dir.resolve("db").toString()),
                dir.resolve("full"), 3, 5);
        assertThat(crashed).containsExactlyInAnyOrderElementsOf(clean);
    }

    /**
     * A checkpoint of RocksDB's state taken at parallelism 2 restores at 1 (each new subtask merges
     * both old databases' rows of its key groups) and at 4 (each keeps the rows of its key groups of
     * one old database), full and incremental, and the runs end with the heap's fault-free results.
     */
    @Test
    void aCheckpointAtTwoRestoresAtOneAndAtFour() throws Exception {
        java.nio.file.Path in = input();
        List<String> clean = faultFreeOnTheHeap(in);
        for (boolean incremental : new boolean[] {false, true}) {
            for (int restoreAt : new int[] {1, 4}) {
                String run = "rescaled-" + RUNS.incrementAndGet();
                java.nio.file.Path checkpoints = dir.resolve("chk-" + run);
                StateBackend backend = new EmbeddedRocksDBStateBackend(incremental).setDbStoragePath(dir.resolve("db-" + run).toString());
                LocalJob first = (LocalJob) job(in, run, backend, checkpoints, 2).executeAsync("at 2");
                long id = first.triggerCheckpoint().get(30, TimeUnit.SECONDS);
                first.cancel();
                assertThat(outcome(run).size()).as("committed before the restore").isLessThan(clean.size());
                LocalJob again = (LocalJob) job(in, run, backend, checkpoints, restoreAt).executeAsync("at " + restoreAt);
                again.getJobExecutionResult();
                assertThat(again.getRestoredCheckpointId()).isEqualTo(id);
                assertThat(outcome(run)).as("%s at %d", incremental ? "incremental" : "full", restoreAt)
                        .containsExactlyInAnyOrderElementsOf(clean);
            }
        }
    }
}
