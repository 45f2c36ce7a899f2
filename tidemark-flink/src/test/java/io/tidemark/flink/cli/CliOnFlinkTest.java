package io.tidemark.flink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.cli.Main;
import io.tidemark.connector.jdbc.JdbcConnectionOptions;
import io.tidemark.connector.jdbc.JdbcPipelines;
import io.tidemark.flink.SharedMiniCluster;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line on Flink ({@code --engine flink}): the demo job (replayed arrival times, per-event
 * watermarks, four partitions as splits, idleness 1 min of replayed time, allowed lateness, late side
 * output, dead letters) gives the same results, late records and dead letters on Flink as on the
 * embedded engine: the same rows in its tables (results and late records, in the embedded database
 * beside each run's job file) and the same dead-letter file, in file order.
 */
class CliOnFlinkTest {

    record Run(int code, String out, String err) {}

    static Run cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = Main.execute(args, o, e);
        }
        Run r = new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        assertThat(r.code()).as("exit code; stderr:\n" + r.err() + "\nstdout:\n" + r.out()).isZero();
        return r;
    }

    static List<String> lines(Path p) throws IOException {
        return Files.readAllLines(p, StandardCharsets.UTF_8);
    }

    /** The demo's results table in the embedded database of {@code demo}, one row per window. */
    static List<List<Object>> results(Path demo) throws Exception {
        return table(demo, "order_stats", "\"userId\", window_start");
    }

    /** The demo's late store in {@code demo}, its input file's path made the same for every run. */
    static List<List<Object>> late(Path demo) throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        for (List<Object> r : table(demo, "late_orders", "event_time, record_id")) {
            List<Object> row = new ArrayList<>(r);
            row.set(0, ((String) row.get(0)).replace(demo.toString(), "DEMO"));
            rows.add(row);
        }
        return rows;
    }

    static List<List<Object>> table(Path demo, String table, String orderBy) throws Exception {
        try (Connection c = JdbcConnectionOptions.of("jdbc:h2:" + demo.resolve("tidemark") + ";DATABASE_TO_LOWER=TRUE").connect()) {
            return JdbcPipelines.rows(c, table, orderBy);
        }
    }

    @Test
    void demoInReplayPerEventModeGivesTheSameFilesOnFlinkAsEmbedded(@TempDir Path dir) throws Exception {
        Path embedded = dir.resolve("embedded");
        Path flink = dir.resolve("flink");
        Run e = cli("demo", "--dir", embedded.toString(), "--show", "0");
        Run f = cli("demo", "--engine", "flink", "--dir", flink.toString(), "--show", "0");

        assertThat(lines(flink.resolve("orders.jsonl"))).isEqualTo(lines(embedded.resolve("orders.jsonl")));
        List<List<Object>> results = results(embedded);
        assertThat(results).hasSize(60); // 10 users x 6 windows, one row each
        assertThat(results).filteredOn(r -> r.get(8).equals("LATE")).as("rows updated by late re-firings").isNotEmpty();
        List<List<Object>> late = late(embedded);
        assertThat(late).isNotEmpty();
        assertThat(lines(embedded.resolve("out/dead-letter.jsonl"))).isNotEmpty();

        // both engines produce the same tables
        assertThat(results(flink)).isEqualTo(results);
        assertThat(late(flink)).isEqualTo(late);
        // dead letters name their input file, which is in each run's own folder
        assertThat(lines(flink.resolve("out/dead-letter.jsonl")).stream()
                .map(l -> l.replace(flink.toString(), embedded.toString())).toList())
                .isEqualTo(lines(embedded.resolve("out/dead-letter.jsonl")));

        // the summary: the same counts; what Flink does not report says so
        assertThat(f.out()).contains("engine             flink (local MiniCluster)")
                .contains("final watermark    n/a on flink")
                .contains("max watermark lag  n/a on flink");
        for (String row : List.of("lines read", "window results", "late records", "dead letters", "accounted")) {
            assertThat(summaryRow(f.out(), row)).as(row).isEqualTo(summaryRow(e.out(), row));
        }
        assertThat(summaryRow(f.out(), "accounted")).endsWith(": OK");
        System.out.println("demo on both engines: " + results.size() + " result rows, " + late.size() + " late records, "
                + lines(embedded.resolve("out/dead-letter.jsonl")).size() + " dead letters: equal");
    }

    @Test
    void runOnARemoteClusterWritesTheSameResults(@TempDir Path dir) throws Exception {
        Path embedded = dir.resolve("embedded");
        cli("demo", "--dir", embedded.toString(), "--show", "0");
        Path job = embedded.resolve("order-stats.yaml");
        List<List<Object>> results = results(embedded);
        List<List<Object>> late = late(embedded);
        List<String> dead = lines(embedded.resolve("out/dead-letter.jsonl"));
        try (Connection c = JdbcConnectionOptions.of("jdbc:h2:" + embedded.resolve("tidemark") + ";DATABASE_TO_LOWER=TRUE").connect();
                Statement s = c.createStatement()) {
            s.execute("DROP TABLE order_stats");
            s.execute("DROP TABLE late_orders");
        }

        // the shared MiniCluster, reached through its REST port as a remote cluster is
        String master = SharedMiniCluster.options().getHost() + ":" + SharedMiniCluster.options().getPort();
        Run r = cli("run", "--engine", "flink", "--flink-master", master, job.toString());

        assertThat(results(embedded)).isEqualTo(results);
        assertThat(late(embedded)).isEqualTo(late);
        assertThat(lines(embedded.resolve("out/dead-letter.jsonl"))).isEqualTo(dead);
        // the job's functions on the cluster send everything back to the command: the whole summary
        assertThat(r.out()).contains("engine             flink (remote cluster " + master + ")")
                .contains("for " + results.size() + " windows")
                .contains("late records       " + late.size())
                .contains("dead letters       " + dead.size() + " ")
                .containsPattern("accounted          \\d+ lines read = .*: OK");
    }

    /**
     * {@code tidemark tune} simulates a candidate bound with the engine's rules: on Flink too, a run with
     * that bound makes exactly the records late that tune counts (the demo's data, replayed, periodic
     * emission, three splits with idleness and one silent for 3 minutes, very late records, a bound of 3 s).
     */
    @Test
    void tunesLateCountForACandidateIsFlinksWithThatBound(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("orders.jsonl");
        cli("generate", "--keys", "12", "--rate", "10", "--duration", "20m", "--seed", "11", "--splits", "3", "--idle", "p1@6m+3m",
                "--delay", "lognormal:1500ms:1.1", "--very-late-fraction", "0.01", "--very-late-delay", "2m", "--output", data.toString());
        Path job = dir.resolve("job.yaml");
        Files.writeString(job, String.join("\n",
                "name: tuned",
                "source: {type: file, path: " + data + ", partition-field: partition, arrival-time-field: arrival}",
                "event-time: {field: eventTime}",
                "watermark: {strategy: bounded, max-out-of-orderness: 3s, emit: periodic, interval: 200ms, idleness: 20s}",
                "key-by: [userId]",
                "window: {type: tumbling, size: 1m}",
                "allowed-lateness: 10s",
                "output:",
                "  results: {type: jsonl, path: out/results.jsonl}",
                "  late: {type: jsonl, path: out/late.jsonl}",
                ""));
        String tuned = cli("tune", job.toString(), "--bounds", "3s").out();
        String tuneLate = tuned.lines().filter(l -> l.startsWith("  3s ")).findFirst().orElseThrow().trim().split(" +")[2];
        String master = SharedMiniCluster.options().getHost() + ":" + SharedMiniCluster.options().getPort();
        Run onFlink = cli("run", "--engine", "flink", "--flink-master", master, job.toString());
        assertThat(summaryRow(onFlink.out(), "late records")).isEqualTo("late records       " + tuneLate);
        assertThat(lines(dir.resolve("out/late.jsonl"))).hasSize(Integer.parseInt(tuneLate));
        assertThat(Integer.parseInt(tuneLate)).as("the bound makes records late").isPositive();
    }

    @Test
    void unknownEngineAndMasterWithoutFlinkAreUsageErrors() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        PrintStream o = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertThat(Main.execute(new String[] {"run", "--engine", "spark", "x.yaml"}, o, e)).isEqualTo(2);
        assertThat(Main.execute(new String[] {"run", "--flink-master", "h:1", "x.yaml"}, o, e)).isEqualTo(2);
        assertThat(Main.execute(new String[] {"run", "--engine", "flink", "--flink-master", "nohost", "x.yaml"}, o, e))
                .isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--engine: expected embedded or flink")
                .contains("--flink-master: only with --engine flink").contains("--flink-master: expected host:port");
    }

    private static String summaryRow(String out, String name) {
        return out.lines().filter(l -> l.startsWith("  " + name + " ")).findFirst()
                .orElseThrow(() -> new AssertionError("no summary row " + name + " in\n" + out)).trim();
    }
}
