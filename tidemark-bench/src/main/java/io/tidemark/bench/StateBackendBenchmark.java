package io.tidemark.bench;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.runtime.state.StateBackend;
import io.tidemark.runtime.state.hashmap.HashMapStateBackend;
import io.tidemark.state.rocksdb.EmbeddedRocksDBStateBackend;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.KeyedProcessFunction;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.triggers.ContinuousEventTimeTrigger;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.util.Collector;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;

/**
 * Keyed state on the heap against RocksDB, on W1's data (keyed events, 10,000 keys, 1 ms apart, in
 * order): four jobs per backend, run one after the other in one JVM, the heap first each time. On
 * RocksDB every window job runs the {@code KeyedStateWindowOperator}, its windows' contents in RocksDB;
 * on the heap the operator {@code WindowOperators} chooses there.
 *
 * <ul>
 *   <li><b>W1</b>: W1's tumbling 1 s count + sum ({@code aggregate}, the event-time trigger): on the
 *       heap aligned slices; on RocksDB an {@code AggregatingState} per (key, window).
 *   <li><b>W1/elements</b>: the same count + sum by a {@code ProcessWindowFunction} over the window's
 *       elements: on the heap aligned slices of element lists; on RocksDB a {@code ListState} per
 *       (key, window), appended to.
 *   <li><b>W1/general</b>: W1's tumbling 1 s count + sum through the general window operator (a
 *       {@code ContinuousEventTimeTrigger} of 1 s, whose per-window fire time is keyed state: a read
 *       and a write per record).
 *   <li><b>W1/process</b>: the same counts by a keyed process function, count and sum in a
 *       {@code ValueState} per key (a read and a write per record) and an event-time timer per key
 *       and second.
 * </ul>
 *
 * <p>Prints events/s per job and backend and the ratio, and writes them to
 * {@code bench/results/<date>-state-backends.txt}. Asserts nothing. Arguments: events (default
 * 2,000,000), rounds (default 2; the best round counts).
 */
public final class StateBackendBenchmark {

    private StateBackendBenchmark() {}

    static final int KEYS = 10_000;

    /** Count and sum of a window's amounts. */
    static final class CountSum implements AggregateFunction<long[], long[], long[]> {
        @Override
        public long[] createAccumulator() {
            return new long[2];
        }

        @Override
        public long[] add(long[] e, long[] acc) {
            acc[0]++;
            acc[1] += e[2];
            return acc;
        }

        @Override
        public long[] getResult(long[] acc) {
            return acc;
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            return new long[] {a[0] + b[0], a[1] + b[1]};
        }
    }

    /** Count and sum per key in value state, emitted at the end of each second by an event-time timer. */
    static final class PerKeyCounts extends KeyedProcessFunction<Long, long[], long[]> {
        private static final ValueStateDescriptor<long[]> ACC = new ValueStateDescriptor<>("acc", long[].class);

        @Override
        public void processElement(long[] e, Context ctx, Collector<long[]> out) throws Exception {
            ValueState<long[]> acc = getRuntimeContext().getState(ACC);
            long[] a = acc.value();
            if (a == null) {
                a = new long[2];
                ctx.timerService().registerEventTimeTimer(e[1] / 1000 * 1000 + 999);
            }
            a[0]++;
            a[1] += e[2];
            acc.update(a);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<long[]> out) throws Exception {
            ValueState<long[]> acc = getRuntimeContext().getState(ACC);
            out.collect(acc.value());
            acc.clear();
        }
    }

    /** Count and sum of a window's elements, kept as a list. */
    static final class CountSumOfElements extends ProcessWindowFunction<long[], long[], Long, TimeWindow> {
        @Override
        public void process(Long key, Context context, Iterable<long[]> elements, Collector<long[]> out) {
            long[] acc = new long[2];
            for (long[] e : elements) {
                acc[0]++;
                acc[1] += e[2];
            }
            out.collect(acc);
        }
    }

    static final class Count implements SinkFunction<long[]> {
        static final LongAdder RESULTS = new LongAdder();

        @Override
        public void invoke(long[] value, Context context) {
            RESULTS.increment();
        }
    }

    /** Runs one job; returns events/s. */
    static double run(String job, StateBackend backend, long events) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setStateBackend(backend);
        var in = env.fromSequence(0, events - 1).map(i -> new long[] {(i * 7919) % KEYS, i, i % 100})
                .assignTimestampsAndWatermarks(WatermarkStrategy.<long[]>forMonotonousTimestamps().withTimestampAssigner((e, t) -> e[1]));
        if (job.equals("W1")) {
            in.keyBy(e -> e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(1))).aggregate(new CountSum())
                    .addSink(new Count());
        } else if (job.equals("W1/elements")) {
            in.keyBy(e -> e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(1))).process(new CountSumOfElements())
                    .addSink(new Count());
        } else if (job.equals("W1/general")) {
            in.keyBy(e -> e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                    .trigger(ContinuousEventTimeTrigger.of(Duration.ofSeconds(1))).aggregate(new CountSum()).addSink(new Count());
        } else {
            in.keyBy(e -> e[0]).process(new PerKeyCounts()).addSink(new Count());
        }
        Count.RESULTS.reset();
        long start = System.nanoTime();
        env.execute(job);
        double seconds = (System.nanoTime() - start) / 1e9;
        if (Count.RESULTS.sum() == 0) {
            throw new IllegalStateException(job + " produced nothing");
        }
        return events / seconds;
    }

    public static void main(String[] args) throws Exception {
        long events = args.length > 0 ? Long.parseLong(args[0]) : 2_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        Path db = Files.createTempDirectory("tidemark-bench-rocksdb");
        StringBuilder report = new StringBuilder();
        report.append(String.format(Locale.ROOT, "== state backends: %,d events, %,d keys, parallelism 1, best of %d rounds; %s, %d cores%n",
                events, KEYS, rounds, System.getProperty("java.vm.version"), Runtime.getRuntime().availableProcessors()));
        for (String job : List.of("W1", "W1/elements", "W1/general", "W1/process")) {
            double heap = 0;
            double rocks = 0;
            for (int r = 0; r < rounds; r++) {
                heap = Math.max(heap, run(job, new HashMapStateBackend(), events));
                rocks = Math.max(rocks, run(job, new EmbeddedRocksDBStateBackend().setDbStoragePath(db.toString()), events));
            }
            report.append(String.format(Locale.ROOT, "%-11s heap %,12.0f events/s   rocksdb %,12.0f events/s   rocksdb/heap %.2f%n",
                    job, heap, rocks, rocks / heap));
        }
        System.out.print(report);
        Path results = Paths.get(System.getProperty("tidemark.bench.results", "bench/results"));
        if (Files.isDirectory(results)) {
            Path file = results.resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd-HHmm")) + "-state-backends.txt");
            Files.writeString(file, report.toString(), StandardCharsets.UTF_8);
            System.out.println("written to " + file);
        }
        Files.deleteIfExists(db.resolve("tidemark-rocksdb")); // each subtask deleted its database
        Files.deleteIfExists(db);
    }
}
