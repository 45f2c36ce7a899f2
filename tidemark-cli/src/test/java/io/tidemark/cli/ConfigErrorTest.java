package io.tidemark.cli;

import static io.tidemark.cli.CliHarness.order;
import static io.tidemark.cli.CliHarness.run;
import static io.tidemark.cli.CliHarness.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Configuration errors: one message naming the key, exit code 2, and nothing processed (no output
 * file is even created).
 */
class ConfigErrorTest {

    static final String VALID = String.join("\n",
            "name: order-stats",
            "source:",
            "  type: file",
            "  path: orders.jsonl",
            "  format: jsonl",
            "event-time:",
            "  field: eventTime",
            "  unit: ms",
            "watermark:",
            "  strategy: bounded",
            "  max-out-of-orderness: 10s",
            "  emit: periodic",
            "  interval: 200ms",
            "  idleness: 1m",
            "key-by: [userId]",
            "window:",
            "  type: tumbling",
            "  size: 5m",
            "  offset: 0s",
            "allowed-lateness: 30s",
            "aggregate: [count, {sum: amount}]",
            "output:",
            "  results: {type: jsonl, path: out/results.jsonl}",
            "  late: {type: jsonl, path: out/late.jsonl}",
            "  dead-letter: {type: jsonl, path: out/dead-letter.jsonl}",
            "");

    @TempDir
    Path dir;

    @BeforeEach
    void data() throws Exception {
        write(dir, "orders.jsonl", order("u1", 1000, "1"));
    }

