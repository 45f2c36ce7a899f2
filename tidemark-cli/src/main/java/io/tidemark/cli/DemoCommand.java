package io.tidemark.cli;

import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.JobConfigLoader;
import io.tidemark.cli.gen.DelayDistribution;
import io.tidemark.cli.gen.GeneratorOptions;
import io.tidemark.cli.gen.OrderGenerator;
import io.tidemark.cli.job.Engine;
import io.tidemark.cli.job.JobRunner;
import io.tidemark.cli.job.RunReport;
import io.tidemark.cli.job.Summary;
import io.tidemark.cli.output.JdbcOutputType;
import io.tidemark.cli.output.LineFormat;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Generates order data and runs the order-statistics job on it.",
            "The data has disorder, very late events, an idle partition and bad lines;",
            "the job has 5-minute tumbling windows per user, bounded out-of-orderness",
            "10s, idleness 1m, allowed lateness 30s and late records to a side output.",
            "Results and late records go into the embedded database (H2, a file beside",
            "the job), dead letters into a file. Prints some results, the late records,",
            "the dead letters and the summary, then how to query the database, reconcile",
            "the results with a batch recomputation and backfill the late records."})
final class DemoCommand implements Callable<Integer> {

    static final String JOB = String.join("\n",
            "# A production setup for out-of-order events: a bounded out-of-orderness watermark, idleness,",
            "# a short allowed lateness and late records to a side output. Keys: docs/job-file.md",
            "name: order-stats",
            "source:",
            "  type: file",
            "  path: orders.jsonl",
            "  format: jsonl",
            "  partition-field: partition     # each partition is a split with its own watermark and idleness",
            "  arrival-time-field: arrival    # replay: processing time is each record's arrival time",
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
            "allowed-lateness: 30s",
            "aggregate: [count, {sum: amount}, {avg: amount}, {min: amount}, {max: amount}]",
            "output:",
            "  # no url: the embedded default, an H2 database file tidemark.mv.db beside this file",
            "  results: {type: jdbc, table: order_stats}",
            "  late: {type: jdbc, table: late_orders}",
            "  dead-letter: {type: jsonl, path: out/dead-letter.jsonl}",
            "");

    private final Main.Io io;

    @Option(names = "--dir", paramLabel = "DIR", description = "where to write the data, the job file and the outputs "
            + "(default: the folder tidemark-demo in the temporary folder, replaced by each demo)")
    Path dir;

