package io.tidemark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code tidemark tune} simulates every candidate bound in one pass; its late records, windows and
 * re-firings must be exactly those of {@code tidemark run} with that bound, for every candidate, on
 * replayed data with splits, idleness, very late records and bad lines, for each window type.
 */
class TuneMatchesRunTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final String BOUNDS = "0s,300ms,1s,2s,5s,10s,30s";

    @TempDir
    static Path dir;

    @BeforeAll
    static void generate() {
        CliHarness.run("generate", "--keys", "12", "--rate", "10", "--duration", "20m", "--seed", "11", "--splits", "3",
                "--idle", "p1@6m+3m", "--delay", "lognormal:1500ms:1.1", "--very-late-fraction", "0.01", "--very-late-delay", "2m",
                "--unit-errors", "0.002", "--malformed", "0.002", "--future-errors", "0.001",
                "--output", dir.resolve("orders.jsonl").toString()).assertOk();
    }

    static String job(String window, String bound, String lateness, String emit) {
        return String.join("\n",
                "name: tune-test",
                "source: {type: file, path: ../orders.jsonl, partition-field: partition, arrival-time-field: arrival}",
                "event-time: {field: eventTime, unit: ms}",
                "watermark: {strategy: bounded, max-out-of-orderness: " + bound + ", emit: " + emit + ", idleness: 20s}",
                "key-by: [userId]",
                "window: " + window,
                "allowed-lateness: " + lateness,
                "output:",
                "  results: {type: jsonl, path: out/results.jsonl}",
                "  late: {type: jsonl, path: out/late.jsonl}",
                "");
    }

    /** late records, on-time firings, re-firings and windows from a run summary. */
    static long[] runCounts(String summary) {
        Matcher late = Pattern.compile("late records +(\\d+)").matcher(summary);
        Matcher results = Pattern.compile("window results +\\d+ \\(on-time (\\d+), late re-firings (\\d+)\\) for (\\d+) windows").matcher(summary);
        assertThat(late.find()).as(summary).isTrue();
        assertThat(results.find()).as(summary).isTrue();
        return new long[] {Long.parseLong(late.group(1)), Long.parseLong(results.group(1)), Long.parseLong(results.group(2))};
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "tumbling|{type: tumbling, size: 1m}|15s|periodic",
        "sliding|{type: sliding, size: 2m, slide: 30s}|10s|periodic",
        "session|{type: session, gap: 20s}|10s|periodic",
        "per-event|{type: tumbling, size: 1m}|0s|per-event"})
    void everyCandidatesLateRecordsAreThoseOfARunWithItsBound(String variant) throws Exception {
        String[] v = variant.split("\\|");
        Path d = Files.createDirectories(dir.resolve(v[0]));
        Path tuneJob = d.resolve("job.yaml");
        Files.writeString(tuneJob, job(v[1], "10s", v[2], v[3]));
        CliHarness.Result tuned = CliHarness.run("tune", tuneJob.toString(), "--bounds", BOUNDS, "--json").assertOk();
        JsonNode candidates = JSON.readTree(tuned.out()).get("candidates");
        assertThat(candidates).hasSize(BOUNDS.split(",").length);
        List<String> mismatches = new ArrayList<>();
        long lateSeen = 0;
        for (JsonNode c : candidates) {
            String bound = c.get("bound").asText();
            Path runDir = Files.createDirectories(d.resolve("run-" + bound));
            Path runJob = runDir.resolve("job.yaml");
            Files.writeString(runJob, job(v[1], bound, v[2], v[3]).replace("../orders.jsonl", "../../orders.jsonl"));
            long[] run = runCounts(CliHarness.run("run", runJob.toString()).assertOk().out());
            long[] tune = {c.get("late").asLong(), c.get("windows").asLong(), c.get("reFirings").asLong()};
            if (!java.util.Arrays.equals(run, tune)) {
                mismatches.add("bound " + bound + ": run late/on-time/re-firings " + java.util.Arrays.toString(run) + ", tune "
                        + java.util.Arrays.toString(tune));
            }
            lateSeen += run[0];
        }
        assertThat(mismatches).isEmpty();
        assertThat(lateSeen).as("some candidates must make records late, or the comparison proves little").isPositive();
    }
}