    static Stream<Arguments> mistakes() {
        return Stream.of(
                Arguments.of("  size: 5m\n", "  sizee: 5m\n", "window.sizee: unknown key (did you mean 'window.size'?)"),
                Arguments.of("key-by:", "keyby:", "keyby: unknown key (did you mean 'key-by'?)"),
                Arguments.of("max-out-of-orderness: 10s", "max-out-of-orderness: 10 seconds",
                        "watermark.max-out-of-orderness: '10 seconds' is not a duration"),
                Arguments.of("interval: 200ms", "interval: 200", "watermark.interval: '200' is not a duration"),
                Arguments.of("path: orders.jsonl", "path: missing.jsonl", "source.path: file not found"),
                // devices are not files (they said "file not found"); /dev/zero never ends
                Arguments.of("path: orders.jsonl", "path: /dev/zero", "source.path: is not a regular file but a character device: /dev/zero"),
                Arguments.of("path: orders.jsonl", "path: /dev/urandom", "source.path: is not a regular file but a character device: /dev/urandom"),
                Arguments.of("  size: 5m\n", "", "window.size: missing"),
                Arguments.of("results: {type: jsonl, path: out/results.jsonl}",
                        "results: {type: jdbc, table: r, url: 'jdbc:h2:./db;WRITE_DELAY=500'}",
                        "output.results.url: WRITE_DELAY=500 lets H2 lose rows it reported committed when the process is killed"),
                Arguments.of("  offset: 0s\n", "  offset: 0s\n  slide: 1m\n", "window.slide: not allowed here: only for window.type: sliding"),
                Arguments.of("  offset: 0s\n", "  offset: 5m\n", "window.offset: must be smaller than window.size (5m)"),
                Arguments.of("type: tumbling", "type: hopping", "window.type: 'hopping' is not one of tumbling | sliding | session"),
                Arguments.of("strategy: bounded", "strategy: bonded", "watermark.strategy: 'bonded' is not one of bounded | adaptive | monotonous | none"),
                Arguments.of("  max-out-of-orderness: 10s\n", "", "watermark.max-out-of-orderness: missing"),
                Arguments.of("unit: ms", "unit: sec", "event-time.unit: 'sec' is not one of ms | s | us | ns | iso8601"),
                Arguments.of("idleness: 1m", "idleness: 0s", "watermark.idleness: must be above 0"),
                Arguments.of("emit: periodic", "emit: per-event", "watermark.interval: not allowed here: only for watermark.emit: periodic"),
                Arguments.of("{sum: amount}", "{median: amount}", "aggregate[1].median: unknown aggregate"),
                Arguments.of("results: {type: jsonl", "results: {type: xml", "output.results.type: 'xml' is not one of jsonl | csv | stdout"),
                Arguments.of("path: out/late.jsonl", "path: out/results.jsonl", "output.late.path: is the same file as output.results.path"),
                Arguments.of("path: out/results.jsonl", "path: orders.jsonl", "output.results.path: is the same file as source.path"),
                Arguments.of("  format: jsonl\n", "  format: jsonl\n  rate: 5\n", "source.rate: not allowed here: only for source.type: generator"),
                Arguments.of("allowed-lateness: 30s", "allowed-lateness: soon", "allowed-lateness: 'soon' is not a duration"),
                Arguments.of("event-time:\n  field: eventTime\n  unit: ms\n", "event-time: eventTime\n", "event-time: expected a mapping of keys"),
                Arguments.of("  field: eventTime\n", "  field: eventTime\n  field: ts\n", "not valid YAML"),
                // a type's own required key, named
                Arguments.of("  type: file\n  path: orders.jsonl\n", "  type: kafka\n  topic: orders\n",
                        "source.bootstrap-servers: "),
                // jdbc outputs: a table is required, the URL names a supported database, ${NAME} must be set
                Arguments.of("results: {type: jsonl, path: out/results.jsonl}", "results: {type: jdbc, url: 'jdbc:postgresql://x/y'}",
                        "output.results.table: missing: the table to write"),
                Arguments.of("results: {type: jsonl, path: out/results.jsonl}", "results: {type: jdbc, url: 'jdbc:mysql://x/y', table: t}",
                        "output.results.url: unsupported database URL 'jdbc:mysql://x/y': Tidemark writes to PostgreSQL"),
                Arguments.of("results: {type: jsonl, path: out/results.jsonl}", "results: {type: jdbc, table: t, password: '${TIDEMARK_NO_SUCH_VARIABLE}'}",
                        "output.results.password: environment variable TIDEMARK_NO_SUCH_VARIABLE is not set"),
                // durations are bounded: no overflow downstream (a session gap of Long.MAX_VALUE ms crashed)
                Arguments.of("  type: tumbling\n  size: 5m\n  offset: 0s\n", "  type: session\n  gap: 9223372036854775807ms\n",
                        "window.gap: '9223372036854775807ms' is too large; at most 36500d"),
                Arguments.of("max-out-of-orderness: 10s", "max-out-of-orderness: 9223372036854775807ms",
                        "watermark.max-out-of-orderness: '9223372036854775807ms' is too large; at most 36500d"),
                Arguments.of("max-out-of-orderness: 10s", "max-out-of-orderness: 36501d",
                        "watermark.max-out-of-orderness: '36501d' is too large; at most 36500d"),
                Arguments.of("late: {type: jsonl, path: out/late.jsonl}", "late: {type: csv, path: out/late.csv}",
                        "output.late.type: is csv but the input is jsonl: late records are written as they were read; use type: jsonl"),
                Arguments.of("  format: jsonl\n", "  format: csv\n  header: false\n", "source.header: false needs source.columns"),
                Arguments.of("  format: jsonl\n", "  format: jsonl\n  columns: [a, b]\n", "source.columns: not allowed here: only for source.format: csv"),
                Arguments.of("allowed-lateness: 30s", "allowed-lateness: 30s\ndead-letter-limt: 50%",
                        "dead-letter-limt: unknown key (did you mean 'dead-letter-limit'?)"),
                Arguments.of("aggregate: [count, {sum: amount}]", "aggregate: [count, {sum: amount}]\ndead-letter-limit: 150%",
                        "dead-letter-limit: must be between 0% and 100%: 150%"),
                // the watermark features beyond Flink where they cannot work
                Arguments.of("  idleness: 1m\n", "  idleness: 1m\n  alignment: {max-drift: 20s}\n",
                        "watermark.alignment.max-drift: not allowed here: only for source.type: kafka (a file's splits come in one "
                                + "pass of the file and cannot pause"),
                Arguments.of("  idleness: 1m\n", "  idleness: 1m\n  idle-advance: 0s\n", "watermark.idle-advance: must be above 0"),
                Arguments.of("  format: jsonl\n", "  format: jsonl\n  sort: {buffer: soon}\n", "source.sort.buffer: 'soon' is not a duration"));
    }

    @ParameterizedTest(name = "{2}")
    @MethodSource("mistakes")
    void aMistakeNamesTheKeyAndExitsWithCode2BeforeAnyRecord(String from, String to, String message) throws Exception {
        assertThat(VALID).contains(from);
        Path job = dir.resolve("job.yaml");
        Files.writeString(job, VALID.replace(from, to));

        CliHarness.Result r = run("run", job.toString());

        assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains(message);
        assertThat(r.err().lines().count()).as("one message: " + r.err()).isEqualTo(1);
        assertThat(dir.resolve("out")).doesNotExist();
        // validate reports the same
        CliHarness.Result v = run("validate", job.toString());
        assertThat(v.exitCode()).isEqualTo(2);
        assertThat(v.err()).contains(message);
    }

