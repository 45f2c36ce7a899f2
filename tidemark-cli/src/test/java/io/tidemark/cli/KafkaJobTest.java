package io.tidemark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.connector.kafka.broker.LocalKafkaBroker;
import io.tidemark.runtime.checkpoint.CrashPoints;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Job files with {@code source.type: kafka} and outputs of {@code type: kafka}, against a real broker. */
class KafkaJobTest {

    static LocalKafkaBroker broker;

    @BeforeAll
    static void start() {
        broker = LocalKafkaBroker.start();
    }

    @AfterAll
    static void stop() {
        if (broker != null) {
            broker.close();
        }
    }

    static String job(String source, String results, String deadLetter) {
        return String.join("\n",
                "name: kafka-job",
                "source:",
                source.indent(2).stripTrailing(),
                "event-time: {field: eventTime}",
                "watermark: {strategy: bounded, max-out-of-orderness: 2s}",
                "key-by: [userId]",
                "window: {type: tumbling, size: 10s}",
                "aggregate: [count, {sum: amount}]",
                "output:",
                "  results: " + results,
                "  late: {type: jsonl, path: out/late.jsonl}",
                "  dead-letter: " + deadLetter,
                "");
    }

    @Test
    void readsATopicPartitionByPartitionWritesResultsAndDeadLettersToTopics(@TempDir Path dir) throws Exception {
        broker.createTopic("orders", 3);
        broker.createTopic("stats", 1);
        broker.createTopic("dead", 1);
        long t0 = System.currentTimeMillis() / 10_000 * 10_000 - 600_000;
        for (int p = 0; p < 3; p++) {
            for (int i = 0; i < 20; i++) {
                broker.send("orders", p, null, null, CliHarness.order("u" + (i % 2), t0 + i * 1_000L, Integer.toString(p + 1)));
            }
        }
        broker.send("orders", 1, null, null, "{not json");
        broker.send("orders", 2, null, null, CliHarness.order("u0", t0 + 86_400_000L * 400, "1")); // a year ahead of its writing
        broker.flush();
        Path job = CliHarness.write(dir, "job.yaml", job(String.join("\n",
                        "type: kafka",
                        "bootstrap-servers: " + broker.bootstrapServers(),
                        "topic: orders",
                        "group-id: stats-job",
                        "stop-at: latest"),
                "{type: kafka, bootstrap-servers: '" + broker.bootstrapServers() + "', topic: stats, delivery: exactly-once}",
                "{type: kafka, bootstrap-servers: '" + broker.bootstrapServers() + "', topic: dead}"));

        CliHarness.Result r = CliHarness.run("run", job.toString()).assertOk();

        List<ConsumerRecord<String, String>> stats = broker.readCommitted("stats");
        // 20 s of orders per partition: two 10 s windows per user; every partition's orders in them
        assertThat(stats).hasSize(4);
        assertThat(stats.stream().mapToLong(s -> Long.parseLong(s.value().replaceAll(".*\"count\": (\\d+).*", "$1"))).sum())
                .isEqualTo(60);
        assertThat(stats).allSatisfy(s -> assertThat(s.key()).matches("\\{\"userId\": \"u[01]\"\\}"));
        assertThat(stats.stream().map(ConsumerRecord::value).collect(Collectors.toList()))
                .allSatisfy(v -> assertThat(v).startsWith("{\"key\": {\"userId\": "));
        List<String> dead = broker.readAll("dead").stream().map(ConsumerRecord::value).collect(Collectors.toList());
        assertThat(dead).hasSize(2);
        assertThat(dead).anySatisfy(d -> assertThat(d).contains("\"reason\": \"unparsable\"")
                .contains("\"kafka\": {\"topic\": \"orders\", \"partition\": 1, \"offset\": 20}"));
        assertThat(dead).anySatisfy(d -> assertThat(d).contains("\"reason\": \"too-far-ahead\"")
                .contains("\"kafka\": {\"topic\": \"orders\", \"partition\": 2, \"offset\": 20}"));
        assertThat(Files.readAllLines(dir.resolve("out/late.jsonl"))).isEmpty();
        assertThat(r.out()).contains("62 lines read = 60 in window results + 0 late + 2 dead letters: OK");
        // the group's offsets are committed to the end
        assertThat(broker.admin().listConsumerGroupOffsets("stats-job").partitionsToOffsetAndMetadata().get().values())
                .extracting(o -> o.offset()).containsExactlyInAnyOrder(20L, 21L, 21L);
    }

