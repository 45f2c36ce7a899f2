package io.tidemark.crash;

import io.tidemark.connector.kafka.broker.LocalKafkaBroker;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The kill -9 test over Kafka ({@link CrashDriver}'s, with {@code --source kafka}): the input of
 * {@link CrashDriver#writeInput} in a one-partition topic of a local broker (in this JVM), read by
 * {@link KafkaCrashJob}, once without faults, then with checkpoints, its JVM killed with SIGKILL at a
 * random point of its progress {@code kills} times and restarted each time, and finally run to the end.
 * The committed part files and what a {@code read_committed} reader sees of the results and late
 * topics must equal the fault-free run's: none lost, none duplicated. Exits 1 on any difference.
 *
 * <p>Arguments (all optional): {@code --kills N} (10), {@code --seed S} (1), {@code --lines L} (100000),
 * {@code --parallelism P} (1), {@code --work DIR} (a temporary directory).
 */
public final class KafkaCrashDriver {

    /** What a crash run found, for the files and for the topics. */
    public record Report(int kills, int killedMidRun, CrashDriver.Report files, long topicResults, long topicLate,
            List<String> topicLost, List<String> topicDuplicated) {
        public boolean ok() {
            return files.ok() && topicLost.isEmpty() && topicDuplicated.isEmpty();
        }
    }

    private KafkaCrashDriver() {}

    public static void main(String[] args) throws Exception {
        int kills = 10;
        long seed = 1;
        int lines = 100_000;
        int parallelism = 1;
        Path work = null;
        for (int i = 0; i < args.length; i += 2) {
            switch (args[i]) {
                case "--kills" -> kills = Integer.parseInt(args[i + 1]);
                case "--seed" -> seed = Long.parseLong(args[i + 1]);
                case "--lines" -> lines = Integer.parseInt(args[i + 1]);
                case "--parallelism" -> parallelism = Integer.parseInt(args[i + 1]);
                case "--work" -> work = Paths.get(args[i + 1]);
                case "--source" -> {
                    if (!args[i + 1].equals("kafka")) {
                        throw new IllegalArgumentException("--source: this driver reads kafka");
                    }
                }
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (work == null) {
            work = Files.createTempDirectory("tidemark-kafka-crash");
        }
        Report r;
        try (LocalKafkaBroker broker = LocalKafkaBroker.start()) {
            r = run(broker, work, kills, seed, lines, parallelism);
        }
        System.out.println("kills: " + r.kills() + " (" + r.killedMidRun() + " while running); files: " + r.files().results()
                + " results, " + r.files().late() + " late, lost " + r.files().lost().size() + ", duplicated "
                + r.files().duplicated().size() + "; topics (read_committed): " + r.topicResults() + " results, " + r.topicLate()
                + " late, lost " + r.topicLost().size() + ", duplicated " + r.topicDuplicated().size());
        if (!r.ok()) {
            System.out.println("lost: " + r.topicLost().subList(0, Math.min(10, r.topicLost().size())) + " "
                    + r.files().lost().subList(0, Math.min(10, r.files().lost().size())));
            System.out.println("duplicated or different: " + r.topicDuplicated().subList(0, Math.min(10, r.topicDuplicated().size()))
                    + " " + r.files().duplicated().subList(0, Math.min(10, r.files().duplicated().size())));
            System.exit(1);
        }
    }

    public static Report run(LocalKafkaBroker broker, Path work, int kills, long seed, int lines, int parallelism) throws Exception {
        Path input = work.resolve("input.csv");
        CrashDriver.writeInput(input, lines, seed);
        String topic = "crash-input-" + seed;
        broker.createTopic(topic, 1);
        for (String line : Files.readAllLines(input, StandardCharsets.UTF_8)) {
            broker.send(topic, 0, null, null, line);
        }
        broker.flush();
        for (String t : List.of("clean-results", "clean-late", "results", "late")) {
            broker.createTopic(t + "-" + seed, 1);
        }
        Path clean = work.resolve("clean");
        Path out = work.resolve("out");
        Path checkpoints = work.resolve("checkpoints");
        Process faultFree = child(broker, topic, clean, "clean-", seed, "-", parallelism);
        faultFree.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
        if (faultFree.waitFor() != 0) {
            throw new IllegalStateException("the fault-free run failed");
        }
        Random random = new Random(seed);
        int progressLines = lines / CrashJob.PROGRESS_EVERY;
        int midRun = 0;
        for (int i = 0; i < kills; i++) {
            Process p = child(broker, topic, out, "", seed, checkpoints.toString(), parallelism);
            int killAfter = random.nextInt(progressLines + 1);
            try (BufferedReader progress = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                int seen = 0;
                while (seen < killAfter && progress.readLine() != null) {
                    seen++;
                }
                if (p.isAlive()) {
                    p.destroyForcibly(); // SIGKILL: no shutdown hook, no flush, no close, transactions left open
                    midRun++;
                }
            }
            p.waitFor(60, TimeUnit.SECONDS);
        }
        Process last = child(broker, topic, out, "", seed, checkpoints.toString(), parallelism);
        last.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
        if (last.waitFor() != 0) {
            throw new IllegalStateException("the last run failed (exit " + last.exitValue() + ")");
        }
        CrashDriver.Report files = compare(CrashDriver.committed(clean.resolve("results")), CrashDriver.committed(clean.resolve("late")),
                CrashDriver.committed(out.resolve("results")), CrashDriver.committed(out.resolve("late")), kills, midRun);
        CrashDriver.Report topics = compare(committed(broker, "clean-results-" + seed), committed(broker, "clean-late-" + seed),
                committed(broker, "results-" + seed), committed(broker, "late-" + seed), kills, midRun);
        // the fault-free run's files and topics hold the same: the two sinks saw the same records
        if (!CrashDriver.committed(clean.resolve("results")).equals(committed(broker, "clean-results-" + seed))) {
            throw new IllegalStateException("the fault-free run's results topic differs from its result files");
        }
        return new Report(kills, midRun, files, topics.results(), topics.late(), topics.lost(), topics.duplicated());
    }

    private static CrashDriver.Report compare(List<String> expectedResults, List<String> expectedLate, List<String> results,
            List<String> late, int kills, int midRun) {
        List<String> lost = new ArrayList<>(CrashDriver.difference(expectedResults, results));
        lost.addAll(CrashDriver.difference(expectedLate, late));
        List<String> extra = new ArrayList<>(CrashDriver.difference(results, expectedResults));
        extra.addAll(CrashDriver.difference(late, expectedLate));
        return new CrashDriver.Report(kills, midRun, results.size(), late.size(), lost, extra);
    }

    /** What a {@code read_committed} reader sees of {@code topic}, sorted. */
    static List<String> committed(LocalKafkaBroker broker, String topic) {
        List<String> all = new ArrayList<>();
        for (ConsumerRecord<String, String> r : broker.readCommitted(topic)) {
            all.add(r.value());
        }
        all.sort(null);
        return all;
    }

    /** A JVM running {@link KafkaCrashJob}; its standard error goes to this one's. */
    private static Process child(LocalKafkaBroker broker, String topic, Path out, String outputs, long seed, String checkpoints,
            int parallelism) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder b = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), KafkaCrashJob.class.getName(),
                broker.bootstrapServers(), topic, out.toString(), outputs + "results-" + seed, outputs + "late-" + seed, checkpoints,
                String.valueOf(parallelism));
        b.redirectError(ProcessBuilder.Redirect.INHERIT);
        return b.start();
    }
}
