package io.tidemark.flink.cli;

import static io.tidemark.flink.cli.CliOnFlinkTest.cli;
import static io.tidemark.flink.cli.CliOnFlinkTest.lines;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The watermark features beyond Flink through the command on both engines: a job file with
 * {@code source.sort} (the worked example of docs/job-file.md) and one with {@code watermark.idle-advance}
 * in replay mode write the same results and late records with {@code --engine flink} as embedded — and the
 * ones worked out by hand.
 */
class CliWatermarksOnFlinkTest {

    static String line(long eventTime, long arrival) {
        return "{\"userId\":\"u1\",\"eventTime\":" + eventTime + ",\"amount\":1,\"arrival\":" + arrival + "}";
    }

    static Path job(Path dir, String source, String watermark, List<String> input) throws Exception {
        Files.createDirectories(dir);
        Files.write(dir.resolve("in.jsonl"), input, StandardCharsets.UTF_8);
        Path job = dir.resolve("job.yaml");
        Files.writeString(job, String.join("\n",
                "source:",
                "  type: file",
                "  path: in.jsonl",
                source,
                "event-time: {field: eventTime}",
                "watermark:",
                watermark,
                "key-by: [userId]",
                "window: {type: tumbling, size: 10s}",
                "aggregate: [count]",
                "output:",
                "  results: {type: jsonl, path: out/results.jsonl}",
                "  late: {type: jsonl, path: out/late.jsonl}",
                ""), StandardCharsets.UTF_8);
        return job;
    }

    /** Runs {@code job} in a copy of its folder per engine; returns {results, late} of each: embedded, flink. */
    static List<List<String>> both(Path dir, String source, String watermark, List<String> input) throws Exception {
        Path e = job(dir.resolve("embedded"), source, watermark, input);
        Path f = job(dir.resolve("flink"), source, watermark, input);
        cli("run", e.toString());
        cli("run", "--engine", "flink", f.toString());
        List<String> results = lines(e.getParent().resolve("out/results.jsonl"));
        List<String> late = lines(e.getParent().resolve("out/late.jsonl"));
        assertThat(lines(f.getParent().resolve("out/results.jsonl"))).as("results on flink").isEqualTo(results);
        assertThat(lines(f.getParent().resolve("out/late.jsonl"))).as("late on flink").isEqualTo(late);
        return List.of(results, late);
    }

    static String result(long start, long count, long watermark) {
        return "{\"key\": {\"userId\": \"u1\"}, \"window_start\": " + start + ", \"window_end\": " + (start + 10_000) + ", \"count\": "
                + count + ", \"timing\": \"ON_TIME\", \"firing\": 1, \"watermark\": " + watermark + "}";
    }

    @Test
    void aSortedSourceGivesTheSameFilesOnFlink(@TempDir Path dir) throws Exception {
        List<String> input = new java.util.ArrayList<>();
        for (long s : new long[] {7, 3, 10, 8, 15, 2, 12, 21, 16, 30}) {
            input.add(line(s * 1000, 0));
        }
        List<List<String>> out = both(dir, "  sort: {buffer: 5s}", "  strategy: monotonous\n  emit: per-event", input);
        assertThat(out.get(0)).containsExactly(result(0, 3, 9999), result(10_000, 4, 20999), result(20_000, 1, 29999),
                result(30_000, 1, Long.MAX_VALUE));
        assertThat(out.get(1)).containsExactly(line(2_000, 0));
    }

    /** An adaptive bound (a split source's generator on both engines) over a stretch of wide disorder: the same files. */
    @Test
    void anAdaptiveBoundGivesTheSameFilesOnFlink(@TempDir Path dir) throws Exception {
        java.util.Random r = new java.util.Random(5);
        List<String> input = new java.util.ArrayList<>();
        long max = 0;
        for (int i = 0; i < 600; i++) {
            max += 50;
            input.add(line(max - (i >= 200 && i < 400 ? r.nextInt(4_000) : r.nextInt(200)), 0));
        }
        List<List<String>> out = both(dir, "", "  strategy: adaptive\n  quantile: 0.99\n  factor: 1.2\n  window: 5s\n"
                + "  min: 100ms\n  max: 5s\n  emit: per-event", input);
        assertThat(out.get(0)).isNotEmpty();
    }

    /** Per-key watermarks have no Flink equivalent: {@code --engine flink} refuses the job before anything runs. */
    @Test
    void perKeyWatermarksAreRefusedOnFlinkWithTheReason(@TempDir Path dir) throws Exception {
        Path job = job(dir, "", "  strategy: bounded\n  max-out-of-orderness: 1s\n  per-key: true", List.of(line(1_000, 0)));
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int code;
        try (java.io.PrintStream o = new java.io.PrintStream(new java.io.ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
                java.io.PrintStream e = new java.io.PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = io.tidemark.cli.Main.execute(new String[] {"run", "--engine", "flink", job.toString()}, o, e);
        }
        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("watermark.per-key: true is not for --engine flink: Flink has no "
                + "per-key watermarks");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void idleAdvanceInReplayGivesTheSameFilesOnFlink(@TempDir Path dir) throws Exception {
        List<List<String>> out = both(dir, "  arrival-time-field: arrival",
                "  strategy: bounded\n  max-out-of-orderness: 1s\n  idle-advance: 30s",
                List.of(line(1_000, 1_000), line(2_000, 2_000), line(5_000, 100_000)));
        assertThat(out.get(0)).containsExactly(result(0, 2, 98999));
        assertThat(out.get(1)).containsExactly(line(5_000, 100_000));
    }
}
