package io.tidemark.bench;

import io.tidemark.bench.BenchMain.Options;
import io.tidemark.bench.BenchMain.Report;
import io.tidemark.bench.BenchMain.Row;
import io.tidemark.bench.flink.FlinkJobs;
import io.tidemark.connector.kafka.broker.LocalKafkaBroker;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * K1: the W1 pipeline (keyed tumbling 1 s, count + sum) reading its events from a Kafka topic of a
 * local broker (4 partitions, events spread round robin, so each partition is in order within the
 * 2 s bound), at parallelism 1 and 2, on: Tidemark embedded with Tidemark's KafkaSource
 * ({@code tidemark}); a direct Flink job with Flink's KafkaSource ({@code flink}); the Tidemark
 * pipeline on Flink through the runner, which uses Flink's KafkaSource ({@code runner}). All read the
 * same topic in the same run; their results are checked against the in-memory dense loop on the same
 * events. Writing the topic is not timed; a run is timed from its source's start (deserializer
 * opened: the consumer is connecting) to its sink's end of input, so it includes the consumer's
 * start-up and every fetch from the broker, which shares this JVM and its cores.
 *
 * <p>The reference, in every round before the engines: Kafka's own consumer performance tool
 * ({@code kafka-consumer-perf-test}'s class, {@code org.apache.kafka.tools.ConsumerPerformance}, in this
 * JVM) reading the whole topic with a group of its own, timed the same way, from its start (the
 * consumer connecting) to its last record; it only counts records, so its row has no results to check.
 */
final class KafkaBench {

    static final int PARTITIONS = 4;
    static final List<String> ENGINES = List.of("tidemark", "flink", "runner");
    /** The reference that runs in every round: Kafka's consumer performance tool. */
    static final String PERF_TOOL = "perf-tool";
    /** The last line the tool printed: its figures (its own records/s include its group's rebalance, its fetch records/s do not). */
    private static String lastToolReport = "";

    private KafkaBench() {}

    static void run(Options o, Report report) throws Exception {
        int n = o.events > 0 ? o.events : o.smoke ? 20_000 : 2_000_000;
        Events e = Events.keyed(n, o.keys > 0 ? o.keys : 10_000, 0, 42);
        List<String> engines = new ArrayList<>();
        for (String engine : o.engines) {
            if (ENGINES.contains(engine)) {
                engines.add(engine);
            }
        }
        engines.add(0, PERF_TOOL);
        int[] parallelisms = o.parallelism > 1 ? new int[] {o.parallelism} : new int[] {1, 2};
        report.println("");
        report.println(String.format(Locale.ROOT, "== K1 — W1 read from Kafka: a local KRaft broker in this JVM, one topic of %d "
                + "partitions (round robin), %s", PARTITIONS, e.description));
        Shared.reset(e, o.smoke, false);
        Loops.tumblingDense(new Loops.Input(e, e.key, false), 1_000, 0, Shared.main, Shared.side);
        Digest reference = Shared.main;
        try (LocalKafkaBroker broker = LocalKafkaBroker.start()) {
            String topic = "k1";
            broker.createTopic(topic, PARTITIONS);
            long t0 = System.nanoTime();
            write(broker.bootstrapServers(), topic, e);
            double writeSeconds = (System.nanoTime() - t0) / 1e9;
            report.println(String.format(Locale.ROOT, "topic written in %.1f s (%,.0f records/s, %d B values; not timed)",
                    writeSeconds, n / writeSeconds, EventCodec.SIZE));
            int runs = 0;
            if (o.warmup) {
                for (String engine : engines) {
                    runEngine(engine, broker.bootstrapServers(), topic, "warm-" + runs++, 1, e, o);
                }
            }
            List<Row> rows = new ArrayList<>();
            for (int round = 1; round <= o.rounds; round++) {
                for (int p : parallelisms) {
                    for (String engine : engines) {
                        double seconds;
                        Measure m = new Measure();
                        try (m) {
                            seconds = runEngine(engine, broker.bootstrapServers(), topic, "run-" + runs++, p, e, o);
                        }
                        boolean match = engine.equals(PERF_TOOL) || Shared.main.sameAs(reference) && Shared.side.count() == 0;
                        Row row = new Row("K1/p" + p, engine, n, seconds, m.peakUsedMiB(), m.peakLiveMiB(), m.gcMillis,
                                m.gcCount, Shared.main.count(), Shared.side.count(), Shared.main.toString(), match, round);
                        rows.add(row);
                        report.rows.add(row);
                        report.allMatch &= match;
                        if (engine.equals(PERF_TOOL)) {
                            report.println("kafka-consumer-perf-test's own report (start, end, MB, MB/s, records, records/s, rebalance ms, "
                                    + "fetch ms, fetch MB/s, fetch records/s): " + lastToolReport);
                        }
                    }
                }
            }
            print(rows, engines, parallelisms, o, report);
        }
    }