    /**
     * A FIFO (named pipe) is a stream: read like a file, from its start to its end (its writer closing
     * it), with the results of the same lines in a file; with checkpoints, refused (it cannot be read
     * again from a position). It said "file not found".
     */
    @Test
    void aFifoIsReadToItsEndAndRefusedWithCheckpoints() throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            lines.add(order("u" + (i % 7), 1_000L * i, String.valueOf(i % 10)));
        }
        Files.write(dir.resolve("orders.jsonl"), lines);
        String perEvent = VALID.replace("  emit: periodic\n  interval: 200ms\n", "  emit: per-event\n"); // results of the lines alone
        Path job = dir.resolve("job.yaml");
        Files.writeString(job, perEvent);
        run("run", "--no-progress", job.toString()).assertOk();
        List<String> fromFile = Files.readAllLines(dir.resolve("out/results.jsonl"));
        assertThat(fromFile).hasSizeGreaterThan(10);

        Path fifo = dir.resolve("orders.fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        Files.writeString(job, perEvent.replace("path: orders.jsonl", "path: orders.fifo"));
        Thread writer = new Thread(() -> {
            try {
                Files.write(fifo, lines); // blocks until the run opens the FIFO
            } catch (IOException e) {
                // the run never read it: the assertions below say so
            }
        }, "fifo-writer");
        writer.setDaemon(true);
        writer.start();
        CliHarness.Result r = run("run", "--no-progress", job.toString());
        if (writer.isAlive()) {
            new java.io.FileInputStream(fifo.toFile()).close(); // lets a writer still waiting for a reader go
        }
        r.assertOk();
        assertThat(Files.readAllLines(dir.resolve("out/results.jsonl"))).isEqualTo(fromFile);
        assertThat(run("validate", job.toString()).out()).containsPattern("reads +FIFO " + java.util.regex.Pattern.quote(fifo.toString()));

        Files.writeString(job, perEvent.replace("path: orders.jsonl", "path: orders.fifo") + "checkpoint: {dir: chk}\n");
        CliHarness.Result refused = run("run", job.toString());
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err()).contains("checkpoint.dir: not with FIFO " + fifo + ": it cannot be read again from a position");
    }

    @Test
    void theValidJobValidates() throws Exception {
        Path job = dir.resolve("job.yaml");
        Files.writeString(job, VALID);
        CliHarness.Result v = run("validate", job.toString()).assertOk();
        // every key that applies, set or defaulted, from the key table
        assertThat(v.out()).contains(job + ": OK")
                .containsPattern("\n  window.type +tumbling\n").containsPattern("\n  window.size +5m\n")
                .containsPattern("\n  watermark.max-out-of-orderness +10s\n").containsPattern("\n  watermark.idleness +1m\n")
                .containsPattern("\n  event-time.max-future +1h \\(default\\)\n")
                .containsPattern("\n  dead-letter-limit +10% \\(default\\)\n")
                .doesNotContain("window.gap").doesNotContain("source.host")
                // no checkpoint: or monitoring: section: their defaults are not settings of this job
                .doesNotContain("checkpoint.").doesNotContain("monitoring.")
                .containsPattern("writes output.results +jsonl .*/out/results.jsonl\n");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void aMissingJobFileOrABadParallelismIsAUsageError() throws Exception {
        CliHarness.Result r = run("run", dir.resolve("nope.yaml").toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("job file not found");

        Path job = dir.resolve("job.yaml");
        Files.writeString(job, VALID);
        r = run("run", "--parallelism", "0", job.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--parallelism: must be at least 1");

        r = run("run");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("Missing required parameter: 'JOB.yaml'");

        r = run("frobnicate");
        assertThat(r.exitCode()).isEqualTo(2);
    }

    @Test
    void badGenerateOptionsAreUsageErrors() {
        CliHarness.Result r = run("generate", "--delay", "gaussian:1s");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--delay: unknown delay distribution 'gaussian:1s'");
        r = run("generate", "--idle", "p9@1m+1m", "--splits", "2");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--idle: no split 'p9'");
    }
}