    @Option(names = "--show", paramLabel = "N", defaultValue = "20", description = "how many results and late records to print (default: ${DEFAULT-VALUE})")
    int show;

    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "embedded",
            description = "embedded (default) or flink (a local Flink MiniCluster in this process)")
    String engine;

    DemoCommand(Main.Io io) {
        this.io = io;
    }

    static GeneratorOptions data() {
        GeneratorOptions g = new GeneratorOptions();
        g.keys = 10;
        g.rate = 40;
        g.duration = Duration.ofMinutes(30);
        g.seed = 2024;
        g.delay = DelayDistribution.lognormal(2000, 0.8, "lognormal:2s:0.8");
        g.veryLateFraction = 0.003;
        g.veryLateDelay = Duration.ofMinutes(10);
        g.splits = 4;
        g.idle.add(new GeneratorOptions.IdleStretch("p3", 12 * 60_000L, 6 * 60_000L));
        g.unitErrors = 0.001;
        g.malformed = 0.001;
        g.futureErrors = 0.0005;
        return g;
    }

    @Override
    public Integer call() throws Exception {
        PrintStream out = io.out();
        Engine e = Engine.of(engine, null);
        if (e.flink()) {
            JobRunner.checkEngine(e); // before any data is written
        }
        Path d = folder(dir, "tidemark-demo");
        GeneratorOptions g = data();
        Path data = d.resolve("orders.jsonl");
        OrderGenerator gen = GenerateCommand.write(g, data, io);
        Path jobFile = d.resolve("order-stats.yaml");
        Files.writeString(jobFile, JOB, StandardCharsets.UTF_8);

        out.println("Tidemark demo: order statistics per user in 5-minute windows, on out-of-order data");
        out.println();
        if (dir == null) {
            out.println("folder    " + d + " (the demo's: the next demo replaces it; --dir DIR keeps one)");
        }
        out.println("data      " + data);
        out.println("          " + gen.describe());
        out.println("          very late = arriving 10 minutes late; those that arrive after their window's allowed lateness");
        out.println("          are the late records below (the rest are dead letters, or their window was still open)");
        out.println("          users u01..u10 on partitions p0..p3; p3 has no orders from minute 12 to 18 (idle)");
        out.println("job       " + jobFile);
        out.println("          5m tumbling windows per user, bounded 10s, idleness 1m, allowed lateness 30s, late side output");
        out.println();

        JobConfig job = JobConfigLoader.load(jobFile, BuiltIn.catalog());
        RunReport report = JobRunner.run(job, new JobRunner.Options(1, out, io.err(), false, e, io.control()));

        JdbcOutputType.Spec results = (JdbcOutputType.Spec) job.outputs().results();
        table(out, "Results", results, "SELECT * FROM order_stats ORDER BY window_start, \"userId\"", show,
                "one row per window and user: a late re-firing (timing LATE, firing 2, 3, ...) updated its row");
        table(out, "Late records", (JdbcOutputType.Spec) job.outputs().late(),
                "SELECT \"userId\", event_time, arrival_time, missed_windows FROM late_orders ORDER BY event_time", show,
                "after the allowed lateness, kept for the next day's correction (backfill); column record holds the original");
        section(out, "Dead letters", job.outputs().deadLetter().file(), Math.min(show, 5),
                "bad lines, with the reason, file and line; the job went on");
        out.println();
        out.print(Summary.format(report));
        out.println();
        out.println("Run it again:  ./tidemark run " + (e.flink() ? "--engine flink " : "") + jobFile);
        out.println("Database:      " + results.connection().url() + " (tables order_stats, late_orders)");
        out.println("Query it (H2's shell; the same SQL runs on PostgreSQL):");
        out.println("  java -cp " + h2Jar() + " org.h2.tools.Shell -url '" + results.connection().url() + "' -sql '" + QUERY + "'");
        out.println("Compare with a batch recomputation, correct the windows late records missed, compare again:");
        out.println("  ./tidemark reconcile " + jobFile);
        out.println("  ./tidemark backfill " + jobFile);
        out.println("  ./tidemark reconcile " + jobFile);
        return RunCommand.exitCode(report, io);
    }

    /**
     * Where a demo writes: {@code dir} as given, else the folder {@code name} in the temporary folder, emptied
     * first — one demo's files at a time (about 8 MB), not a new folder per run.
     */
    static Path folder(Path dir, String name) throws IOException {
        return folder(dir, Path.of(System.getProperty("java.io.tmpdir")), name);
    }

    /** {@link #folder(Path, String)} with {@code tmp} the temporary folder. */
    static Path folder(Path dir, Path tmp, String name) throws IOException {
        if (dir != null) {
            return Files.createDirectories(dir);
        }
        Path d = tmp.resolve(name);
        if (Files.isDirectory(d, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            try (Stream<Path> all = Files.walk(d)) {
                for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        return Files.createDirectories(d);
    }

    /** The query the demo suggests: per user, the windows, orders and revenue. */
    static final String QUERY = "SELECT \"userId\", COUNT(*) AS windows, SUM(\"count\") AS orders, SUM(sum_amount) AS revenue "
            + "FROM order_stats GROUP BY \"userId\" ORDER BY \"userId\"";

    /** Where H2's jar is (its shell runs from it). */
    private static String h2Jar() {
        try {
            return Path.of(org.h2.Driver.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (Exception e) {
            return "h2.jar";
        }
    }

    /** The first {@code n} rows of {@code query}, one line each ({@code column=value}, …). */
    private static void table(PrintStream out, String title, JdbcOutputType.Spec db, String query, int n, String note)
            throws SQLException {
        List<String> rows = new ArrayList<>();
        long total;
        try (Connection c = db.connection().connect(); Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + db.table())) {
                rs.next();
                total = rs.getLong(1);
            }
            st.setMaxRows(n);
            try (ResultSet rs = st.executeQuery(query)) {
                ResultSetMetaData md = rs.getMetaData();
                while (rs.next()) {
                    List<String> cols = new ArrayList<>();
                    for (int i = 1; i <= md.getColumnCount(); i++) {
                        Object v = rs.getObject(i);
                        cols.add(md.getColumnName(i) + "=" + (v instanceof BigDecimal b ? LineFormat.number(b) : v));
                    }
                    rows.add(String.join(" ", cols));
                }
            }
        }
        out.println();
        out.println("== " + title + " (" + (total > rows.size() ? "first " + rows.size() + " of " : "") + total + " rows in table "
                + db.table() + ") — " + note);
        rows.forEach(out::println);
    }

    private static void section(PrintStream out, String title, Path file, int n, String note) throws IOException {
        List<String> head;
        long total;
        try (Stream<String> lines = Files.lines(file, StandardCharsets.UTF_8)) {
            head = lines.limit(n).toList();
        }
        try (Stream<String> lines = Files.lines(file, StandardCharsets.UTF_8)) {
            total = lines.count();
        }
        out.println();
        out.println("== " + title + " (" + (total > head.size() ? "first " + head.size() + " of " : "") + total + ") — " + note);
        for (String l : head) {
            out.println(l);
        }
        if (total > head.size()) {
            out.println("... " + (total - head.size()) + " more in " + file);
        }
    }
}
