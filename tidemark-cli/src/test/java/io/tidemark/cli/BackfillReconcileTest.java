package io.tidemark.cli;

import static io.tidemark.cli.CliHarness.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tidemark.cli.io.LineParser;
import io.tidemark.connector.jdbc.JdbcConnectionOptions;
import io.tidemark.connector.jdbc.JdbcPipelines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo's data: reconcile before a backfill reports exactly the windows that have late records;
 * after a backfill there are no differences; a second backfill changes nothing. Once with the demo's
 * own outputs (a table in the embedded database), once with files (corrections beside the results).
 */
class BackfillReconcileTest {

    static final long FIVE_MINUTES = 300_000;
    static final Pattern WINDOW = Pattern.compile("^(DIFFERS|MISSING|EXTRA) userId=(\\S+) \\[(\\S+), (\\S+)\\)", Pattern.MULTILINE);

    @TempDir
    static Path dir;
    static Path tableJob;
    static Path fileJob;

    @BeforeAll
    static void demo() throws Exception {
        run("demo", "--dir", dir.toString(), "--show", "0").assertOk();
        tableJob = dir.resolve("order-stats.yaml");
        fileJob = dir.resolve("order-stats-files.yaml");
        Files.writeString(fileJob, Files.readString(tableJob)
                .replace("results: {type: jdbc, table: order_stats}", "results: {type: jsonl, path: out/results.jsonl}")
                .replace("late: {type: jdbc, table: late_orders}", "late: {type: jsonl, path: out/late.jsonl}"));
        run("run", fileJob.toString()).assertOk();
    }

    /** The (user, window start) of each window reconcile reports. */
    static Set<String> reported(String out) {
        Set<String> windows = new TreeSet<>();
        Matcher m = WINDOW.matcher(out);
        while (m.find()) {
            windows.add(m.group(2) + "@" + Instant.parse(m.group(3)).toEpochMilli());
        }
        return windows;
    }

    /** The (user, 5-minute window start) of each late record in the late file. */
    static Set<String> windowsOfLateRecords() throws Exception {
        Set<String> windows = new TreeSet<>();
        for (String l : CliHarness.lines(dir.resolve("out/late.jsonl"))) {
            JsonNode n = LineParser.JSON.readTree(l);
            long t = n.get("eventTime").asLong();
            windows.add(n.get("userId").asText() + "@" + (t - Math.floorMod(t, FIVE_MINUTES)));
        }
        return windows;
    }

    static JdbcConnectionOptions database() {
        return JdbcConnectionOptions.of("jdbc:h2:" + dir.resolve("tidemark") + ";DATABASE_TO_LOWER=TRUE");
    }

    static List<List<Object>> table() throws Exception {
        try (Connection c = database().connect()) {
            return JdbcPipelines.rows(c, "order_stats", "\"userId\", window_start");
        }
    }

