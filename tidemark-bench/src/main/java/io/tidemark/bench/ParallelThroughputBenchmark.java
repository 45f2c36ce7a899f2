package io.tidemark.bench;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import java.time.Duration;
import java.util.Locale;

/**
 * Events per second of a keyed 1-second tumbling count (10,000 keys, 2 s of disorder, bounded
 * watermark) at parallelism 1 and 2 on this machine. Prints the figures; asserts nothing.
 *
 * <p>Run: {@code mvn -q -B install -DskipTests && java -cp "tidemark-bench/target/classes:tidemark-core/target/classes"
 * io.tidemark.bench.ParallelThroughputBenchmark [events]}
 */
public final class ParallelThroughputBenchmark {

    private ParallelThroughputBenchmark() {}

    /** Event time advances 1 ms per 100 events; each event is displaced back by up to 2 s. */
    static final class Events implements SplitSourceFunction<long[]> {
        private final long count;
        private volatile boolean running = true;

        Events(long count) {
            this.count = count;
        }

        @Override
        public void run(SplitSourceContext<long[]> ctx) {
            int subtasks = ctx.getNumberOfParallelSubtasks();
            int me = ctx.getIndexOfThisSubtask();
            String split = "split-" + me;
            ctx.announceSplit(split);
            long seed = 0x9E3779B97F4A7C15L * (me + 1);
            for (long i = me; i < count && running; i += subtasks) {
                seed = seed * 6364136223846793005L + 1442695040888963407L;
                long key = (seed >>> 33) % 10_000;
                long ts = i / 100 - ((seed >>> 20) & 2047);
                ctx.collect(split, new long[] {key, ts});
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    static final class Count implements AggregateFunction<long[], long[], long[]> {
        @Override
        public long[] createAccumulator() {
            return new long[1];
        }

        @Override
        public long[] add(long[] value, long[] acc) {
            acc[0]++;
            return acc;
        }

        @Override
        public long[] getResult(long[] acc) {
            return acc;
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            a[0] += b[0];
            return a;
        }
    }

    static final class Discard implements SinkFunction<long[]> {
        @Override
        public void invoke(long[] value, Context context) {}
    }

    static double run(int parallelism, long events) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(parallelism);
        env.fromSource(new Events(events), WatermarkStrategy.<long[]>forBoundedOutOfOrderness(Duration.ofSeconds(2))
                        .withTimestampAssigner((e, t) -> e[1]), "events")
                .keyBy(e -> e[0])
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .aggregate(new Count())
                .name("count")
                .addSink(new Discard());
        long start = System.nanoTime();
        JobExecutionResult r = env.execute("bench-p" + parallelism);
        double seconds = (System.nanoTime() - start) / 1e9;
        long in = r.getCounter("count", "numRecordsIn");
        if (in != events) {
            throw new IllegalStateException("the window saw " + in + " of " + events + " events");
        }
        return events / seconds;
    }

    public static void main(String[] args) throws Exception {
        long events = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
        System.out.printf(Locale.ROOT, "machine: %d cores, JVM %s, max heap %d MiB%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                Runtime.getRuntime().maxMemory() >> 20);
        run(1, Math.min(events, 1_000_000)); // warm-up
        for (int p : new int[] {1, 2}) {
            double best = 0;
            for (int i = 0; i < 3; i++) {
                best = Math.max(best, run(p, events));
            }
            System.out.printf(Locale.ROOT, "keyed tumbling 1 s count, %,d events, parallelism %d: %,.0f events/s (best of 3)%n",
                    events, p, best);
        }
    }
}
