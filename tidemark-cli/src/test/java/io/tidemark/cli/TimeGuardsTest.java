package io.tidemark.cli;

import static io.tidemark.cli.CliHarness.lines;
import static io.tidemark.cli.CliHarness.order;
import static io.tidemark.cli.CliHarness.run;
import static io.tidemark.cli.CliHarness.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The time guards and the settings around them, end to end (the rule itself: TimeGuardTest; the
 * same jobs on Flink: tidemark-flink's CliGuaranteesOnFlinkTest).
 */
class TimeGuardsTest {

    static final long B = 1704067200000L; // 2024-01-01T00:00:00Z
    static final long H = 3_600_000L;

    @TempDir
    Path dir;

    static String job(String watermark, String window, String... extra) {
        return String.join("\n",
                "source: {type: file, path: orders.jsonl}",
                "event-time: {field: eventTime}",
                "watermark: " + watermark,
                "key-by: [userId]",
                "window: " + window,
                "aggregate: [count]",
                "output:",
                "  results: {type: jsonl, path: out/results.jsonl}",
                "  late: {type: jsonl, path: out/late.jsonl}",
                "  dead-letter: {type: jsonl, path: out/dead.jsonl}",
                "dead-letter-limit: 100%",
                String.join("\n", extra),
                "");
    }

    private Path jobFile(String yaml) throws Exception {
        Path p = dir.resolve("job.yaml");
        Files.writeString(p, yaml);
        return p;
    }

    /** Historical data in live mode (no replay): a two-hour gap in the data dead-letters nothing after it. */
    @Test
    void aGapInTheDataNeverLocksTheJobOut() throws Exception {
        write(dir, "orders.jsonl", order("u1", B, "1"), order("u1", B + 60_000, "1"), order("u1", B + 120_000, "1"),
                order("u1", B + 2 * H, "1"), order("u1", B + 2 * H + 60_000, "1"), order("u1", B + 2 * H + 120_000, "1"),
                order("u1", B + 2 * H + 180_000, "1"));
        CliHarness.Result r = run("run", jobFile(job("{strategy: bounded, max-out-of-orderness: 0s, emit: per-event}",
                "{type: tumbling, size: 1h}")).toString()).assertOk();
        assertThat(lines(dir.resolve("out/dead.jsonl"))).isEmpty();
        assertThat(lines(dir.resolve("out/results.jsonl"))).hasSize(2)
                .anyMatch(l -> l.contains("\"window_start\": " + (B + 2 * H)) && l.contains("\"count\": 4"));
        assertThat(r.out()).contains("7 lines read = 7 in window results + 0 late + 0 dead letters: OK");
    }

    /** The first record a year ahead of the rest must not push the watermark a year ahead (everything after it would be late). */
    @Test
    void anOutlierAmongTheFirstRecordsIsADeadLetterAndMovesNoWatermark() throws Exception {
        write(dir, "orders.jsonl", order("u1", B + 365 * 24 * H, "1"), order("u1", B, "1"), order("u1", B + 1000, "1"),
                order("u1", B + 2000, "1"), order("u1", B + 20_000, "1"));
        CliHarness.Result r = run("run", jobFile(job("{strategy: bounded, max-out-of-orderness: 0s, emit: per-event}",
                "{type: tumbling, size: 10s}")).toString()).assertOk();
        assertThat(lines(dir.resolve("out/dead.jsonl"))).singleElement().asString()
                .contains("\"reason\": \"too-far-ahead\"").contains("\"line\": 1");
        assertThat(lines(dir.resolve("out/late.jsonl"))).isEmpty();
        assertThat(lines(dir.resolve("out/results.jsonl"))).hasSize(2).first().asString()
                .contains("\"window_start\": " + B).contains("\"count\": 3").contains("\"watermark\": " + (B + 19_999));
        assertThat(r.out()).contains("5 lines read = 4 in window results + 0 late + 1 dead letters: OK");
    }

    /** max-out-of-orderness at or above max-future: allowed, and the guard, which does not involve the bound, dead-letters nothing. */
    @Test
    void aBoundAboveMaxFutureIsAllowedAndDeadLettersNothing() throws Exception {
        write(dir, "orders.jsonl", order("u1", B, "1"), order("u1", B + 30 * 60_000, "1"), order("u1", B + 10_000, "1"),
                order("u1", B + 50 * 60_000, "1"));
        Path job = jobFile(job("{strategy: bounded, max-out-of-orderness: 2h, emit: per-event}", "{type: tumbling, size: 1h}",
                "").replace("event-time: {field: eventTime}", "event-time: {field: eventTime, max-future: 1h}"));
        assertThat(run("validate", job.toString()).exitCode()).isZero();
        CliHarness.Result r = run("run", job.toString()).assertOk();
        assertThat(lines(dir.resolve("out/dead.jsonl"))).isEmpty();
        assertThat(r.out()).contains("4 lines read = 4 in window results + 0 late + 0 dead letters: OK");
    }

    /** A slide larger than the size: the records between windows are dead letters, not silently dropped. */
    @Test
    void recordsBetweenSlidingWindowsAreDeadLettersAndAccounted() throws Exception {
        write(dir, "orders.jsonl", order("u1", 1000, "1"), order("u1", 6000, "1"), order("u1", 12_000, "1"),
                order("u1", 19_999, "1"), order("u1", 21_000, "1"));
        Path job = jobFile(job("{strategy: bounded, max-out-of-orderness: 0s, emit: per-event}",
                "{type: sliding, size: 5s, slide: 10s}"));
        assertThat(run("validate", job.toString()).out())
                .contains("window.slide (10s) is larger than window.size (5s): records between windows are dead letters (no-window)");
        CliHarness.Result r = run("run", job.toString()).assertOk();
        assertThat(lines(dir.resolve("out/dead.jsonl"))).hasSize(2)
                .allMatch(l -> l.contains("\"reason\": \"no-window\""))
                .anyMatch(l -> l.contains("\"line\": 2")).anyMatch(l -> l.contains("\"line\": 4"));
        assertThat(lines(dir.resolve("out/results.jsonl"))).hasSize(3);
        assertThat(r.out()).contains("5 lines read = 3 records in windows + 0 late + 2 dead letters: OK");
    }

    /** In live mode over historical data the watermark lag is years of wall clock: not shown; in replay it is. */
    @Test
    void theWatermarkLagIsShownWhereItMeansSomething() throws Exception {
        write(dir, "orders.jsonl", "{\"userId\":\"u1\",\"eventTime\":" + B + ",\"arrival\":" + (B + 1500) + "}",
                "{\"userId\":\"u1\",\"eventTime\":" + (B + 1000) + ",\"arrival\":" + (B + 2500) + "}");
        String live = job("{strategy: bounded, max-out-of-orderness: 0s, emit: per-event}", "{type: tumbling, size: 10s}");
        assertThat(run("run", jobFile(live).toString()).assertOk().out())
                .contains("max watermark lag  n/a: without replay, processing time is the wall clock");
        String replay = live.replace("path: orders.jsonl}", "path: orders.jsonl, arrival-time-field: arrival}");
        assertThat(run("run", jobFile(replay).toString()).assertOk().out())
                .containsPattern("max watermark lag  1\\d{3} ms \\(processing time − watermark\\)");
    }
}
