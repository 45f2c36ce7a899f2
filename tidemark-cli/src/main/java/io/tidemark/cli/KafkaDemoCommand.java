package io.tidemark.cli;

import io.tidemark.api.common.metrics.SubtaskMetrics;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.JobConfigLoader;
import io.tidemark.cli.gen.GeneratorOptions;
import io.tidemark.cli.job.Engine;
import io.tidemark.cli.job.EngineUnavailableException;
import io.tidemark.cli.job.JobRunner;
import io.tidemark.cli.job.RunReport;
import io.tidemark.cli.job.Summary;
import io.tidemark.connector.kafka.broker.LocalKafkaBroker;
import io.tidemark.core.execution.JobClient;
import io.tidemark.runtime.metrics.OperatorMetrics;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code tidemark kafka-demo}: the demo's orders through a real Kafka broker. Starts a local KRaft
 * broker in this process, replays the generated orders into a 4-partition topic at {@value #SPEEDUP}×
 * their arrival pace by default (partition p3 stays silent for a stretch), runs the order job reading
 * the topic (each partition watermarked on its own, idleness 2 minutes of the data) and writing its results to a second topic,
 * prints each partition's watermark every second — p3 holding the job back, then idle, then back —
 * stops the job when the orders are written, and prints results read back from Kafka and the summary.
 */
@Command(name = "kafka-demo", mixinStandardHelpOptions = true,
        description = {"Runs the order job on a real Kafka broker in this process.",
            "The demo's orders are written to a 4-partition topic as they arrive",
            "(partition p3 silent for a stretch); the job reads them, each partition",
            "watermarked on its own, with idleness, and writes its results to a topic.",
            "Prints each partition's watermark every second, then results and the",
            "summary. The ./tidemark launcher puts the broker on the class path."})
final class KafkaDemoCommand implements Callable<Integer> {

    /** How much faster than the data's own arrival times the orders are written, by default. */
    static final int SPEEDUP = 60;
    static final int PARTITIONS = 4;

    /** The job file; idleness is 2 minutes of the data's time, {@code 2 min / speedup} of the wall clock. */
    static String job(String servers, int speedup) {
        return String.join("\n",
                "# The order job on Kafka: each partition of 'orders' is a split with its own watermark and",
                "# idleness timer (docs/kafka.md). Processing time is the wall clock; the orders arrive " + speedup + "x",
                "# faster than their own arrival times, so the idleness here is 2 minutes of the story.",
                "name: kafka-order-stats",
                "source:",
                "  type: kafka",
                "  bootstrap-servers: " + servers,
                "  topic: orders",
                "  group-id: order-stats",
                "  starting-offsets: earliest",
                "  stop-at: never              # until stopped (the demo stops it when the orders are written)",
                "  format: jsonl",
                "event-time:",
                "  field: eventTime",
                "  unit: ms",
                "watermark:",
                "  strategy: bounded",
                "  max-out-of-orderness: 10s",
                "  interval: 200ms",
                "  idleness: " + Math.max(200, 120_000 / speedup) + "ms",
                "key-by: [userId]",
                "window:",
                "  type: tumbling",
                "  size: 5m",
                "allowed-lateness: 30s",
                "aggregate: [count, {sum: amount}, {avg: amount}]",
                "output:",
                "  results: {type: kafka, bootstrap-servers: '" + servers + "', topic: order-stats}",
                "  late: {type: jsonl, path: out/late.jsonl}",
                "  dead-letter: {type: jsonl, path: out/dead-letter.jsonl}",
                "");
    }

    private final Main.Io io;

    @Option(names = "--dir", paramLabel = "DIR", description = "where to write the data, the job file and the outputs "
            + "(default: the folder tidemark-kafka-demo in the temporary folder, replaced by each demo)")
    Path dir;

    @Option(names = "--show", paramLabel = "N", defaultValue = "10", description = "how many results to print (default: ${DEFAULT-VALUE})")
    int show;

    @Option(names = "--speedup", paramLabel = "X", defaultValue = "" + SPEEDUP,
            description = "how much faster than their arrival times the orders are written (default: ${DEFAULT-VALUE}: 20 minutes of orders in 20 s)")
    int speedup;

    KafkaDemoCommand(Main.Io io) {
        this.io = io;
    }

    /** The demo's orders: 20 minutes of them, partition p3 without orders from minute 8 to 14. */
    static GeneratorOptions data() {
        GeneratorOptions g = DemoCommand.data();
        g.duration = Duration.ofMinutes(20);
        g.idle.clear();
        g.idle.add(new GeneratorOptions.IdleStretch("p3", 8 * 60_000L, 6 * 60_000L));
        g.veryLateFraction = 0; // no stray p3 record in its silent stretch: the stretch shows idleness alone
        return g;
    }

    @Override
    public Integer call() throws Exception {
        PrintStream out = io.out();
        Path d = DemoCommand.folder(dir, "tidemark-kafka-demo");
        Path data = d.resolve("orders.jsonl");
        GenerateCommand.write(data(), data, io);
        List<String> lines = Files.readAllLines(data, StandardCharsets.UTF_8);

        out.println("Tidemark Kafka demo: the order job reading a Kafka topic, each partition watermarked on its own");
        out.println();
        LocalKafkaBroker broker;
        try {
            broker = LocalKafkaBroker.start();
        } catch (LinkageError e) {
            throw new EngineUnavailableException("the local Kafka broker (org.apache.kafka:kafka_2.13) is not on the class "
                    + "path: run the demo through the launcher, ./tidemark kafka-demo, which builds it", e);
        }
        try (broker) {
            broker.createTopic("orders", PARTITIONS);
            broker.createTopic("order-stats", 1);
            Path jobFile = d.resolve("kafka-order-stats.yaml");
            Files.writeString(jobFile, job(broker.bootstrapServers(), speedup), StandardCharsets.UTF_8);
            out.println("broker    Kafka 4.4 (KRaft) at " + broker.bootstrapServers() + ", in this process");
            out.println("topic     orders, " + PARTITIONS + " partitions (p0..p3 of the generated data); results to topic order-stats");
            out.println("data      " + data + ": " + lines.size() + " lines, 20 minutes of orders written in "
                    + 20 * 60 / speedup + " s; p3 silent from minute 8 to 14");
            out.println("job       " + jobFile + ": 5m windows per user, bounded 10s, idleness 2 minutes of the data, "
                    + "allowed lateness 30s");
            out.println();
            out.println("watermarks (event time as minute:second of the data; ◀ holds the job back):");

            JobConfig job = JobConfigLoader.load(jobFile, BuiltIn.catalog());
            long base = firstArrival(lines);
            AtomicBoolean writing = new AtomicBoolean(true);
            Thread producer = new Thread(() -> {
                try {
                    produce(broker, lines, speedup);
                } finally {
                    writing.set(false);
                }
            }, "kafka-demo-producer");
            io.control().watch(client -> watch(client, base, writing, out));
            producer.start();
            RunReport report = JobRunner.run(job, new JobRunner.Options(1, out, io.err(), false, Engine.EMBEDDED, io.control()));
            producer.join();

            List<ConsumerRecord<String, String>> results = broker.readAll("order-stats");
            out.println();
            out.println("== Results from topic order-stats (first " + Math.min(show, results.size()) + " of " + results.size()
                    + "): key = the window's key, value = the result");
            for (ConsumerRecord<String, String> r : results.subList(0, Math.min(show, results.size()))) {
                out.println(r.key() + "  " + r.value());
            }
            out.println();
            out.print(Summary.format(report));
            out.println();
            out.println("Late records and dead letters (with topic, partition and offset): " + d.resolve("out"));
            return RunCommand.exitCode(report, io);
        }
    }

    private static final Pattern ARRIVAL = Pattern.compile("\"arrival\":(\\d+)");
    private static final Pattern PARTITION = Pattern.compile("\"partition\":\"p(\\d+)\"");

    /** The first line's arrival time: the start of the data, which the watermark display counts from. */
    private static long firstArrival(List<String> lines) {
        for (String l : lines) {
            Matcher m = ARRIVAL.matcher(l);
            if (m.find()) {
                return Long.parseLong(m.group(1));
            }
        }
        return 0;
    }

    /**
     * Writes each line to its partition at its arrival time, {@code speedup}× faster, stamped with that
     * arrival time (as a producer stamps a record when it sends it: the job's time guard compares event
     * times with it); a line without them goes at once to p0, stamped with the previous arrival.
     */
    private static void produce(LocalKafkaBroker broker, List<String> lines, int speedup) {
        long first = firstArrival(lines);
        long arrival = first;
        long start = System.nanoTime();
        for (String l : lines) {
            Matcher a = ARRIVAL.matcher(l);
            Matcher p = PARTITION.matcher(l);
            int partition = p.find() ? Integer.parseInt(p.group(1)) % PARTITIONS : 0;
            if (a.find()) {
                arrival = Long.parseLong(a.group(1));
                long wait = start + (arrival - first) * 1_000_000L / speedup - System.nanoTime();
                if (wait > 0) {
                    broker.flush();
                    java.util.concurrent.locks.LockSupport.parkNanos(wait);
                }
            }
            broker.send("orders", partition, arrival, null, l);
        }
        broker.flush();
    }

    /** Prints the source's per-partition watermarks every second; stops the run once the orders are written and read. */
    private void watch(JobClient client, long base, AtomicBoolean writing, PrintStream out) {
        Thread t = new Thread(() -> {
            long start = System.nanoTime();
            int quietSeconds = 0;
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    Thread.sleep(1_000);
                } catch (InterruptedException e) {
                    return;
                }
                OperatorMetrics source = null;
                for (SubtaskMetrics m : client.getMetrics()) {
                    if (m.getOperatorName().equals("source") && m instanceof OperatorMetrics om) {
                        source = om;
                    }
                }
                if (source == null) {
                    continue;
                }
                out.println(line((System.nanoTime() - start) / 1_000_000_000L, source, base));
                if (!writing.get() && ++quietSeconds >= 3) {
                    out.println(String.format(Locale.ROOT, "p3 was silent from about %.0f s to %.0f s: it held the job back (◀) "
                            + "until idleness marked it idle; then the others' watermark went on without it, and its return "
                            + "made it count again.", 8 * 60.0 / speedup, 14 * 60.0 / speedup));
                    out.println("(all orders written and read: ending the job's input, which fires what it holds)");
                    io.control().endInput("the demo's end");
                    return;
                }
            }
        }, "kafka-demo-watch");
        t.setDaemon(true);
        t.start();
    }

    static String line(long second, OperatorMetrics source, long base) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "  %3ds ", second));
        Map<String, Long> splits = source.splitWatermarks();
        String holding = source.splitHoldingBack();
        List<String> idle = new ArrayList<>(source.idleSplits());
        for (Map.Entry<String, Long> e : splits.entrySet()) {
            String name = "p" + e.getKey().substring(e.getKey().lastIndexOf('-') + 1);
            String value = idle.contains(e.getKey()) ? "idle " : e.getValue() == Long.MIN_VALUE ? "--:--" : clock(e.getValue(), base);
            sb.append(String.format(Locale.ROOT, " %s %s%s", name, value, e.getKey().equals(holding) && splits.size() > 1 ? "◀" : " "));
        }
        return sb.toString();
    }

    private static String clock(long t, long base) {
        long s = Math.max(0, (t - base) / 1000);
        return String.format(Locale.ROOT, "%02d:%02d", s / 60, s % 60);
    }
}
