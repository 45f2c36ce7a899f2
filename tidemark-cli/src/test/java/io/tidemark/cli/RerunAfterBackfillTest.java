package io.tidemark.cli;

import static io.tidemark.cli.CliHarness.order;
import static io.tidemark.cli.CliHarness.run;
import static io.tidemark.cli.CliHarness.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.connector.jdbc.JdbcConnectionOptions;
import io.tidemark.connector.jdbc.JdbcPipelines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Running a job with a results table again after {@code tidemark backfill} wrote its windows' streaming
 * results over the CORRECTION rows, silently. Such a run is refused (exit code 2, naming the table and
 * the rows) unless {@code --replace-corrections}, which says what it does; backfill then corrects again.
 */
class RerunAfterBackfillTest {

    @TempDir
    Path dir;

    private List<List<Object>> rows() throws Exception {
        try (Connection c = JdbcConnectionOptions.of("jdbc:h2:" + dir.resolve("tidemark") + ";DATABASE_TO_LOWER=TRUE").connect()) {
            return JdbcPipelines.rows(c, "results", "\"userId\", window_start");
        }
    }

    @Test
    void aRunOverCorrectedRowsIsRefusedUnlessAskedAndSaysWhatItDoes() throws Exception {
        // u1's window [0, 10 s) fires at 19999 with 2 records; the record at 3000 comes after it: late
        write(dir, "orders.jsonl", order("u1", 1000, "1"), order("u1", 2000, "1"), order("u1", 20_000, "1"), order("u1", 3000, "1"));
        Path job = dir.resolve("job.yaml");
        Files.writeString(job, String.join("\n",
                "source: {type: file, path: orders.jsonl}",
                "event-time: {field: eventTime}",
                "watermark: {strategy: bounded, max-out-of-orderness: 0s, emit: per-event}",
                "key-by: [userId]",
                "window: {type: tumbling, size: 10s}",
                "aggregate: [count]",
                "output: {results: {type: jdbc, table: results}, late: {type: jdbc, table: late}}",
                ""));
        run("run", job.toString()).assertOk();
        run("backfill", job.toString()).assertOk();
        List<List<Object>> corrected = rows();
        assertThat(corrected).anyMatch(r -> r.contains("CORRECTION") && r.contains(3L));

        CliHarness.Result again = run("run", job.toString());
        assertThat(again.exitCode()).as(again.err()).isEqualTo(2);
        assertThat(again.err()).contains("output.results: table results holds 1 CORRECTION rows from tidemark backfill: this run "
                + "would write over the corrected windows").contains("--replace-corrections");
        assertThat(rows()).isEqualTo(corrected);

        CliHarness.Result replacing = run("run", "--replace-corrections", job.toString()).assertOk();
        assertThat(replacing.err()).contains("writes over the 1 CORRECTION rows of tidemark backfill; run tidemark backfill "
                + job + " again afterwards");
        assertThat(rows()).noneMatch(r -> r.contains("CORRECTION"));
        run("backfill", job.toString()).assertOk();
        assertThat(rows()).isEqualTo(corrected);
        assertThat(run("reconcile", job.toString()).exitCode()).isZero();
    }
}
