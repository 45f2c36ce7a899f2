package io.tidemark.flink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.cli.Main;
import io.tidemark.connector.kafka.broker.LocalKafkaBroker;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tidemark run --engine flink} with {@code checkpoint:} and a Kafka source, against a real
 * broker: the command's JVM (a child, with its MiniCluster) is killed with SIGKILL once Flink completed
 * a checkpoint, and started again: it resumes from Flink's checkpoint (Flink's KafkaSource offsets, the
 * windows, the link committables), and the outputs end equal to a fault-free run's.
 */
class CliKafkaCheckpointsOnFlinkTest {

    private static final int RECORDS = 40_000;

    static LocalKafkaBroker broker;

    @TempDir
    Path dir;

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

    private String job(String topic, String out, String extra) {
        return """
                source: {type: kafka, bootstrap-servers: '%s', topic: %s, group-id: g-%s, stop-at: latest}
                event-time: {field: ts, max-future: 1d}
                watermark: {strategy: bounded, max-out-of-orderness: 500ms, emit: per-event}
                key-by: [user]
                window: {type: tumbling, size: 1s}
                allowed-lateness: 200ms
                aggregate: [count, {max: amount}]
                output:
                  results: {type: jsonl, path: %s/results.jsonl}
                  late: {type: jsonl, path: %s/late.jsonl}
                  dead-letter: {type: jsonl, path: %s/dead.jsonl}
                %s
                """.formatted(broker.bootstrapServers(), topic, out, out, out, out, extra);
    }

    /** Users' amounts at times up to 2 s out of order, and a bad record every 997. */
    private void input(String topic, int records) {
        broker.createTopic(topic, 1);
        Random r = new Random(41);
        long t = 1_700_000_000_000L;
        for (int i = 0; i < records; i++) {
            t += r.nextInt(30);
            broker.send(topic, 0, null, null, i % 997 == 5 ? "{broken"
                    : "{\"user\": \"u" + r.nextInt(20) + "\", \"ts\": " + (t - r.nextInt(2_000)) + ", \"amount\": " + r.nextInt(100) + "}");
        }
        broker.flush();
    }

    private long latestCheckpoint() {
        try (Stream<Path> s = Files.walk(dir.resolve("chk/flink"), 3)) {
            return s.filter(p -> p.getFileName().toString().equals("_metadata"))
                    .mapToLong(p -> Long.parseLong(p.getParent().getFileName().toString().substring(4))).max().orElse(0);
        } catch (IOException | java.io.UncheckedIOException e) {
            return 0; // not made yet, or changing under the walk
        }
    }

    /** The offset the group {@code group} committed on the input's partition; 0 if none yet. */
    private static long committed(String group) {
        try {
            return broker.admin().listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get().values().stream()
                    .filter(java.util.Objects::nonNull).mapToLong(o -> o.offset()).sum();
        } catch (Exception e) {
            return 0;
        }
    }

    @Test
    @org.junit.jupiter.api.Timeout(300)
    void killedOnFlinkThenResumedEqualsTheFaultFreeRun() throws Exception {
        input("kin", RECORDS);
        Files.writeString(dir.resolve("plain.yaml"), job("kin", "plain", ""));
        CliOnFlinkTest.cli("run", "-q", dir.resolve("plain.yaml").toString());
        assertThat(CliOnFlinkTest.lines(dir.resolve("plain/late.jsonl")).size()).isGreaterThan(50);
        Path job = dir.resolve("cp.yaml");
        Files.writeString(job, job("kin", "cp", "checkpoint: {dir: chk, interval: 30ms, retain: 2}"));

        Path err = dir.resolve("kill.err");
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g", "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "run", "--no-progress", "--engine", "flink",
                job.toString());
        Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).redirectOutput(dir.resolve("kill.out").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (p.isAlive() && committed("g-cp") < RECORDS / 3 && System.nanoTime() < deadline) {
            Thread.sleep(20); // a bounded poll on the offsets Flink commits to the group when a checkpoint completes
        }
        // killed a third of the way through: Flink's checkpoints hold the offsets, the windows and the link committables
        assertThat(p.isAlive()).as(Files.readString(err)).isTrue();
        assertThat(latestCheckpoint()).isPositive();
        p.destroyForcibly(); // SIGKILL
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(CliOnFlinkTest.lines(dir.resolve("cp/results.jsonl")).size()).as("committed before the kill").isPositive()
                .isLessThan(CliOnFlinkTest.lines(dir.resolve("plain/results.jsonl")).size());

        CliOnFlinkTest.Run resumed = CliOnFlinkTest.cli("run", "--no-progress", "--engine", "flink", job.toString());
        assertThat(resumed.err()).containsPattern("resuming from checkpoint \\d+ in .*chk/flink/[0-9a-f]{32}/chk-\\d+ \\(taken ");
        assertThat(resumed.out()).contains("lines read         " + RECORDS);
        assertThat(CliOnFlinkTest.lines(dir.resolve("cp/results.jsonl")))
                .containsExactlyInAnyOrderElementsOf(CliOnFlinkTest.lines(dir.resolve("plain/results.jsonl")));
        for (String f : List.of("late.jsonl", "dead.jsonl")) {
            assertThat(Files.readString(dir.resolve("cp").resolve(f))).as(f).isEqualTo(Files.readString(dir.resolve("plain").resolve(f)));
        }
    }
}
