package io.tidemark.bench;

import io.tidemark.bench.BenchMain.Options;
import io.tidemark.bench.BenchMain.Report;
import io.tidemark.bench.BenchMain.Row;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * F1: what a user with a file waits for. {@code tidemark run} (the launcher at the repository root, a
 * child process: JVM start, job-file checks, reading, windows, writing the results file, all timed)
 * against DuckDB (its JDBC driver in this JVM, from opening a connection to the last result row) on
 * the same generated file and the same aggregation: per user and tumbling minute, count and sum of
 * {@code amount}. JSONL and CSV, Tidemark at {@code -p 1} against DuckDB with 1 thread and at
 * {@code -p 2} against 2 threads, taking turns in each round, so that both see the same load.
 *
 * <p>The file ({@code tidemark generate}: 1,000 users, 1,000 events a second of event time, delays
 * uniform below 2 s, no very late events) has no late record under the job's 5 s bound, so both give the
 * same table: each engine's rows (user, window start, count, sum in cents) feed an order-independent
 * digest, which must equal DuckDB's. Also printed: the child's peak resident set (VmHWM, sampled) and
 * its CPU time (user + system of all its threads, sampled every 20 ms until it exits, so up to 20 ms
 * short), which other processes on a loaded machine disturb less than the wall time.
 *
 * <p>Before/after: with {@code -Dtidemark.f1.baseline=DIR} (another checkout, built: its
 * {@code tidemark-cli/target}), each round also runs that checkout's launcher on the same job, right
 * after this one's, and prints this build / baseline per round and its median.
 */
final class FileBench {

    /** Another checkout to run as the "before" of a before/after, or null. */
    private static final Path BASELINE = System.getProperty("tidemark.f1.baseline") == null ? null
            : Path.of(System.getProperty("tidemark.f1.baseline"));

    private FileBench() {}

