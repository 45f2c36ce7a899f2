package io.tidemark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.cli.gen.GeneratorOptions;
import io.tidemark.connector.jdbc.Databases;
import io.tidemark.connector.jdbc.JdbcConnectionOptions;
import io.tidemark.connector.jdbc.JdbcPipelines;
import io.tidemark.connector.kafka.broker.LocalKafkaBroker;
import io.tidemark.runtime.checkpoint.CrashPoints;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 23, "make it systematic": the command crashes — in a child JVM, halted at a named step of the
 * checkpoint and commit protocol ({@link CrashPoints}, {@code -Dtidemark.crash-at=STEP:N}), not by
 * timing luck — then a run resumes, and its outputs and its summary's counts must be a fault-free run's:
 * the results, late and dead-letter files byte for byte, the tables row for row, what a
 * {@code read_committed} reader sees of a Kafka topic record for record; and a RocksDB run leaves no
 * database folder behind.
 *
 * <p>Coverage (also in docs/checkpoints.md, "Crash points"): every step of the file outputs' protocol
 * on the heap; two on RocksDB; the steps of each other kind of output — H2 (a user's URL without
 * {@code WRITE_DELAY}), PostgreSQL, a Kafka topic (exactly once) — and the final checkpoint for each; and
 * one chain of crashes in which each resumed run crashes again (in its first commit, at the final
 * checkpoint, in the commit that finishes it, after it). The input: 6,000 generated CSV lines with a
 * header, late and malformed lines, read in replay mode (arrival times from the data), checkpoints every
 * 20 ms, so that there are periodic checkpoints and commits before the final one. About two minutes.
 */
class CrashPointsTest {

    private static final int LINES = 6_000;

    /** The kinds of outputs. */
    enum Kind { FILE, H2, POSTGRES, KAFKA }

    @TempDir
    static Path shared;

    @TempDir
    Path dir;

    static LocalKafkaBroker broker;
    private static JdbcConnectionOptions postgres;
    private static final AtomicInteger CASES = new AtomicInteger();
    /** The fault-free run of each kind: its folder (or table prefix, topic) and summary counts. */
    private static final Map<Kind, Reference> REFERENCE = new EnumMap<>(Kind.class);

    record Reference(Path dir, String name, List<String> counts) {}

    @BeforeAll
    static void input() throws Exception {
        GeneratorOptions g = new GeneratorOptions();
        g.seed = 23;
        g.rate = 200;
        g.duration = Duration.ofMinutes(1);
        g.veryLateFraction = 0.02;
        g.malformed = 0.002;
        g.csv = true;
        Files.write(shared.resolve("in.csv"), CliHarness.generated(g, LINES + 1), StandardCharsets.UTF_8); // and the header
        broker = LocalKafkaBroker.start();
        postgres = Databases.postgres();
        for (Kind k : Kind.values()) {
            Path d = Files.createDirectories(shared.resolve("reference-" + k));
            String name = k.name().toLowerCase(java.util.Locale.ROOT) + "_ref";
            Path job = job(d, k, "heap", name);
            CliHarness.Result r = CliHarness.run("run", "--no-progress", job.toString());
            r.assertOk();
            REFERENCE.put(k, new Reference(d, name, CliHarness.summaryCounts(r.out())));
        }
        Path ref = REFERENCE.get(Kind.FILE).dir();
        assertThat(CliHarness.lines(ref.resolve("out/late.csv")).size()).isGreaterThan(100);
        assertThat(CliHarness.lines(ref.resolve("out/dead.jsonl")).size()).isGreaterThan(10);
    }

    @AfterAll
    static void stop() {
        if (broker != null) {
            broker.close();
        }
    }