    @Test
    void inATableABackfillCorrectsExactlyTheWindowsWithLateRecordsAndASecondChangesNothing() throws Exception {
        Set<String> late = windowsOfLateRecords();
        assertThat(late).hasSizeGreaterThan(10);
        try (Connection c = database().connect(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM late_orders")) {
            rs.next();
            assertThat(rs.getLong(1)).isEqualTo(CliHarness.lines(dir.resolve("out/late.jsonl")).size());
        }

        CliHarness.Result before = run("reconcile", tableJob.toString());
        assertThat(before.exitCode()).as(before.err()).isEqualTo(1);
        assertThat(reported(before.out())).isEqualTo(late);
        assertThat(before.out()).doesNotContain("not explained by a late record").contains("windows: 60 in the batch");

        CliHarness.Result sinceLater = run("backfill", "--since", "2030-01-01", tableJob.toString()).assertOk();
        assertThat(sinceLater.out()).contains("0 late records").contains("wrote 0 corrected windows");

        run("backfill", tableJob.toString()).assertOk();
        List<List<Object>> corrected = table();
        assertThat(corrected).filteredOn(r -> r.get(8).equals("CORRECTION")).hasSize(late.size());
        CliHarness.Result after = run("reconcile", tableJob.toString());
        assertThat(after.exitCode()).as(after.out()).isZero();
        assertThat(after.out()).contains("no differences");

        run("backfill", tableJob.toString()).assertOk();
        assertThat(table()).isEqualTo(corrected);
        assertThat(run("reconcile", tableJob.toString()).exitCode()).isZero();
    }

    @Test
    void withFilesTheCorrectionsGoBesideTheResultsAndASecondBackfillWritesTheSameFile() throws Exception {
        List<String> results = CliHarness.lines(dir.resolve("out/results.jsonl"));
        CliHarness.Result before = run("reconcile", fileJob.toString());
        assertThat(before.exitCode()).isEqualTo(1);
        assertThat(reported(before.out())).isEqualTo(windowsOfLateRecords());

        CliHarness.Result b = run("backfill", fileJob.toString()).assertOk();
        Path corrections = dir.resolve("out/results.corrections.jsonl");
        assertThat(b.out()).contains("to " + corrections);
        List<String> lines = CliHarness.lines(corrections);
        assertThat(lines).hasSize(windowsOfLateRecords().size()).allSatisfy(l -> assertThat(l).contains("\"timing\": \"CORRECTION\""));
        assertThat(run("reconcile", fileJob.toString()).exitCode()).isZero();

        run("backfill", fileJob.toString()).assertOk();
        assertThat(CliHarness.lines(corrections)).isEqualTo(lines);
        assertThat(CliHarness.lines(dir.resolve("out/results.jsonl"))).as("the job's own results are left as written")
                .isEqualTo(results);
    }

    /**
     * A late record (allowed lateness 0) that would have bridged two sessions: reconcile shows the
     * merged session missing and the two stored ones extra, all explained by it; backfill writes the
     * merged session, which replaces the two; a later run of the job drops the stale corrections file.
     */
    @Test
    void aBackfilledSessionReplacesTheSessionsTheLateRecordWouldHaveMerged(@TempDir Path small) throws Exception {
        CliHarness.write(small, "orders.jsonl",
                CliHarness.order("u1", 1000, "1"),    // session [1000, 3000)
                CliHarness.order("u1", 5000, "2"),    // watermark 4999 fires [1000,3000); session [5000, 7000)
                CliHarness.order("u1", 10000, "4"),   // watermark 9999 fires [5000,7000)
                CliHarness.order("u1", 3000, "8"));   // late: [1000,7000) is past its lateness (0)
        Path files = CliHarness.job(small, "strategy: bounded\nmax-out-of-orderness: 0s\nemit: per-event", "type: session\ngap: 2s");
        Path tables = small.resolve("tables.yaml");
        Files.writeString(tables, Files.readString(files)
                .replace("results: {type: jsonl, path: out/results.jsonl}", "results: {type: jdbc, table: sessions}")
                .replace("late: {type: jsonl, path: out/late.jsonl}", "late: {type: jdbc, table: late_sessions}"));
        for (Path job : List.of(files, tables)) {
            run("run", job.toString()).assertOk();
            CliHarness.Result before = run("reconcile", job.toString());
            assertThat(before.exitCode()).isEqualTo(1);
            assertThat(before.out()).contains("MISSING userId=u1 [1970-01-01T00:00:01Z, 1970-01-01T00:00:07Z)")
                    .contains("EXTRA userId=u1 [1970-01-01T00:00:01Z, 1970-01-01T00:00:03Z)")
                    .contains("EXTRA userId=u1 [1970-01-01T00:00:05Z, 1970-01-01T00:00:07Z)")
                    .contains("3 windows differ (3 explained by late records)");
            assertThat(run("backfill", job.toString()).assertOk().out()).contains("wrote 1 corrected window (replacing 2 rows");
            assertThat(run("reconcile", job.toString()).exitCode()).isZero();
        }
        try (Connection c = JdbcConnectionOptions.of("jdbc:h2:" + small.resolve("tidemark") + ";DATABASE_TO_LOWER=TRUE").connect()) {
            assertThat(JdbcPipelines.rows(c, "sessions", "window_start")).extracting(r -> r.subList(1, 4))
                    .containsExactly(List.of(1000L, 7000L, 3L), List.of(10000L, 12000L, 1L));
        }
        Path corrections = small.resolve("out/results.corrections.jsonl");
        assertThat(CliHarness.lines(corrections)).singleElement().asString()
                .contains("\"window_start\": 1000, \"window_end\": 7000").contains("\"replaces\": [[1000, 3000], [5000, 7000]]");
        run("run", files.toString()).assertOk();
        assertThat(corrections).as("a run rewrites the results: their corrections go").doesNotExist();
    }
}