    static void run(Options o, Report report) throws Exception {
        long lines = o.events > 0 ? o.events : o.smoke ? 20_000 : 3_000_000;
        int keys = o.keys > 0 ? o.keys : 1_000;
        Path root = repositoryRoot();
        Path dir = Path.of(System.getProperty("java.io.tmpdir"), "tidemark-f1-" + lines + "-" + keys);
        Files.createDirectories(dir);
        report.println("");
        report.println(String.format(Locale.ROOT, "== F1 — tidemark run (child process, JVM start included) against DuckDB %s in this JVM: "
                + "%,d lines, %,d users, tumbling 1 m, count + sum; files in %s", duckVersion(), lines, keys, dir));
        int[] parallelisms = o.parallelism > 1 ? new int[] {o.parallelism} : new int[] {1, 2};
        for (String format : List.of("jsonl", "csv")) {
            Path file = dir.resolve("orders." + format);
            if (!Files.exists(file)) {
                generate(root, file, format, lines, keys);
            }
            Path job = writeJob(dir, file, format);
            if (o.warmup) {
                duck(file, format, 1); // loads the native library and warms the driver
            }
            for (int p : parallelisms) {
                List<Double> ratios = new ArrayList<>();
                List<Double> againstBaseline = new ArrayList<>();
                List<Double> cpuAgainstBaseline = new ArrayList<>();
                List<Double> tidemarkRates = new ArrayList<>();
                List<Double> duckRates = new ArrayList<>();
                for (int round = 1; round <= o.rounds; round++) {
                    Table duck = duck(file, format, p);
                    Table tm = tidemark(root, job, dir.resolve("out-" + format), p);
                    boolean same = tm.digest.equals(duck.digest);
                    report.allMatch &= same;
                    String w = "F1-" + format + "-p" + p;
                    report.rows.add(new Row(w, "duckdb", (int) lines, duck.seconds, 0, 0, 0, 0, duck.rows, 0, duck.digest, true, round));
                    report.rows.add(new Row(w, "tidemark", (int) lines, tm.seconds, tm.rssMiB, 0, 0, 0, tm.rows, 0, tm.digest, same, round));
                    ratios.add(duck.seconds / tm.seconds);
                    report.println(String.format(Locale.ROOT, "%-5s p=%d round %d: tidemark %.2f s (%,.0f lines/s, peak RSS %.0f MiB, "
                            + "CPU %.2f s), duckdb %d thread%s %.2f s (%,.0f rows/s); tidemark / duckdb %.3f; %,d rows, %s", format, p, round,
                            tm.seconds, lines / tm.seconds, tm.rssMiB, tm.cpuSeconds, p, p == 1 ? "" : "s", duck.seconds, lines / duck.seconds,
                            duck.seconds / tm.seconds, tm.rows, same ? "same results" : "VOID: results differ (" + tm.digest + " vs "
                                    + duck.digest + ")"));
                    if (BASELINE != null) {
                        Table base = tidemark(BASELINE, job, dir.resolve("out-" + format), p);
                        boolean baseSame = base.digest.equals(duck.digest);
                        report.allMatch &= baseSame;
                        report.rows.add(new Row(w, "baseline", (int) lines, base.seconds, base.rssMiB, 0, 0, 0, base.rows, 0, base.digest,
                                baseSame, round));
                        againstBaseline.add(base.seconds / tm.seconds);
                        cpuAgainstBaseline.add(base.cpuSeconds / tm.cpuSeconds);
                        report.println(String.format(Locale.ROOT, "%-5s p=%d round %d: baseline %.2f s (%,.0f lines/s, peak RSS %.0f MiB, "
                                + "CPU %.2f s); this build / baseline %.3f, CPU time baseline / this build %.3f; %s", format, p, round, base.seconds, lines / base.seconds,
                                base.rssMiB, base.cpuSeconds, base.seconds / tm.seconds, base.cpuSeconds / tm.cpuSeconds, baseSame ? "same results" : "VOID: results differ"));
                    }
                    tidemarkRates.add(lines / tm.seconds);
                    duckRates.add(lines / duck.seconds);
                }
                report.println(String.format(Locale.ROOT, "%-5s p=%d median: tidemark %,.0f lines/s, duckdb %,.0f rows/s, "
                        + "tidemark / duckdb %.3f (%.3f – %.3f)", format, p, median(tidemarkRates), median(duckRates), median(ratios),
                        ratios.stream().mapToDouble(d -> d).min().orElse(0), ratios.stream().mapToDouble(d -> d).max().orElse(0)));
                if (BASELINE != null) {
                    report.println(String.format(Locale.ROOT, "%-5s p=%d median: this build / baseline (%s) %.3f (%.3f – %.3f), "
                            + "CPU time baseline / this build %.3f (%.3f – %.3f)", format, p, BASELINE, median(againstBaseline),
                            againstBaseline.stream().mapToDouble(d -> d).min().orElse(0), againstBaseline.stream().mapToDouble(d -> d).max().orElse(0),
                            median(cpuAgainstBaseline), cpuAgainstBaseline.stream().mapToDouble(d -> d).min().orElse(0),
                            cpuAgainstBaseline.stream().mapToDouble(d -> d).max().orElse(0)));
                }
            }
        }
    }

    /** One engine's table: its digest, rows, seconds and (Tidemark) peak RSS and CPU seconds. */
    private record Table(String digest, long rows, double seconds, double rssMiB, double cpuSeconds) {}

