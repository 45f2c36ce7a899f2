package io.tidemark.flink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.connector.kafka.broker.LocalKafkaBroker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tidemark run --engine flink} with {@code checkpoint:} and a Kafka source, against a real
 * broker: the command's JVM (a child, with its MiniCluster) is killed with SIGKILL once Flink has
 * committed a third of the topic's offsets to the group (which it does when a checkpoint completes), and
 * started again: it resumes from Flink's checkpoint (Flink's KafkaSource offsets, the windows, the kept
 * watermark, the link committables) and ends with the outputs of a fault-free run (on the embedded
 * engine, without checkpoints) — the results in a Kafka topic, exactly once (a {@code read_committed}
 * reader sees each once, in any order of keys), the late records in an H2 table, the dead letters in
 * a file. One partition, per-event watermarks, records up to 2 s out of order against a 500 ms bound:
 * many records are late, so a watermark lost on the restore shows. Then {@code --fresh} runs the job
 * again from the topic's start.
 */
class CliKafkaCheckpointsOnFlinkTest {

    private static final int RECORDS = 24_000;

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

    /**
     * Tumbling 1 s windows of counts and maxima per user over topic {@code kin}, from its start to its end;
     * the late records upserted into table {@code late_records} of the H2 database {@code out/tidemark},
     * the dead letters to {@code out/dead.jsonl}, the results to {@code results}.
     */
    private String job(String out, String results, String extra) {
        return """
                source: {type: kafka, bootstrap-servers: '%s', topic: kin, group-id: g-%s, starting-offsets: earliest, stop-at: latest}
                event-time: {field: ts, max-future: 1d}
                watermark: {strategy: bounded, max-out-of-orderness: 500ms, emit: per-event}
                key-by: [user]
                window: {type: tumbling, size: 1s}
                allowed-lateness: 200ms
                aggregate: [count, {max: amount}]
                output:
                  results: %s
                  late: {type: jdbc, url: 'jdbc:h2:%s;DATABASE_TO_LOWER=TRUE', table: late_records}
                  dead-letter: {type: jsonl, path: %s/dead.jsonl}
                %s
                """.formatted(broker.bootstrapServers(), out, results, dir.resolve(out).resolve("tidemark"), out, extra);
    }

    /**
     * The late records' rows in the database of {@code out}, without their arrival time: a Kafka record's is
     * the processing time at the late output, which no two runs share.
     */
    private List<List<Object>> late(String out) throws Exception {
        List<List<Object>> rows = new java.util.ArrayList<>();
        for (List<Object> r : CliOnFlinkTest.table(dir.resolve(out), "late_records", "record_id")) {
            List<Object> row = new java.util.ArrayList<>(r);
            row.remove(3); // record_id, user, event_time, arrival_time, watermark, missed windows, line
            rows.add(row);
        }
        return rows;
    }

    private static List<String> committedResults() {
        return broker.readCommitted("kout").stream().map(org.apache.kafka.clients.consumer.ConsumerRecord::value).toList();
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
    void killedOnFlinkThenResumedEqualsTheFaultFreeRunThenFreshStartsOver() throws Exception {
        input("kin", RECORDS);
        broker.createTopic("kout", 1);
        Files.writeString(dir.resolve("plain.yaml"), job("plain", "{type: jsonl, path: plain/results.jsonl}", ""));
        CliOnFlinkTest.cli("run", "-q", dir.resolve("plain.yaml").toString());
        List<String> results = CliOnFlinkTest.lines(dir.resolve("plain/results.jsonl"));
        List<List<Object>> late = late("plain");
        assertThat(late.size()).isGreaterThan(50);
        Path job = dir.resolve("cp.yaml");
        // the results to a topic: with checkpoint:, exactly once (a transaction per checkpoint)
        Files.writeString(job, job("cp", "{type: kafka, bootstrap-servers: '" + broker.bootstrapServers() + "', topic: kout}",
                "checkpoint: {dir: chk, interval: 30ms, retain: 2}"));

        Path err = dir.resolve("kill.err");
        Process p = CliCheckpointsOnFlinkTest.startOnFlink(job, err, dir.resolve("kill.out"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (p.isAlive() && committed("g-cp") < RECORDS / 3 && System.nanoTime() < deadline) {
            Thread.sleep(20); // a bounded poll on the offsets Flink commits to the group when a checkpoint completes
        }
        // killed a third of the way through: Flink's checkpoints hold the offsets, the windows and the link committables
        assertThat(p.isAlive()).as(Files.readString(err)).isTrue();
        assertThat(CliCheckpointsOnFlinkTest.latestCheckpoint(dir.resolve("chk"))).isPositive();
        p.destroyForcibly(); // SIGKILL
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(committedResults().size()).as("results committed before the kill").isPositive().isLessThan(results.size());

        CliOnFlinkTest.Run resumed = CliOnFlinkTest.cli("run", "--no-progress", "--engine", "flink", job.toString());
        assertThat(resumed.err()).containsPattern("resuming from checkpoint \\d+ in .*chk/flink/[0-9a-f]{32}/chk-\\d+ \\(taken ");
        assertThat(resumed.out()).contains("lines read         " + RECORDS);
        // a read_committed reader sees each result once; the table and the file hold the fault-free run's
        assertThat(committedResults()).containsExactlyInAnyOrderElementsOf(results);
        assertThat(late("cp")).isEqualTo(late);
        assertThat(Files.readString(dir.resolve("cp/dead.jsonl"))).isEqualTo(Files.readString(dir.resolve("plain/dead.jsonl")));

        // --fresh sets the checkpoints aside and runs the job again from the topic's start: the topic gets every
        // result a second time (a new run), the table's upserts leave the same rows, the file is written anew
        CliOnFlinkTest.Run fresh = CliOnFlinkTest.cli("run", "--no-progress", "--fresh", "--engine", "flink", job.toString());
        assertThat(fresh.err()).contains("--fresh: the job starts from the beginning").contains("is set aside in");
        assertThat(fresh.out()).contains("lines read         " + RECORDS).doesNotContain("resumed from checkpoint");
        List<String> twice = new java.util.ArrayList<>(results);
        twice.addAll(results);
        assertThat(committedResults()).containsExactlyInAnyOrderElementsOf(twice);
        assertThat(late("cp")).isEqualTo(late);
        assertThat(Files.readString(dir.resolve("cp/dead.jsonl"))).isEqualTo(Files.readString(dir.resolve("plain/dead.jsonl")));
    }
}