    /**
     * {@code source.sort} on a Kafka source: each partition sorted in a buffer of its own. Partition 0 holds
     * the worked example of docs/job-file.md (event times in s: 7 3 10 8 15 2 12 21 16 30, 2 late) with a
     * bad record after 10 let 3 go; partition 1 holds 5 1 9 14 4 20 25 (4 late: 9 had gone) after an empty
     * record. The bad record and the empty one, which have no event time, pass the buffers too and are
     * counted as the run counts them; with {@code monotonous} nothing after the source is late.
     */
    @Test
    void aSortedKafkaSourceSortsEachPartitionAndSendsItsStragglersToTheLateOutput(@TempDir Path dir) throws Exception {
        broker.createTopic("sorted", 2);
        broker.send("sorted", 1, null, null, "");
        for (long s : new long[] {7, 3, 10}) {
            broker.send("sorted", 0, null, null, CliHarness.order("u1", s * 1000, "1"));
        }
        broker.send("sorted", 0, null, null, "{not json");
        for (long s : new long[] {8, 15, 2, 12, 21, 16, 30}) {
            broker.send("sorted", 0, null, null, CliHarness.order("u1", s * 1000, "1"));
        }
        for (long s : new long[] {5, 1, 9, 14, 4, 20, 25}) {
            broker.send("sorted", 1, null, null, CliHarness.order("u2", s * 1000, "1"));
        }
        broker.flush();
        Path job = CliHarness.write(dir, "job.yaml", job(String.join("\n",
                        "type: kafka",
                        "bootstrap-servers: " + broker.bootstrapServers(),
                        "topic: sorted",
                        "stop-at: latest",
                        "sort: {buffer: 5s}"),
                "{type: jsonl, path: out/results.jsonl}", "{type: jsonl, path: out/dead.jsonl}")
                .replace("watermark: {strategy: bounded, max-out-of-orderness: 2s}", "watermark: {strategy: monotonous, emit: per-event}"));

        CliHarness.Result r = CliHarness.run("run", job.toString()).assertOk();

        // window by window: user, start, count (each firing's watermark depends on how the partitions interleave)
        assertThat(CliHarness.lines(dir.resolve("out/results.jsonl")).stream()
                .map(l -> l.replaceAll(".*\"userId\": \"(u\\d)\".*\"window_start\": (\\d+),.*\"count\": (\\d+),.*", "$1 $2 $3"))
                .sorted().collect(Collectors.toList()))
                .containsExactly("u1 0 3", "u1 10000 4", "u1 20000 1", "u1 30000 1", "u2 0 3", "u2 10000 1", "u2 20000 2");
        assertThat(CliHarness.lines(dir.resolve("out/late.jsonl")))
                .containsExactlyInAnyOrder(CliHarness.order("u1", 2000, "1"), CliHarness.order("u2", 4000, "1"));
        assertThat(CliHarness.lines(dir.resolve("out/dead.jsonl"))).singleElement()
                .satisfies(d -> assertThat(d).contains("\"reason\": \"unparsable\"").contains("\"partition\": 0, \"offset\": 3"));
        assertThat(r.out()).contains("19 lines read = 15 in window results + 2 late + 1 dead letters + 1 empty: OK");
    }

    /** The exactly-once Kafka output of the dead letters of the job in {@code jobDir}, as a run opens it. */
    static io.tidemark.cli.spi.Output openExactlyOnce(String topic, Path jobDir) throws Exception {
        Path file = jobDir.resolve("job.yaml");
        if (!Files.exists(file)) {
            CliHarness.write(jobDir, "job.yaml", job("type: kafka\nbootstrap-servers: " + broker.bootstrapServers() + "\ntopic: orders",
                    "{type: stdout}", "{type: kafka, bootstrap-servers: '" + broker.bootstrapServers() + "', topic: " + topic
                            + ", delivery: exactly-once}"));
        }
        io.tidemark.cli.config.JobConfig job = io.tidemark.cli.config.JobConfigLoader.load(file, BuiltIn.catalog());
        io.tidemark.cli.spi.OutputContext.Role role = io.tidemark.cli.spi.OutputContext.Role.DEAD_LETTER;
        return job.outputs().get(role).open(io.tidemark.cli.job.JobRunner.outputContext(job, role, () -> null, System.out));
    }

    static io.tidemark.cli.data.DeadLetter dead(int n) {
        return new io.tidemark.cli.data.DeadLetter("unparsable", "line " + n, "in.jsonl", n, "{not json " + n);
    }

    static List<Long> committedLines(String topic) {
        return broker.readCommitted(topic).stream().map(c -> Long.parseLong(c.value().replaceAll(".*\"line\": (\\d+).*", "$1")))
                .collect(Collectors.toList());
    }