    /** Writes every event to the topic: partition {@code i % 4}, the event time as the record's timestamp. */
    static void write(String bootstrapServers, String topic, Events e) {
        Properties p = new Properties();
        p.setProperty(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.setProperty(ProducerConfig.ACKS_CONFIG, "1");
        p.setProperty(ProducerConfig.LINGER_MS_CONFIG, "20");
        p.setProperty(ProducerConfig.BATCH_SIZE_CONFIG, Integer.toString(256 * 1024));
        p.setProperty(ProducerConfig.BUFFER_MEMORY_CONFIG, Long.toString(128L << 20));
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer())) {
            for (int i = 0; i < e.n; i++) {
                producer.send(new ProducerRecord<>(topic, i % PARTITIONS, e.ts[i], null,
                        EventCodec.encode(e.key[i], e.ts[i], e.value[i])));
            }
            producer.flush();
        }
    }

    /** Runs one engine over the whole topic; returns the seconds from its source's start to its sink's end. */
    static double runEngine(String engine, String servers, String topic, String group, int parallelism, Events e, Options o)
            throws Exception {
        Shared.reset(e, o.smoke, false);
        long t0 = System.nanoTime();
        switch (engine) {
            case "tidemark" -> TidemarkJobs.runKafka(servers, topic, group, parallelism, false);
            case "runner" -> TidemarkJobs.runKafka(servers, topic, group, parallelism, true);
            case "flink" -> FlinkJobs.runKafka(servers, topic, group, parallelism);
            case PERF_TOOL -> {
                return consumerPerformance(servers, topic, group, e.n);
            }
            default -> throw new IllegalArgumentException("unknown engine " + engine + " for K1 (tidemark, flink, runner)");
        }
        long wall = System.nanoTime() - t0;
        long start = Shared.sourceStartNanos;
        long end = Shared.sinkEndNanos;
        return (start > 0 && end > start ? end - start : wall) / 1e9;
    }

    /**
     * Kafka's {@code kafka-consumer-perf-test} on the whole topic: the seconds from its start to its end,
     * after checking from its report that it consumed all {@code n} records (its standard out is taken
     * for the time of the run).
     */
    static double consumerPerformance(String servers, String topic, String group, int n) throws Exception {
        java.io.PrintStream stdout = System.out;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        long t0 = System.nanoTime();
        try (java.io.PrintStream to = new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8)) {
            System.setOut(to);
            org.apache.kafka.tools.ConsumerPerformance.main(new String[] {"--bootstrap-server", servers, "--topic", topic, "--group", group,
                    "--num-records", Integer.toString(n), "--timeout", "60000", "--hide-header"});
        } finally {
            System.setOut(stdout);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        // start.time, end.time, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, nMsg.sec, ...
        String report = captured.toString(java.nio.charset.StandardCharsets.UTF_8).trim();
        lastToolReport = report.lines().reduce((a, b) -> b).orElse("");
        String[] last = lastToolReport.split(",\\s*");
        if (last.length < 6 || Long.parseLong(last[4].trim()) != n) {
            throw new IllegalStateException("kafka-consumer-perf-test did not consume the " + n + " records of " + topic + ": " + report);
        }
        return seconds;
    }

    static void print(List<Row> rows, List<String> engines, int[] parallelisms, Options o, Report report) {
        report.println(String.format(Locale.ROOT, "%-9s %-5s %5s %12s %9s %10s %8s %11s  %s", "engine", "p", "round",
                "events/s", "time s", "peak MiB", "GC ms", "results", "check"));
        for (Row r : rows) {
            report.println(String.format(Locale.ROOT, "%-9s %-5s %5d %,12.0f %9.2f %10.0f %8d %,11d  %s", r.engine(),
                    r.workload().substring(r.workload().indexOf('/') + 1), r.round(), r.eventsPerSecond(), r.seconds(),
                    r.peakUsedMiB(), r.gcMillis(), r.results(), r.engine().equals(PERF_TOOL) ? "all records consumed (the reference)"
                            : r.match() ? "same results as the dense loop" : "DIFFERENT RESULTS: VOID " + r.digest()));
        }
        if (!engines.contains("tidemark")) {
            return;
        }
        StringBuilder sb = new StringBuilder("ratios (median over rounds): ");
        for (int p : parallelisms) {
            for (String other : List.of(PERF_TOOL, "flink", "runner")) {
                if (!engines.contains(other)) {
                    continue;
                }
                double[] ratios = new double[o.rounds];
                for (int round = 1; round <= o.rounds; round++) {
                    ratios[round - 1] = eps(rows, "tidemark", p, round) / eps(rows, other, p, round);
                }
                java.util.Arrays.sort(ratios);
                sb.append(String.format(Locale.ROOT, "p=%d Tidemark/%s %.2f   ", p,
                        other.equals(PERF_TOOL) ? "kafka-consumer-perf-test" : other.equals("flink") ? "Flink KafkaSource"
                                : "runner (Flink KafkaSource)", BenchMain.median(ratios)));
            }
        }
        report.println(sb.toString().trim());
    }

    private static double eps(List<Row> rows, String engine, int p, int round) {
        return rows.stream().filter(r -> r.engine().equals(engine) && r.workload().equals("K1/p" + p) && r.round() == round)
                .findFirst().orElseThrow().eventsPerSecond();
    }
}
