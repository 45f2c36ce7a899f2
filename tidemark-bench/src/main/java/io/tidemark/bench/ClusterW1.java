package io.tidemark.bench;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.OpenContext;
import io.tidemark.api.java.functions.LongKeySelector;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.sink.RichSinkFunction;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * W1 (keyBy key → tumbling 1 s → count + sum; docs/performance.md) as a job that needs nothing of the JVM
 * that builds it, so that it runs the same on the embedded engine, a MiniCluster and a cluster of other
 * processes: its source draws W1's events where it runs ({@link Generated}: the sequence of
 * {@link Events#keyed}, subtask {@code s} of {@code p} emitting rows {@code i ≡ s (mod p)}), and its sink
 * writes each subtask's {@link Digest} of the results into a folder ({@link DigestFiles}), which must be one
 * every process sees (here: this machine's disk).
 */
final class ClusterW1 {

    private ClusterW1() {}

    /** W1 over {@code events} events of {@code keys} keys, at {@code parallelism}, digests into {@code digests}. */
    static StreamExecutionEnvironment job(int events, int keys, int parallelism, Path digests) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(parallelism);
        env.fromSource(new Generated(events, keys), WatermarkStrategy.<Event>forBoundedOutOfOrderness(Duration.ofMillis(Events.DISORDER_MS))
                        .withTimestampAssigner((e, t) -> e.ts), "events")
                .keyBy(LongKeySelector.of(e -> e.key))
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .aggregate(new TidemarkJobs.CountSum(), new TidemarkJobs.ToResult())
                .addSink(new DigestFiles(digests.toAbsolutePath().toString())).name("digest");
        return env;
    }

    /** W1's events, drawn where the source runs: the same sequence as {@link Events#keyed}{@code (n, keys, 0, 42)}. */
    static final class Generated implements SplitSourceFunction<Event> {
        private static final long serialVersionUID = 1L;
        private static final int BATCH = 256;
        private final int n;
        private final int keys;
        private volatile boolean running = true;

        Generated(int n, int keys) {
            this.n = n;
            this.keys = keys;
        }

        @Override
        public void run(SplitSourceContext<Event> ctx) {
            int p = ctx.getNumberOfParallelSubtasks();
            int s = ctx.getIndexOfThisSubtask();
            String split = "events-" + s;
            ctx.announceSplit(split);
            SplittableRandom r = new SplittableRandom(42);
            List<Event> batch = new ArrayList<>(BATCH);
            for (int i = 0; i < n && running; i++) {
                // every subtask draws the whole sequence and keeps its rows: the events do not depend on p
                long key = r.nextInt(keys);
                long t = Events.BASE_TIME + i / 100 - r.nextInt((int) Events.DISORDER_MS);
                long value = r.nextInt(1_000);
                if (i % p == s) {
                    batch.add(new Event(key, t, value, 0, 0));
                    if (batch.size() == BATCH) {
                        ctx.collectAll(split, batch);
                        batch = new ArrayList<>(BATCH);
                    }
                }
            }
            ctx.collectAll(split, batch);
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** Each subtask's digest of the results, written to {@code dir/digest-<subtask>.txt} at the end of its input. */
    static final class DigestFiles extends RichSinkFunction<Result> {
        private static final long serialVersionUID = 1L;
        private final String dir;
        private transient Digest digest;

        DigestFiles(String dir) {
            this.dir = dir;
        }

        @Override
        public void open(OpenContext openContext) {
            digest = new Digest(false);
        }

        @Override
        public void invoke(Result r, Context context) {
            digest.add(r);
        }

        @Override
        public void finish() throws IOException {
            Path d = Path.of(dir);
            Files.createDirectories(d);
            Files.writeString(d.resolve("digest-" + getRuntimeContext().getTaskInfo().getIndexOfThisSubtask() + ".txt"),
                    digest.count + " " + digest.sum + " " + digest.xor + "\n", StandardCharsets.UTF_8);
        }
    }

    /** The digests in {@code dir} summed: {@code count sum xor} (each subtask's results are a part of the whole). */
    static String digest(Path dir) throws IOException {
        long count = 0;
        long sum = 0;
        long xor = 0;
        try (var files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith("digest-")).toList()) {
                String[] v = Files.readString(f, StandardCharsets.UTF_8).strip().split(" ");
                count += Long.parseLong(v[0]);
                sum += Long.parseLong(v[1]);
                xor ^= Long.parseLong(v[2]);
            }
        }
        return count + " results, digest " + Long.toHexString(sum) + "/" + Long.toHexString(xor);
    }
}
