package io.tidemark.bench;

import io.tidemark.api.common.eventtime.AdaptiveBound;
import io.tidemark.api.common.eventtime.AdaptiveOutOfOrdernessWatermarks;
import io.tidemark.api.common.eventtime.BoundedOutOfOrdernessWatermarks;
import io.tidemark.api.common.eventtime.DisorderSketch;
import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkGenerator;
import io.tidemark.api.common.eventtime.WatermarkOutput;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The adaptive bound against fixed bounds (issue 26): three hours of events, 50 a second; each arrives
 * after an exponential delay with a mean of 200 ms, except in the middle hour (the peak), where the mean
 * is 3 s. Events are read in arrival order, watermarks after every event, 10 s tumbling windows. For each
 * strategy: the share of records late (their window had fired when they arrived), and the firing delay
 * of the windows — the arrival time of the record whose watermark fired a window, minus the window's end
 * (how long after its end a result appears) — mean and P99, overall and in the calm hours alone. The
 * fixed bounds are what {@code tidemark profile} suggests from the whole input: quantiles of its
 * disorder (how far a record lies behind the largest event time before it). Asserts nothing.
 *
 * <pre>java -cp ... io.tidemark.bench.AdaptiveBoundBenchmark</pre>
 */
public final class AdaptiveBoundBenchmark {

    private AdaptiveBoundBenchmark() {}

    static final long HOUR = 3_600_000;
    static final long WINDOW = 10_000;

    /** {event time, arrival time} in arrival order. */
    static long[][] input(long seed) {
        Random r = new Random(seed);
        int n = (int) (3 * HOUR / 20);
        long[][] events = new long[n][];
        for (int i = 0; i < n; i++) {
            long t = i * 20L;
            double mean = t >= HOUR && t < 2 * HOUR ? 3_000 : 200;
            events[i] = new long[] {t, t + (long) (-mean * Math.log(1 - r.nextDouble()))};
        }
        Arrays.sort(events, (a, b) -> a[1] != b[1] ? Long.compare(a[1], b[1]) : Long.compare(a[0], b[0]));
        return events;
    }

    /** What tidemark profile measures: quantiles of the disorder over the whole input. */
    static DisorderSketch disorder(long[][] events) {
        DisorderSketch s = new DisorderSketch();
        long max = Long.MIN_VALUE;
        for (long[] e : events) {
            s.record(max == Long.MIN_VALUE || e[0] >= max ? 0 : max - e[0]);
            max = Math.max(max, e[0]);
        }
        return s;
    }

    record Row(String name, double lateShare, double meanDelay, long p99Delay, double calmMean, long calmP99, double peakMean) {}

    static Row run(String name, long[][] events, Supplier<WatermarkGenerator<Long>> generator) {
        WatermarkGenerator<Long> g = generator.get();
        long[] w = {Long.MIN_VALUE};
        WatermarkOutput out = new WatermarkOutput() {
            @Override
            public void emitWatermark(Watermark watermark) {
                w[0] = Math.max(w[0], watermark.getTimestamp());
            }

            @Override
            public void markIdle() {}

            @Override
            public void markActive() {}
        };
        TreeMap<Long, Boolean> open = new TreeMap<>(); // window start → holds records, not fired
        List<long[]> firings = new ArrayList<>(); // {window end, delay}
        long late = 0;
        for (long[] e : events) {
            long start = e[0] - Math.floorMod(e[0], WINDOW);
            if (start + WINDOW - 1 <= w[0]) {
                late++; // its window fired before it came
            } else {
                open.put(start, Boolean.TRUE);
            }
            g.onEvent(e[0], e[0], out);
            g.onPeriodicEmit(out);
            while (!open.isEmpty() && open.firstKey() + WINDOW - 1 <= w[0]) {
                long end = open.pollFirstEntry().getKey() + WINDOW;
                firings.add(new long[] {end, e[1] - end});
            }
        }
        long[] all = firings.stream().mapToLong(f -> f[1]).sorted().toArray();
        long[] calm = firings.stream().filter(f -> f[0] <= HOUR || f[0] > 2 * HOUR).mapToLong(f -> f[1]).sorted().toArray();
        double peak = firings.stream().filter(f -> f[0] > HOUR && f[0] <= 2 * HOUR).mapToLong(f -> f[1]).average().orElse(0);
        return new Row(name, (double) late / events.length, Arrays.stream(all).average().orElse(0), p99(all),
                Arrays.stream(calm).average().orElse(0), p99(calm), peak);
    }

    static long p99(long[] sorted) {
        return sorted.length == 0 ? 0 : sorted[(int) Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)];
    }

    public static void main(String[] args) {
        long[][] events = input(42);
        DisorderSketch d = disorder(events);
        System.out.printf(Locale.ROOT, "%d events over 3 h (50/s); delay exponential, mean 200 ms, 3 s in the middle hour%n",
                events.length);
        System.out.printf(Locale.ROOT, "disorder over the whole input (tidemark profile): P90 %d ms, P99 %d ms, P99.9 %d ms, max %d ms%n",
                d.valueAtQuantile(0.90), d.valueAtQuantile(0.99), d.valueAtQuantile(0.999), d.max());
        List<Row> rows = new ArrayList<>();
        for (double q : new double[] {0.90, 0.99, 0.999}) {
            long bound = d.valueAtQuantile(q);
            rows.add(run(String.format(Locale.ROOT, "fixed P%s = %d ms", trim(q * 100), bound), events,
                    () -> new BoundedOutOfOrdernessWatermarks<>(Duration.ofMillis(bound))));
        }
        for (double[] c : new double[][] {{0.99, 1.0}, {0.99, 1.3}, {0.999, 1.0}, {0.999, 1.3}}) {
            AdaptiveBound b = AdaptiveBound.quantile(c[0]).factor(c[1]).over(Duration.ofMinutes(10))
                    .between(Duration.ofMillis(100), Duration.ofMinutes(1));
            rows.add(run(String.format(Locale.ROOT, "adaptive P%s × %s", trim(c[0] * 100), trim(c[1])), events,
                    () -> new AdaptiveOutOfOrdernessWatermarks<>(b)));
        }
        System.out.printf(Locale.ROOT, "%-26s %8s %12s %12s %12s %12s %12s%n", "strategy", "late", "delay mean", "delay P99",
                "calm mean", "calm P99", "peak mean");
        for (Row r : rows) {
            System.out.printf(Locale.ROOT, "%-26s %7.3f%% %10.0fms %10dms %10.0fms %10dms %10.0fms%n", r.name(), 100 * r.lateShare(),
                    r.meanDelay(), r.p99Delay(), r.calmMean(), r.calmP99(), r.peakMean());
        }
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