    /** The job of {@code kind} in {@code d} on {@code backend}; {@code name} names its tables or topic. */
    static Path job(Path d, Kind kind, String backend, String name) throws Exception {
        String outputs = switch (kind) {
            case FILE -> String.join("\n",
                    "  results: {type: jsonl, path: out/results.jsonl}",
                    "  late: {type: csv, path: out/late.csv}",
                    "  dead-letter: {type: jsonl, path: out/dead.jsonl}");
            case H2, POSTGRES -> {
                String at = kind == Kind.H2
                        ? "url: 'jdbc:h2:" + d.resolve("db") + ";DATABASE_TO_LOWER=TRUE'"
                        : "url: '" + postgres.url() + "', user: " + postgres.user();
                yield String.join("\n",
                        "  results: {type: jdbc, " + at + ", table: " + name + "_results}",
                        "  late: {type: jdbc, " + at + ", table: " + name + "_late}",
                        "  dead-letter: {type: jdbc, " + at + ", table: " + name + "_dead}");
            }
            case KAFKA -> {
                broker.createTopic(name, 1);
                yield String.join("\n",
                        "  results: {type: kafka, bootstrap-servers: '" + broker.bootstrapServers() + "', topic: " + name
                                + ", delivery: exactly-once, transactional-id: " + name + "}",
                        "  late: {type: csv, path: out/late.csv}",
                        "  dead-letter: {type: jsonl, path: out/dead.jsonl}");
            }
        };
        Path job = d.resolve("job.yaml");
        Files.writeString(job, String.join("\n",
                "source: {type: file, path: '" + shared.resolve("in.csv") + "', format: csv, arrival-time-field: arrival}",
                "event-time: {field: eventTime}",
                "watermark: {strategy: bounded, max-out-of-orderness: 1s, emit: per-event}",
                "key-by: [userId]",
                "window: {type: tumbling, size: 1s}",
                "allowed-lateness: 500ms",
                "aggregate: [count, {sum: amount}]",
                "dead-letter-limit: 100%",
                backend.equals("rocksdb") ? "state: {backend: rocksdb, dir: '" + d.resolve("state") + "'}" : "",
                "checkpoint: {dir: chk, interval: 20ms}",
                "output:",
                outputs,
                ""));
        return job;
    }

    static Stream<Arguments> points() {
        List<Arguments> a = new ArrayList<>();
        for (String step : List.of("checkpoint.metadata.written:1", "checkpoint.completed:2", "barrier.staged:1", "barrier.acked:3",
                "commit.begin:1", "commit.end:2", "file.appended:1", "file.synced:2", "record.written:4", "record.renamed:5",
                "final-checkpoint.metadata.written:1", "final-checkpoint.completed:1", "finish.begin:1", "finish.end:1")) {
            a.add(Arguments.of(Kind.FILE, "heap", step));
        }
        for (String step : List.of("checkpoint.completed:2", "final-checkpoint.completed:1")) {
            a.add(Arguments.of(Kind.FILE, "rocksdb", step));
        }
        for (String step : List.of("table.committed:1", "table.committed:3", "final-checkpoint.completed:1")) {
            a.add(Arguments.of(Kind.H2, "heap", step));
        }
        for (String step : List.of("table.committed:2", "final-checkpoint.completed:1")) {
            a.add(Arguments.of(Kind.POSTGRES, "heap", step));
        }
        for (String step : List.of("kafka.prepared:1", "kafka.committed:2", "final-checkpoint.completed:1")) {
            a.add(Arguments.of(Kind.KAFKA, "heap", step));
        }
        return a.stream();
    }

    @ParameterizedTest(name = "{0} on {1}, crash at {2}")
    @MethodSource("points")
    void aCrashAtAnyStepThenAResumeEqualsTheFaultFreeRun(Kind kind, String backend, String step) throws Exception {
        String name = kind.name().toLowerCase(java.util.Locale.ROOT) + "_" + CASES.incrementAndGet();
        Path job = job(dir, kind, backend, name);
        crash(job, step, 0);
        resumeAndCompare(job, kind, name, backend);
    }

