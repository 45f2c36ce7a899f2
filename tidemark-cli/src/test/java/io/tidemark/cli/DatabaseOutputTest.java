package io.tidemark.cli;

import static io.tidemark.cli.CliHarness.job;
import static io.tidemark.cli.CliHarness.order;
import static io.tidemark.cli.CliHarness.write;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tidemark.connector.jdbc.Databases;
import io.tidemark.connector.jdbc.JdbcConnectionOptions;
import io.tidemark.connector.jdbc.JdbcPipelines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code type: jdbc} outputs of the command: H2 (the embedded default) and a real PostgreSQL server. */
class DatabaseOutputTest {

    static final String PER_EVENT_0S = "strategy: bounded\nmax-out-of-orderness: 0s\nemit: per-event";

    @TempDir
    Path dir;

    /** A job writing its three outputs to {@code db} (null: the embedded default) in tables named after {@code prefix}. */
    static Path databaseJob(Path dir, String window, String lateness, JdbcConnectionOptions db, String prefix) throws Exception {
        Path job = job(dir, PER_EVENT_0S, window, lateness, "dead-letter-limit: 50%");
        String connection = db == null ? "" : ", url: \"" + db.url() + "\", user: " + db.user();
        String yaml = Files.readString(job)
                .replace("results: {type: jsonl, path: out/results.jsonl}", "results: {type: jdbc, table: " + prefix + "_results" + connection + "}")
                .replace("late: {type: jsonl, path: out/late.jsonl}", "late: {type: jdbc, table: " + prefix + "_late" + connection + "}")
                .replace("dead-letter: {type: jsonl, path: out/dead.jsonl}", "dead-letter: {type: jdbc, table: " + prefix + "_dead" + connection + "}");
        Path p = dir.resolve(prefix + ".yaml");
        Files.writeString(p, yaml);
        return p;
    }

    static JdbcConnectionOptions embedded(Path dir) {
        return JdbcConnectionOptions.of("jdbc:h2:" + dir.toAbsolutePath().normalize().resolve("tidemark") + ";DATABASE_TO_LOWER=TRUE");
    }

