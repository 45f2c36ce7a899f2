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

    /**
     * {@code source.sort} on a Kafka topic of two partitions (the worked example on partition 0 with a bad
     * record in it, another sequence after an empty record on partition 1): with {@code --engine flink} the
     * sorted Kafka source runs as Tidemark's own inside Flink and writes the same windows, late records and
     * dead letter as embedded, and the same accounting. Each result's watermark is left out of the
     * comparison: it depends on how the two partitions' reads interleave.
     */
    @Test
    void aKafkaSourceSortedPerPartitionGivesTheSameFilesOnFlink(@TempDir Path dir) throws Exception {
        try (io.tidemark.connector.kafka.broker.LocalKafkaBroker broker = io.tidemark.connector.kafka.broker.LocalKafkaBroker.start()) {
            broker.createTopic("sorted", 2);
            broker.send("sorted", 1, null, null, "");
            for (long s : new long[] {7, 3, 10}) {
                broker.send("sorted", 0, null, null, line(s * 1000, 0));
            }
            broker.send("sorted", 0, null, null, "{not json");
            for (long s : new long[] {8, 15, 2, 12, 21, 16, 30}) {
                broker.send("sorted", 0, null, null, line(s * 1000, 0));
            }
            for (long s : new long[] {5, 1, 9, 14, 4, 20, 25}) {
                broker.send("sorted", 1, null, null, line(s * 1000, 0).replace("u1", "u2"));
            }
            broker.flush();
            List<List<String>> runs = new java.util.ArrayList<>();
            for (String engine : List.of("embedded", "flink")) {
                Path job = job(dir.resolve(engine), "", "  strategy: monotonous\n  emit: per-event", List.of());
                Files.writeString(job, Files.readString(job).replace("  type: file\n  path: in.jsonl\n",
                        "  type: kafka\n  bootstrap-servers: " + broker.bootstrapServers() + "\n  topic: sorted\n  group-id: " + engine
                                + "\n  stop-at: latest\n  sort: {buffer: 5s}\n")
                        .replace("  late: {type: jsonl, path: out/late.jsonl}\n",
                                "  late: {type: jsonl, path: out/late.jsonl}\n  dead-letter: {type: jsonl, path: out/dead.jsonl}\n"));
                CliOnFlinkTest.Run r = engine.equals("flink") ? cli("run", "--engine", "flink", job.toString()) : cli("run", job.toString());
                assertThat(r.out()).as(engine).contains("19 lines read = 15 in window results + 2 late + 1 dead letters + 1 empty: OK");
                Path out = job.getParent().resolve("out");
                runs.add(List.of(
                        String.join("\n", lines(out.resolve("results.jsonl")).stream().map(l -> l.replaceAll(", \"watermark\": -?\\d+", ""))
                                .sorted().toList()),
                        String.join("\n", lines(out.resolve("late.jsonl")).stream().sorted().toList()),
                        String.join("\n", lines(out.resolve("dead.jsonl")))));
            }
            assertThat(runs.get(1)).as("results, late records and dead letters on flink").isEqualTo(runs.get(0));
            assertThat(runs.get(0).get(0).split("\n")).hasSize(7);
            assertThat(runs.get(0).get(1)).isEqualTo(line(2_000, 0) + "\n" + line(4_000, 0).replace("u1", "u2"));
            assertThat(runs.get(0).get(2)).contains("\"reason\": \"unparsable\"").contains("\"partition\": 0, \"offset\": 3");
        }
    }
}