    /** The directory holding the {@code tidemark} launcher: from the benchmark's own classes (…/tidemark-bench/target/classes). */
    static Path repositoryRoot() throws Exception {
        Path p = Path.of(FileBench.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        for (Path d = p; d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("tidemark")) && Files.isDirectory(d.resolve("tidemark-cli"))) {
                return d;
            }
        }
        throw new IllegalStateException("the tidemark launcher is not above " + p);
    }

    private static void generate(Path root, Path file, String format, long lines, int keys) throws Exception {
        long seconds = Math.max(1, lines / 1000);
        Process p = launcher(root, List.of("generate", "--format", format, "--keys", String.valueOf(keys), "--rate", "1000",
                "--duration", seconds + "s", "--seed", "1", "--very-late-fraction", "0", "--delay", "uniform:0s..2s", "-o", file.toString()))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (p.waitFor() != 0) {
            throw new IOException("tidemark generate failed: " + new String(p.getErrorStream().readAllBytes()));
        }
    }

    private static ProcessBuilder launcher(Path root, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(root.resolve("tidemark").toString());
        cmd.addAll(args);
        ProcessBuilder b = new ProcessBuilder(cmd);
        b.environment().put("TIDEMARK_NO_BUILD", "1");
        b.environment().remove("TIDEMARK_JAVA_OPTS");
        return b;
    }

    private static Path writeJob(Path dir, Path file, String format) throws IOException {
        Path job = dir.resolve("job-" + format + ".yaml");
        String out = "out-" + format;
        Files.writeString(job, String.join("\n", "name: f1-" + format, "source: {type: file, path: " + file.getFileName()
                + ", format: " + format + "}", "event-time: {field: eventTime, unit: ms}",
                "watermark: {strategy: bounded, max-out-of-orderness: 5s}", "key-by: [userId]", "window: {type: tumbling, size: 1m}",
                "aggregate: [count, {sum: amount}]", "output:", "  results: {type: jsonl, path: " + out + "/results.jsonl}",
                "  late: {type: " + format + ", path: " + out + "/late." + format + "}",
                "  dead-letter: {type: jsonl, path: " + out + "/dead-letter.jsonl}", ""));
        return job;
    }

    private static final Pattern RESULT = Pattern.compile("\"userId\": \"([^\"]*)\"}, \"window_start\": (\\d+), .*\"count\": (\\d+), "
            + "\"sum_amount\": ([-0-9.E+]+)");

    private static Table tidemark(Path root, Path job, Path out, int p) throws Exception {
        deleteTree(out);
        long t0 = System.nanoTime();
        Process proc = launcher(root, List.of("run", "-p", String.valueOf(p), job.toString()))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        long rss = 0;
        long cpuTicks = 0;
        while (!proc.waitFor(20, java.util.concurrent.TimeUnit.MILLISECONDS)) {
            rss = Math.max(rss, peakRss(proc));
            cpuTicks = Math.max(cpuTicks, cpuTicks(proc));
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (proc.exitValue() != 0) {
            throw new IOException("tidemark run " + job + " exited with " + proc.exitValue());
        }
        Digest d = new Digest(false);
        long rows = 0;
        for (String line : Files.readAllLines(out.resolve("results.jsonl"))) {
            Matcher m = RESULT.matcher(line);
            if (!m.find()) {
                throw new IOException("unexpected result line: " + line);
            }
            d.add(m.group(1).hashCode(), Long.parseLong(m.group(2)), 0, Long.parseLong(m.group(3)),
                    new java.math.BigDecimal(m.group(4)).movePointRight(2).longValueExact());
            rows++;
        }
        return new Table(d.toString(), rows, seconds, rss / 1024.0, cpuTicks / (double) CLOCK_TICKS);
    }

    /** Linux's clock ticks per second, the unit of /proc/PID/stat's CPU times (USER_HZ, 100 on every common kernel). */
    private static final int CLOCK_TICKS = 100;

    /** The process's user + system CPU time so far in clock ticks (Linux: /proc/PID/stat), or 0. */
    private static long cpuTicks(Process p) {
        try {
            String stat = Files.readString(Path.of("/proc", String.valueOf(p.pid()), "stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime, stime: fields 14 and 15
        } catch (IOException | RuntimeException e) {
            return 0; // gone, or not Linux
        }
    }

    /** The process's peak resident set in KiB (Linux: VmHWM), or 0. */
    private static long peakRss(Process p) {
        try {
            for (String l : Files.readAllLines(Path.of("/proc", String.valueOf(p.pid()), "status"))) {
                if (l.startsWith("VmHWM:")) {
                    return Long.parseLong(l.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            // gone, or not Linux
        }
        return 0;
    }

    private static Table duck(Path file, String format, int threads) throws Exception {
        long t0 = System.nanoTime();
        Digest d = new Digest(false);
        long rows = 0;
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            s.execute("SET threads = " + threads);
            String from = format.equals("csv") ? "read_csv('" + file + "')" : "read_json('" + file + "', format = 'newline_delimited')";
            try (ResultSet r = s.executeQuery("SELECT userId, eventTime // 60000 * 60000 AS window_start, count(*), sum(amount) FROM "
                    + from + " GROUP BY ALL")) {
                while (r.next()) {
                    d.add(r.getString(1).hashCode(), r.getLong(2), 0, r.getLong(3), Math.round(r.getDouble(4) * 100));
                    rows++;
                }
            }
        }
        return new Table(d.toString(), rows, (System.nanoTime() - t0) / 1e9, 0, 0);
    }

    private static String duckVersion() {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT version()")) {
            return r.next() ? r.getString(1) : "?";
        } catch (Exception e) {
            return "? (" + e.getMessage() + ")";
        }
    }

    private static double median(List<Double> xs) {
        List<Double> s = new ArrayList<>(xs);
        s.sort(null);
        int n = s.size();
        return n == 0 ? 0 : n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (var files = Files.walk(p)) {
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }
}