    static List<String> tumblingInput() {
        return List.of(
                order("u1", 1000, "1.5"), order("u2", 2000, "2"), order("u1", 6000, "4"),  // watermark 5999 fires [0,5000)
                order("u1", 3000, "10"),                                                   // within lateness: re-fires u1 [0,5000)
                order("u1", 12000, "1"),                                                   // watermark 11999: lateness of [0,5000) over
                order("u1", 4000, "100"),                                                  // late record
                "not json");                                                               // dead letter
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void resultsLateRecordsAndDeadLettersAreRowsWithTheRecordsFieldNames(String kind) throws Exception {
        write(dir, "orders.jsonl", tumblingInput().toArray(new String[0]));
        JdbcConnectionOptions db = kind.equals("h2") ? null : Databases.postgres();
        String prefix = Databases.table("orders");
        Path dbJob = databaseJob(dir, "type: tumbling\nsize: 5s", "allowed-lateness: 5s", db, prefix);
        CliHarness.run("run", dbJob.toString()).assertOk();
        // the same job into files: the table holds each window's last line
        Path fileJob = job(dir, PER_EVENT_0S, "type: tumbling\nsize: 5s", "allowed-lateness: 5s", "dead-letter-limit: 50%");
        CliHarness.run("run", fileJob.toString()).assertOk();
        Map<String, JsonNode> last = new LinkedHashMap<>();
        for (String l : CliHarness.lines(dir.resolve("out/results.jsonl"))) {
            JsonNode n = io.tidemark.cli.io.LineParser.JSON.readTree(l);
            last.put(n.get("key").get("userId").asText() + "|" + n.get("window_start"), n);
        }
        assertThat(last.values()).anySatisfy(n -> assertThat(n.get("firing").asInt()).isEqualTo(2));
        List<List<Object>> expected = new ArrayList<>();
        last.values().stream().sorted(java.util.Comparator.<JsonNode, String>comparing(n -> n.get("key").get("userId").asText())
                        .thenComparingLong(n -> n.get("window_start").asLong()))
                .forEach(n -> expected.add(List.of(n.get("key").get("userId").asText(), n.get("window_start").asLong(),
                        n.get("window_end").asLong(), n.get("count").asLong(), n.get("sum_amount").decimalValue().toPlainString(),
                        n.get("avg_amount").decimalValue().toPlainString(), n.get("min_amount").decimalValue().toPlainString(),
                        n.get("max_amount").decimalValue().toPlainString(), n.get("timing").asText(), n.get("firing").asInt(),
                        n.get("watermark").asLong())));
        JdbcConnectionOptions conn = db == null ? embedded(dir) : db;
        try (Connection c = conn.connect()) {
            assertThat(JdbcPipelines.rows(c, prefix + "_results", "\"userId\", window_start")).isEqualTo(expected);
            assertThat(JdbcPipelines.rows(c, prefix + "_late", "record_id")).containsExactly(List.of(
                    dir.resolve("orders.jsonl").toString() + ":6", "u1", 4000L, 4000L - 0L + arrivalOf(c, prefix), 11999L,
                    "[[0,5000]]", order("u1", 4000, "100")));
            assertThat(JdbcPipelines.rows(c, prefix + "_dead", "line")).extracting(r -> r.subList(0, 3))
                    .containsExactly(List.of(dir.resolve("orders.jsonl").toString(), 7L, "unparsable"));
        }
    }

    /** The late record's arrival time as stored (processing time: not known in advance), minus its event time. */
    private static long arrivalOf(Connection c, String prefix) throws Exception {
        try (Statement s = c.createStatement(); var rs = s.executeQuery("SELECT arrival_time - event_time FROM \"" + prefix + "_late\"")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void aMergedSessionLeavesNoRowsOfTheSessionsItAbsorbed(String kind) throws Exception {
        write(dir, "orders.jsonl",
                order("u1", 1000, "1"),    // session [1000, 3000)
                order("u1", 5000, "2"),    // session [5000, 7000); watermark 4999 fires [1000,3000)
                order("u1", 10000, "4"),   // watermark 9999 fires [5000,7000); session [10000,12000)
                order("u1", 3000, "8"));   // bridges both fired sessions (lateness 10s): one session [1000,7000)
        JdbcConnectionOptions db = kind.equals("h2") ? null : Databases.postgres();
        String prefix = Databases.table("sessions");
        CliHarness.run("run", databaseJob(dir, "type: session\ngap: 2s", "allowed-lateness: 10s", db, prefix).toString()).assertOk();
        try (Connection c = (db == null ? embedded(dir) : db).connect()) {
            assertThat(JdbcPipelines.rows(c, prefix + "_results", "window_start")).extracting(r -> r.subList(0, 5))
                    .containsExactly(List.of("u1", 1000L, 7000L, 3L, "11"), List.of("u1", 10000L, 12000L, 1L, "4"));
        }
    }

    @Test
    void validatePrintsTheTablesCreateStatements() throws Exception {
        write(dir, "orders.jsonl", order("u1", 1000, "1"));
        CliHarness.Result r = CliHarness.run("validate", databaseJob(dir, "type: tumbling\nsize: 5s", "", null, "v").toString())
                .assertOk();
        assertThat(r.out()).contains("jdbc table v_results at " + embedded(dir).url())
                .contains("CREATE TABLE IF NOT EXISTS \"v_results\" (")
                .contains("\"userId\" CHARACTER VARYING NOT NULL,")
                .contains("\"sum_amount\" DECFLOAT,")
                .contains("PRIMARY KEY (\"userId\", \"window_start\", \"window_end\")")
                .contains("PRIMARY KEY (\"record_id\")")
                .contains("PRIMARY KEY (\"file\", \"line\")");
        assertThat(dir.resolve("tidemark.mv.db")).as("validate touches no database").doesNotExist();
    }

    @Test
    void aTableThatCannotHoldTheResultsFailsTheRunNamingTheColumn() throws Exception {
        write(dir, "orders.jsonl", order("u1", 1000, "1"));
        try (Connection c = embedded(dir).connect(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE \"bad_results\" (\"userId\" VARCHAR NOT NULL, window_start BIGINT NOT NULL, "
                    + "window_end BIGINT NOT NULL, \"count\" VARCHAR, PRIMARY KEY (\"userId\", window_start, window_end))");
        }
        CliHarness.Result r = CliHarness.run("run", databaseJob(dir, "type: tumbling\nsize: 5s", "", null, "bad").toString());
        assertThat(r.exitCode()).isNotZero();
        assertThat(r.err()).contains("output.results").contains("table bad_results")
                .contains("column \"count\" is CHARACTER VARYING, expected BIGINT")
                .contains("missing column \"sum_amount\" (DECFLOAT)");
    }

    /**
     * With {@code checkpoint:}: each checkpoint's rows are upserted when it completes. The command's JVM
     * is killed with SIGKILL twice after checkpoints and resumed; the tables then hold the rows of a run
     * without faults (the late rows but for their arrival time, which is processing time).
     */
    @Test
    void killedTwiceAtCheckpointsAJobLeavesTheRowsOfARunWithoutFaults() throws Exception {
        java.util.Random r = new java.util.Random(4);
        List<String> lines = new ArrayList<>();
        long t = 1_700_000_000_000L;
        for (int i = 0; i < 20_000; i++) {
            t += r.nextInt(40);
            lines.add(i % 1000 == 3 ? "not json" : order("u" + r.nextInt(10), t - r.nextInt(8_000), "1"));
        }
        Files.write(dir.resolve("orders.jsonl"), lines);
        String window = "type: tumbling\nsize: 1s";
        CliHarness.run("run", "-q", databaseJob(dir, window, "allowed-lateness: 1s", null, "plain").toString()).assertOk();
        Path job = databaseJob(dir, window, "allowed-lateness: 1s", null, "cp");
        Files.writeString(job, Files.readString(job) + "\ncheckpoint: {dir: chk, interval: 50ms}\n");
        for (int kill = 0; kill < 2; kill++) {
            Process p = ChildCli.start(dir.resolve("kill-" + kill + ".err"), List.of("-Xmx256m"), "run", "-q", "--no-progress", job.toString());
            long before = kill * 3L + 2;
            ChildCli.await(java.time.Duration.ofSeconds(60), () -> !p.isAlive() || ChildCli.latestCheckpoint(dir.resolve("chk")) > before);
            p.destroyForcibly();
            assertThat(p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        }
        CliHarness.Result last = CliHarness.run("run", "--no-progress", job.toString());
        last.assertOk();
        assertThat(last.err()).contains("resuming from checkpoint");
        try (Connection c = embedded(dir).connect()) {
            List<List<Object>> cpRows = JdbcPipelines.rows(c, "cp_results", "\"userId\", window_start");
            List<List<Object>> plainRows = JdbcPipelines.rows(c, "plain_results", "\"userId\", window_start");
            assertThat(cpRows).as("rows only in the resumed run's table").filteredOn(x -> !plainRows.contains(x)).isEmpty();
            assertThat(plainRows).as("rows missing in the resumed run's table of " + cpRows.size()).filteredOn(x -> !cpRows.contains(x)).isEmpty();
            assertThat(cpRows).isEqualTo(plainRows);
            assertThat(JdbcPipelines.rows(c, "cp_dead", "line")).isEqualTo(JdbcPipelines.rows(c, "plain_dead", "line"));
            List<List<Object>> late = JdbcPipelines.rows(c, "plain_late", "record_id");
            assertThat(late).hasSizeGreaterThan(10);
            assertThat(JdbcPipelines.rows(c, "cp_late", "record_id")).extracting(x -> List.of(x.get(0), x.get(1), x.get(2), x.get(6)))
                    .isEqualTo(late.stream().map(x -> List.of(x.get(0), x.get(1), x.get(2), x.get(6))).toList());
        }
    }

    /**
     * Issue 23: a table whose commit failed at the job's final checkpoint (a CHECK constraint no row meets)
     * is filled by the next run once the constraint is dropped — not reported complete with no rows.
     */
    @Test
    void aTableCommitThatFailedAtTheFinalCheckpointIsFinishedByTheNextRun() throws Exception {
        write(dir, "orders.jsonl", tumblingInput().toArray(new String[0]));
        JdbcConnectionOptions db = Databases.postgres();
        String window = "type: tumbling\nsize: 5s";
        String plain = Databases.table("plain");
        CliHarness.run("run", "-q", databaseJob(dir, window, "allowed-lateness: 5s", db, plain).toString()).assertOk();
        String prefix = Databases.table("checked");
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE \"" + prefix + "_results\" (LIKE \"" + plain + "_results\" INCLUDING ALL)");
            s.execute("ALTER TABLE \"" + prefix + "_results\" ADD CONSTRAINT no_rows CHECK (\"count\" < 0)");
        }
        Path job = databaseJob(dir, window, "allowed-lateness: 5s", db, prefix);
        Files.writeString(job, Files.readString(job) + "\ncheckpoint: {dir: chk, interval: 30s}\n");
        CliHarness.Result failed = CliHarness.run("run", "-q", job.toString());
        assertThat(failed.exitCode()).as(failed.err()).isEqualTo(1);
        assertThat(failed.err()).contains("no_rows");
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            s.execute("ALTER TABLE \"" + prefix + "_results\" DROP CONSTRAINT no_rows");
        }
        CliHarness.Result finished = CliHarness.run("run", "-q", job.toString());
        finished.assertOk();
        assertThat(finished.err()).contains("the job already finished").contains("the outputs are complete")
                .contains("this run finished the commits a failed run left undone: output.results");
        try (Connection c = db.connect()) {
            List<List<Object>> expected = JdbcPipelines.rows(c, plain + "_results", "\"userId\", window_start");
            assertThat(expected).hasSize(4);
            assertThat(JdbcPipelines.rows(c, prefix + "_results", "\"userId\", window_start")).isEqualTo(expected);
            assertThat(JdbcPipelines.rows(c, prefix + "_dead", "line")).extracting(r -> r.subList(0, 3))
                    .isEqualTo(JdbcPipelines.rows(c, plain + "_dead", "line").stream().map(r -> r.subList(0, 3)).toList());
        }
    }

    /**
     * Issue 23, item 5: a key holding U+0000 (here a JSON escape), which PostgreSQL cannot store in text
     * (SQL state 22021), used to fail the output and take the batch's good rows with it. Such a line is a
     * dead letter ({@code unstorable}), and every other row is written. A dead letter whose own text holds
     * U+0000 (a raw NUL byte, unparsable) is stored with U+FFFD in its place and its exact bytes in base64.
     */
    @Test
    void aKeyPostgresqlCannotStoreIsADeadLetterAndTheRestOfTheBatchIsWritten() throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            lines.add(order("u" + i, 1000 + i, "1"));
        }
        String bad = order("u\\u0000x", 1500, "1");
        lines.add(5, bad);
        String raw = "{\"userId\": \"u\u0000\"";
        lines.add(raw);
        write(dir, "orders.jsonl", lines.toArray(new String[0]));
        JdbcConnectionOptions db = Databases.postgres();
        String prefix = Databases.table("nul");
        CliHarness.Result r = CliHarness.run("run", databaseJob(dir, "type: tumbling\nsize: 5s", "", db, prefix).toString());
        r.assertOk();
        assertThat(r.out()).contains("dead letters       2 (unparsable 1, unstorable 1)");
        try (Connection c = db.connect()) {
            assertThat(JdbcPipelines.rows(c, prefix + "_results", "\"userId\"")).hasSize(10);
            List<List<Object>> dead = JdbcPipelines.rows(c, prefix + "_dead", "line");
            assertThat(dead).hasSize(2);
            assertThat(dead.get(0).subList(0, 3)).isEqualTo(List.of(dir.resolve("orders.jsonl").toString(), 6L, "unstorable"));
            assertThat((String) dead.get(0).get(3)).contains("key-by field 'userId'").contains("U+0000").contains("output.results");
            assertThat(dead.get(0).subList(4, 6)).containsExactly(bad, null);
            assertThat(dead.get(1).subList(0, 3)).isEqualTo(List.of(dir.resolve("orders.jsonl").toString(), 12L, "unparsable"));
            assertThat(dead.get(1).get(4)).isEqualTo(raw.replace('\u0000', '\ufffd'));
            assertThat(java.util.Base64.getDecoder().decode((String) dead.get(1).get(5)))
                    .isEqualTo(raw.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
    }
}
