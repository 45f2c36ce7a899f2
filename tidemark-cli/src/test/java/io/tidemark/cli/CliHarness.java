package io.tidemark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Runs the CLI in-process with standard out and err captured, on files in a test folder. */
final class CliHarness {

    record Result(int exitCode, String out, String err) {
        Result assertOk() {
            assertThat(exitCode).as("exit code; stderr:\n" + err + "\nstdout:\n" + out).isZero();
            return this;
        }
    }

    private CliHarness() {}

    static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = Main.execute(args, o, e);
        }
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static Path write(Path dir, String name, String... lines) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        return p;
    }

    /**
     * The rows of a run summary that count — lines read, window results, late records, dead letters — and
     * its accounting line.
     */
    static List<String> summaryCounts(String summary) {
        return summary.lines().filter(l -> l.matches("  (lines read|window results|late records|dead letters|accounted) .*")).toList();
    }

    /** The first {@code n} lines {@code tidemark generate} writes with options {@code g}. */
    static List<String> generated(io.tidemark.cli.gen.GeneratorOptions g, int n) {
        io.tidemark.cli.gen.OrderGenerator gen = new io.tidemark.cli.gen.OrderGenerator(g);
        List<String> lines = new java.util.ArrayList<>(n);
        while (lines.size() < n) {
            lines.add(gen.next());
        }
        return lines;
    }

    static List<String> lines(Path p) throws IOException {
        return Files.readAllLines(p, StandardCharsets.UTF_8);
    }

    /**
     * A job file: file source orders.jsonl, event time "eventTime" in ms, key userId, all five
     * aggregates of "amount", outputs out/results.jsonl, out/late.jsonl, out/dead.jsonl;
     * {@code watermark} and {@code window} (YAML blocks) and {@code extra} top-level lines vary.
     */
    static Path job(Path dir, String watermark, String window, String... extra) throws IOException {
        String yaml = String.join("\n",
                "name: test-job",
                "source:",
                "  type: file",
                "  path: orders.jsonl",
                "event-time:",
                "  field: eventTime",
                "  unit: ms",
                "watermark:",
                watermark.indent(2).stripTrailing(),
                "key-by: [userId]",
                "window:",
                window.indent(2).stripTrailing(),
                "aggregate: [count, {sum: amount}, {avg: amount}, {min: amount}, {max: amount}]",
                "output:",
                "  results: {type: jsonl, path: out/results.jsonl}",
                "  late: {type: jsonl, path: out/late.jsonl}",
                "  dead-letter: {type: jsonl, path: out/dead.jsonl}",
                String.join("\n", extra),
                "");
        Path p = dir.resolve("job.yaml");
        Files.writeString(p, yaml, StandardCharsets.UTF_8);
        return p;
    }

    /** An order line with the fields in a fixed order. */
    static String order(String user, long eventTime, String amount) {
        return "{\"userId\":\"" + user + "\",\"eventTime\":" + eventTime + ",\"amount\":" + amount + "}";
    }

    /**
     * A result line as the issue specifies it: key, window, count, sum, avg, min, max, timing, firing,
     * watermark (numbers as written here).
     */
    static String result(String user, long start, long end, long count, String sum, String avg, String min, String max,
            String timing, int firing, long watermark) {
        return "{\"key\": {\"userId\": \"" + user + "\"}, \"window_start\": " + start + ", \"window_end\": " + end
                + ", \"count\": " + count + ", \"sum_amount\": " + sum + ", \"avg_amount\": " + avg + ", \"min_amount\": "
                + min + ", \"max_amount\": " + max + ", \"timing\": \"" + timing + "\", \"firing\": " + firing
                + ", \"watermark\": " + watermark + "}";
    }

    /** A session's result line: {@link #result} and the bounds it replaces ({@code "[1000, 3000], [5000, 7000]"}). */
    static String session(String user, long start, long end, long count, String sum, String avg, String min, String max,
            String timing, int firing, long watermark, String replaces) {
        String r = result(user, start, end, count, sum, avg, min, max, timing, firing, watermark);
        return r.substring(0, r.length() - 1) + ", \"replaces\": [" + replaces + "]}";
    }

    static final long END = Long.MAX_VALUE;
}