    /** Each resumed run crashes again — in recovery, in the final commit, after it — then one runs to the end. */
    @Test
    void crashesInTheRunsThatRecoverAlsoEndInTheFaultFreeRunsOutputs() throws Exception {
        Path job = job(dir, Kind.FILE, "heap", "chain");
        List<String> chain = List.of("commit.begin:2", "final-checkpoint.completed:1", "commit.begin:1", "finish.end:1");
        for (int i = 0; i < chain.size(); i++) {
            crash(job, chain.get(i), i);
        }
        CliHarness.Result last = resumeAndCompare(job, Kind.FILE, "chain", "heap");
        assertThat(last.err()).contains("the job already finished");
    }

    /** Runs {@code job} in a child JVM that halts at {@code step}; fails unless it did. */
    private void crash(Path job, String step, int i) throws Exception {
        Path err = dir.resolve("crash-" + i + ".err");
        Process p = ChildCli.start(err, List.of("-Xmx256m", "-XX:TieredStopAtLevel=1", "-D" + CrashPoints.PROPERTY + "=" + step), "run", "-q", "--no-progress",
                job.toString());
        p.getOutputStream().close();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the crashing run ended").isTrue();
        String said = Files.readString(err);
        assertThat(p.exitValue()).as("the run crashed at " + step + ":\n" + said).isEqualTo(CrashPoints.EXIT_CODE);
        assertThat(said).contains("crash point " + step + " reached");
    }

    /** Resumes {@code job} in this JVM to its end; its outputs and counts must be the fault-free run's. */
    private CliHarness.Result resumeAndCompare(Path job, Kind kind, String name, String backend) throws Exception {
        CliHarness.Result r = CliHarness.run("run", "--no-progress", job.toString());
        r.assertOk();
        Reference ref = REFERENCE.get(kind);
        assertThat(CliHarness.summaryCounts(r.out())).as(r.err()).isEqualTo(ref.counts());
        switch (kind) {
            case FILE -> sameFiles(ref, "results.jsonl", "late.csv", "dead.jsonl");
            case KAFKA -> {
                sameFiles(ref, "late.csv", "dead.jsonl");
                assertThat(values(broker.readCommitted(name))).isEqualTo(values(broker.readCommitted(ref.name())));
            }
            case H2, POSTGRES -> {
                JdbcConnectionOptions refDb = kind == Kind.H2 ? h2(ref.dir()) : postgres;
                JdbcConnectionOptions db = kind == Kind.H2 ? h2(dir) : postgres;
                try (Connection expected = refDb.connect(); Connection actual = db.connect()) {
                    for (String[] t : new String[][] {{"_results", "\"userId\", window_start"}, {"_late", "record_id"},
                        {"_dead", "file, line"}}) {
                        assertThat(JdbcPipelines.rows(actual, name + t[0], t[1])).as(name + t[0])
                                .isEqualTo(JdbcPipelines.rows(expected, ref.name() + t[0], t[1]));
                    }
                }
            }
        }
        if (backend.equals("rocksdb")) {
            try (Stream<Path> left = Files.list(dir.resolve("state").resolve("tidemark-rocksdb"))) {
                assertThat(left.toList()).as("the RocksDB folders the crashed run left, deleted by the resumed run").isEmpty();
            }
        }
        return r;
    }

    private void sameFiles(Reference ref, String... names) throws Exception {
        for (String f : names) {
            assertThat(Files.readString(dir.resolve("out").resolve(f))).as(f)
                    .isEqualTo(Files.readString(ref.dir().resolve("out").resolve(f)));
        }
    }

    private static JdbcConnectionOptions h2(Path d) {
        return JdbcConnectionOptions.of("jdbc:h2:" + d.resolve("db") + ";DATABASE_TO_LOWER=TRUE");
    }

    private static List<String> values(List<ConsumerRecord<String, String>> records) {
        return records.stream().map(ConsumerRecord::value).toList();
    }
}