    @Test
    void anExactlyOnceOutputShowsAFailedOrKilledRunNothingAndAGoodRunOnce(@TempDir Path dir) throws Exception {
        broker.createTopic("dead-once", 1);
        io.tidemark.cli.spi.Output failed = openExactlyOnce("dead-once", dir);
        failed.write(dead(1));
        failed.write(dead(2));
        failed.flush();
        assertThat(failed.abort()).isNull(); // the run failed: its transaction is aborted
        assertThat(committedLines("dead-once")).isEmpty();

        io.tidemark.cli.spi.Output killed = openExactlyOnce("dead-once", dir);
        killed.write(dead(3));
        killed.flush(); // and the process dies: neither commit nor abort

        io.tidemark.cli.spi.Output good = openExactlyOnce("dead-once", dir); // aborts the killed run's transaction
        good.write(dead(4));
        good.write(dead(5));
        good.commit();
        assertThat(committedLines("dead-once")).containsExactly(4L, 5L);
        assertThat(broker.readAll("dead-once")).hasSizeGreaterThanOrEqualTo(4); // the aborted records are in the log
    }

    @Test
    void theKafkaDemoRunsToItsSummaryAndAccountsForEveryRecord(@TempDir Path dir) {
        CliHarness.Result r = CliHarness.run("kafka-demo", "--speedup", "600", "--show", "3", "--dir", dir.toString()).assertOk();
        assertThat(r.out()).contains("watermarks (event time").contains("== Results from topic order-stats")
                .containsPattern("accounted +\\d+ lines read = \\d+ in window results \\+ \\d+ late \\+ \\d+ dead letters: OK");
        assertThat(dir.resolve("out/dead-letter.jsonl")).content().contains("\"kafka\": {\"topic\": \"orders\"");
    }

