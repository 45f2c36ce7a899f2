package io.tidemark.bench;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.runtime.operators.sort.EventTimeSortBuffer;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;

/**
 * Sorting by event time (issue 26): for reorder buffers of 1 s, 5 s and 30 s on the same input —
 * 10,000 records per second of event time, each displaced by up to 2 s (uniform), 1 % stragglers up to
 * 10 s behind — prints the buffer's throughput alone and through the engine ({@code sortByEventTime}
 * on a chain at parallelism 1), the added latency (how far the stream's event time moved between a
 * record's arrival and its release: the buffer, by construction, minus the record's own lateness), the
 * largest number of records held and their slots' bytes, and the late share. Asserts nothing.
 *
 * <pre>mvn -q -pl tidemark-bench exec:java -Dexec.mainClass=io.tidemark.bench.SortBufferBenchmark [-Dexec.args=RECORDS]</pre>
 */
public final class SortBufferBenchmark {

    private SortBufferBenchmark() {}

    static long[] input(int n, long seed) {
        Random r = new Random(seed);
        long[] ts = new long[n];
        for (int i = 0; i < n; i++) {
            long now = i / 10L; // 10 records per ms of event time
            long behind = r.nextInt(100) == 0 ? r.nextInt(10_000) : r.nextInt(2_000);
            ts[i] = now - behind;
        }
        return ts;
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 5_000_000;
        long[] ts = input(n, 42);
        System.out.printf(Locale.ROOT, "%d records, 10,000/s of event time, displaced up to 2 s, 1 %% up to 10 s%n", n);
        System.out.printf(Locale.ROOT, "%-7s %14s %14s %12s %12s %12s %12s %8s%n", "buffer", "buffer rec/s", "engine rec/s",
                "added mean", "added p99", "max held", "slot bytes", "late");
        for (long buffer : new long[] {1_000, 5_000, 30_000}) {
            buffer(ts, buffer); // warm-up
            Row row = buffer(ts, buffer);
            double engine = engine(ts, buffer);
            System.out.printf(Locale.ROOT, "%-7s %14.0f %14.0f %10.0fms %10dms %12d %12d %7.2f%%%n", buffer / 1000 + "s",
                    row.perSecond, engine, row.meanAdded, row.p99Added, row.maxHeld, row.maxHeld * 24L, 100.0 * row.late / n);
        }
    }

    record Row(double perSecond, double meanAdded, long p99Added, int maxHeld, long late) {}

    /** The buffer alone; the added latency of each released record in event-time ms. */
    static Row buffer(long[] ts, long bufferMillis) {
        EventTimeSortBuffer<Integer> b = new EventTimeSortBuffer<>(bufferMillis);
        long[] arrivedAt = new long[ts.length]; // the stream's event time (max seen) when each record arrived
        long[] added = new long[ts.length];
        int[] released = {0};
        long[] late = {0};
        long[] max = {Long.MIN_VALUE};
        int maxHeld = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < ts.length; i++) {
            max[0] = Math.max(max[0], ts[i]);
            arrivedAt[i] = max[0];
            b.offer(i, ts[i], (id, t) -> added[released[0]++] = max[0] - arrivedAt[id], (id, t) -> late[0]++);
            if ((i & 1023) == 0) {
                maxHeld = Math.max(maxHeld, b.size());
            }
        }
        int measured = released[0]; // the end of the input releases the rest: not a latency of the buffer
        b.flush((id, t) -> { });
        long nanos = System.nanoTime() - t0;
        long[] a = Arrays.copyOf(added, measured);
        Arrays.sort(a);
        double mean = Arrays.stream(a).average().orElse(0);
        return new Row(ts.length / (nanos / 1e9), mean, a.length == 0 ? 0 : a[(int) (a.length * 0.99)], maxHeld, late[0]);
    }

    /** Through the engine: a sequence mapped to its timestamps, sortByEventTime, a discarding sink. */
    static double engine(long[] ts, long bufferMillis) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(1);
        long[] times = ts;
        env.fromSequence(0, times.length - 1)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>noWatermarks().withTimestampAssigner((i, t) -> times[i.intValue()]))
                .sortByEventTime(Duration.ofMillis(bufferMillis))
                .addSink(new Discard());
        long t0 = System.nanoTime();
        env.execute("sort-" + bufferMillis);
        return times.length / ((System.nanoTime() - t0) / 1e9);
    }

    static final class Discard implements SinkFunction<Long> {
        @Override
        public void invoke(Long value, Context context) {}
    }
}