    @Test
    void unreachableBrokersFailTheRunAtOnceNamingTheKey(@TempDir Path dir) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path job = CliHarness.write(dir, "job.yaml", job(String.join("\n",
                        "type: kafka",
                        "bootstrap-servers: 127.0.0.1:" + port,
                        "topic: orders",
                        "properties: {default.api.timeout.ms: 1500}"),
                "{type: jsonl, path: out/results.jsonl}", "{type: jsonl, path: out/dead.jsonl}"));
        CliHarness.Result r = CliHarness.run("run", job.toString());
        assertThat(r.exitCode()).isNotZero();
        assertThat(r.err()).contains("source.bootstrap-servers").contains("cannot reach the Kafka brokers at 127.0.0.1:" + port);
    }

    @Test
    void validateNamesTheKafkaKeyThatIsWrong(@TempDir Path dir) throws Exception {
        Path noTopic = CliHarness.write(dir, "a.yaml", job("type: kafka\nbootstrap-servers: localhost:9092",
                "{type: stdout}", "{type: stdout}"));
        CliHarness.Result a = CliHarness.run("validate", noTopic.toString());
        assertThat(a.exitCode()).isEqualTo(2);
        assertThat(a.err()).contains("source.topic");
        Path csv = CliHarness.write(dir, "b.yaml", job("type: kafka\nbootstrap-servers: localhost:9092\ntopic: t\nformat: csv",
                "{type: stdout}", "{type: stdout}"));
        CliHarness.Result b = CliHarness.run("validate", csv.toString());
        assertThat(b.exitCode()).isEqualTo(2);
        assertThat(b.err()).contains("source.columns");
        Path committed = CliHarness.write(dir, "c.yaml", job(
                "type: kafka\nbootstrap-servers: localhost:9092\ntopic: t\nstarting-offsets: committed",
                "{type: stdout}", "{type: stdout}"));
        assertThat(CliHarness.run("validate", committed.toString()).err()).contains("source.starting-offsets")
                .contains("group-id");
        Path ok = CliHarness.write(dir, "d.yaml", job(
                "type: kafka\nbootstrap-servers: localhost:9092\ntopics: [a, b]\nstarting-offsets: 2024-01-01T08:00:00+08:00",
                "{type: kafka, bootstrap-servers: 'localhost:9092', topic: out}", "{type: stdout}"));
        CliHarness.run("validate", ok.toString()).assertOk();
    }

    /**
     * With {@code checkpoint:}: a Kafka source resumes at its checkpointed offsets and the results go to a
     * topic exactly once (the default delivery then: one transaction per checkpoint). The command's JVM
     * halts as at a SIGKILL twice ({@link CrashPoints}): after a checkpoint, and in the run resumed from it;
     * a {@code read_committed} reader then sees exactly the results of a run without faults (written to a
     * file), in the same order, and the last run's summary counts what that run's does.
     */
    @Test
    void killedTwiceAtCheckpointsAKafkaJobResumesAtItsOffsetsAndWritesEachResultOnce(@TempDir Path dir) throws Exception {
        killedTwice(dir, "cp", null);
    }

    /**
     * The same with the partition sorted ({@code source.sort.buffer: 2s}, a monotonous watermark): the
     * buffer's records are in the checkpoints, so the resumed run writes the results, late records and dead
     * letters of a run without faults.
     */
    @Test
    void killedTwiceAtCheckpointsASortedKafkaJobResumesWithItsBuffersContents(@TempDir Path dir) throws Exception {
        killedTwice(dir, "cps", "sort: {buffer: 2s}");
    }

    /** Kills a job twice after checkpoints, resumes it and compares with a run without faults; {@code sort}: the source's sort line. */
    private void killedTwice(Path dir, String topic, String sort) throws Exception {
        broker.createTopic(topic + "-orders", 1);
        broker.createTopic(topic + "-stats", 1);
        java.util.Random r = new java.util.Random(9);
        long t = 1_700_000_000_000L;
        for (int i = 0; i < 15_000; i++) {
            t += r.nextInt(40);
            broker.send(topic + "-orders", 0, null, null, i % 1000 == 3 ? "{broken" : CliHarness.order("u" + r.nextInt(10), t - r.nextInt(3_000), "1"));
        }
        broker.flush();
        String source = String.join("\n", "type: kafka", "bootstrap-servers: " + broker.bootstrapServers(), "topic: " + topic + "-orders",
                "stop-at: latest") + (sort == null ? "" : "\n" + sort);
        String perEvent = "watermark: {strategy: bounded, max-out-of-orderness: 2s}";
        String watermark = sort == null ? perEvent.replace("2s}", "2s, emit: per-event}") : "watermark: {strategy: monotonous, emit: per-event}";
        Files.writeString(dir.resolve("plain.yaml"), job(source, "{type: jsonl, path: plain/results.jsonl}",
                "{type: jsonl, path: plain/dead.jsonl}").replace(perEvent, watermark));
        CliHarness.Result plain = CliHarness.run("run", "--no-progress", dir.resolve("plain.yaml").toString());
        plain.assertOk();
        Path job = dir.resolve("cp.yaml");
        Files.writeString(job, job(source, "{type: kafka, bootstrap-servers: '" + broker.bootstrapServers() + "', topic: " + topic + "-stats}",
                "{type: jsonl, path: cp/dead.jsonl}").replace(perEvent, watermark).replace("path: out/late.jsonl", "path: cp/late.jsonl")
                + "checkpoint: {dir: chk, interval: 50ms}\n");
        // the first run halts as at a SIGKILL once its third checkpoint is complete; the second, resumed from
        // it, at its fourth commit, so its checkpoints (the first of them right after the restore) are in play
        for (String crashAt : List.of("checkpoint.completed:3", "commit.begin:4")) {
            Path err = dir.resolve("crash-" + crashAt.replace(':', '-') + ".err");
            Process p = ChildCli.start(err, List.of("-Xmx256m", "-D" + CrashPoints.PROPERTY + "=" + crashAt),
                    "run", "-q", "--no-progress", job.toString());
            assertThat(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as(Files.readString(err)).isEqualTo(CrashPoints.EXIT_CODE);
        }
        CliHarness.Result last = CliHarness.run("run", "--no-progress", job.toString());
        last.assertOk();
        assertThat(last.err()).contains("resuming from checkpoint");
        assertThat(broker.readCommitted(topic + "-stats").stream().map(ConsumerRecord::value).collect(Collectors.toList()))
                .isEqualTo(Files.readAllLines(dir.resolve("plain/results.jsonl")));
        assertThat(Files.readAllLines(dir.resolve("cp/dead.jsonl"))).isEqualTo(Files.readAllLines(dir.resolve("plain/dead.jsonl")));
        if (sort != null) { // the partition's stragglers, as the run without faults found them
            assertThat(Files.readAllLines(dir.resolve("cp/late.jsonl"))).isNotEmpty()
                    .isEqualTo(Files.readAllLines(dir.resolve("out/late.jsonl")));
        }
        // the Kafka source's counters and the links' counts are in the checkpoints: the summary is the whole job's
        assertThat(CliHarness.summaryCounts(last.out())).hasSize(5).isEqualTo(CliHarness.summaryCounts(plain.out()));
    }
}
