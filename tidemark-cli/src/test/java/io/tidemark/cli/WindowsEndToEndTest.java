package io.tidemark.cli;

import static io.tidemark.cli.CliHarness.END;
import static io.tidemark.cli.CliHarness.job;
import static io.tidemark.cli.CliHarness.lines;
import static io.tidemark.cli.CliHarness.order;
import static io.tidemark.cli.CliHarness.result;
import static io.tidemark.cli.CliHarness.session;
import static io.tidemark.cli.CliHarness.run;
import static io.tidemark.cli.CliHarness.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command on small files, each window type against results worked out by hand. Watermarks are
 * emitted after every event (per-event), so they are a function of the input alone:
 * watermark = largest event time so far − max-out-of-orderness − 1.
 */
class WindowsEndToEndTest {

    @TempDir
    Path dir;

    static final String PER_EVENT_2S = "strategy: bounded\nmax-out-of-orderness: 2s\nemit: per-event";
    static final String PER_EVENT_0S = "strategy: bounded\nmax-out-of-orderness: 0s\nemit: per-event";

    @Test
    void tumblingWindowsGiveOneResultPerKeyAndWindow() throws Exception {
        write(dir, "orders.jsonl",
                order("u1", 1000, "2"),
                order("u1", 4000, "5.5"),
                order("u2", 3000, "1"),
                order("u1", 12000, "7"),   // watermark 9999: [0,10s) fires for u1 and u2
                order("u2", 25000, "3"));  // watermark 22999: [10s,20s) fires for u1
        Path job = job(dir, PER_EVENT_2S, "type: tumbling\nsize: 10s");

        CliHarness.Result r = run("run", job.toString()).assertOk();

        assertThat(lines(dir.resolve("out/results.jsonl"))).containsExactlyInAnyOrder(
                result("u1", 0, 10000, 2, "7.5", "3.75", "2", "5.5", "ON_TIME", 1, 9999),
                result("u2", 0, 10000, 1, "1", "1", "1", "1", "ON_TIME", 1, 9999),
                result("u1", 10000, 20000, 1, "7", "7", "7", "7", "ON_TIME", 1, 22999),
                result("u2", 20000, 30000, 1, "3", "3", "3", "3", "ON_TIME", 1, END));
        assertThat(lines(dir.resolve("out/late.jsonl"))).isEmpty();
        assertThat(lines(dir.resolve("out/dead.jsonl"))).isEmpty();
        assertThat(r.out()).contains("lines read         5")
                .contains("window results     4 (on-time 4, late re-firings 0) for 4 windows")
                .contains("late records       0")
                .contains("dead letters       0")
                .contains("final watermark    22999")
                .contains("accounted          5 lines read = 5 in window results + 0 late + 0 dead letters: OK");
    }

    @Test
    void resultsKeepTheIssuesKeyOrderAndPrintWholeNumbersWithoutAFraction() throws Exception {
        write(dir, "orders.jsonl", order("u1", 1000, "4.0"), order("u1", 2000, "4.5"), order("u1", 3000, "4"));
        Path job = job(dir, PER_EVENT_0S, "type: tumbling\nsize: 10s");
        run("run", job.toString()).assertOk();
        // sum 12.5, avg 12.5 / 3 = 4.166666666666667 (16 significant digits), min 4 (not 4.0)
        assertThat(lines(dir.resolve("out/results.jsonl"))).containsExactly(
                "{\"key\": {\"userId\": \"u1\"}, \"window_start\": 0, \"window_end\": 10000, \"count\": 3, "
                        + "\"sum_amount\": 12.5, \"avg_amount\": 4.166666666666667, \"min_amount\": 4, \"max_amount\": 4.5, "
                        + "\"timing\": \"ON_TIME\", \"firing\": 1, \"watermark\": 9223372036854775807}");
    }

    @Test
    void windowEndIsExclusiveAndARecordAtTheWatermarkIsLate() throws Exception {
        write(dir, "orders.jsonl",
                order("u1", 9999, "1"),    // last millisecond of [0,10s)
                order("u1", 10000, "2"),   // first of [10s,20s); watermark 9999 = maxTimestamp of [0,10s): it fires
                order("u1", 9999, "4"));   // 9999 <= watermark 9999, lateness 0: late
        Path job = job(dir, PER_EVENT_0S, "type: tumbling\nsize: 10s");

        CliHarness.Result r = run("run", job.toString()).assertOk();

        assertThat(lines(dir.resolve("out/results.jsonl"))).containsExactlyInAnyOrder(
                result("u1", 0, 10000, 1, "1", "1", "1", "1", "ON_TIME", 1, 9999),
                result("u1", 10000, 20000, 1, "2", "2", "2", "2", "ON_TIME", 1, END));
        assertThat(lines(dir.resolve("out/late.jsonl"))).containsExactly(order("u1", 9999, "4"));
        assertThat(r.out()).contains("accounted          3 lines read = 2 in window results + 1 late + 0 dead letters: OK");
    }

    @Test
    void slidingWindowsHoldARecordInEveryWindowThatCoversIt() throws Exception {
        write(dir, "orders.jsonl",
                order("u1", 1000, "1"),    // in [-5s,5s) and [0,10s)
                order("u1", 6000, "2"),    // in [0,10s) and [5s,15s); watermark 5999: [-5s,5s) fires
                order("u1", 12000, "4"));  // in [5s,15s) and [10s,20s); watermark 11999: [0,10s) fires
        Path job = job(dir, PER_EVENT_0S, "type: sliding\nsize: 10s\nslide: 5s");

        CliHarness.Result r = run("run", job.toString()).assertOk();

        assertThat(lines(dir.resolve("out/results.jsonl"))).containsExactlyInAnyOrder(
                result("u1", -5000, 5000, 1, "1", "1", "1", "1", "ON_TIME", 1, 5999),
                result("u1", 0, 10000, 2, "3", "1.5", "1", "2", "ON_TIME", 1, 11999),
                result("u1", 5000, 15000, 2, "6", "3", "2", "4", "ON_TIME", 1, END),
                result("u1", 10000, 20000, 1, "4", "4", "4", "4", "ON_TIME", 1, END));
        // each record is in two windows: the identity counts records that reached a window
        assertThat(r.out()).contains("accounted          3 lines read = 3 records in windows + 0 late + 0 dead letters: OK");
    }

    @Test
    void sessionWindowsCloseAfterTheGap() throws Exception {
        write(dir, "orders.jsonl",
                order("u1", 1000, "1"),
                order("u1", 2500, "2"),    // same session: [1000, 5500)
                order("u2", 4000, "8"),    // u2's own session [4000, 7000)
                order("u1", 9000, "4"));   // watermark 8999 closes both sessions
        Path job = job(dir, PER_EVENT_0S, "type: session\ngap: 3s");

        run("run", job.toString()).assertOk();

        assertThat(lines(dir.resolve("out/results.jsonl"))).containsExactlyInAnyOrder(
                session("u1", 1000, 5500, 2, "3", "1.5", "1", "2", "ON_TIME", 1, 8999, ""),
                session("u2", 4000, 7000, 1, "8", "8", "8", "8", "ON_TIME", 1, 8999, ""),
                session("u1", 9000, 12000, 1, "4", "4", "4", "4", "ON_TIME", 1, END, ""));
    }

    @Test
    void aLateRecordThatBridgesTwoFiredSessionsMergesThemAndIsCountedOnceInTheIdentity() throws Exception {
        write(dir, "orders.jsonl",
                order("u1", 1000, "1"),    // session [1000, 3000)
                order("u1", 5000, "2"),    // session [5000, 7000); watermark 4999 fires [1000,3000)
                order("u1", 10000, "4"),   // watermark 9999 fires [5000,7000); session [10000,12000)
                order("u1", 3000, "8"));   // [3000,5000) touches both fired sessions (lateness 10s): one session [1000,7000)
        Path job = job(dir, PER_EVENT_0S, "type: session\ngap: 2s", "allowed-lateness: 10s");

        CliHarness.Result r = run("run", job.toString()).assertOk();

        assertThat(lines(dir.resolve("out/results.jsonl"))).containsExactlyInAnyOrder(
                session("u1", 1000, 3000, 1, "1", "1", "1", "1", "ON_TIME", 1, 4999, ""),
                session("u1", 5000, 7000, 1, "2", "2", "2", "2", "ON_TIME", 1, 9999, ""),
                session("u1", 1000, 7000, 3, "11", "3.666666666666667", "1", "8", "LATE", 2, 9999, "[1000, 3000], [5000, 7000]"),
                session("u1", 10000, 12000, 1, "4", "4", "4", "4", "ON_TIME", 1, END, ""));
        // the merged session replaces the two it absorbed: 3 + 1 = 4 records, not 1 + 1 + 3 + 1
        assertThat(r.out()).contains("4 lines read = 4 in window results + 0 late + 0 dead letters: OK");
    }

    @Test
    void tumblingWindowsWithAnOffsetStartAtTheOffset() throws Exception {
        write(dir, "orders.jsonl",
                order("u1", 2000, "1"),    // [-7s, 3s)
                order("u1", 3000, "2"),    // [3s, 13s); watermark 2999 fires [-7s,3s)
                order("u1", 12999, "4"),   // [3s, 13s)
                order("u1", 13000, "8"));  // [13s, 23s); watermark 12999 fires [3s,13s)
        Path job = job(dir, PER_EVENT_0S, "type: tumbling\nsize: 10s\noffset: 3s");

        run("run", job.toString()).assertOk();

        assertThat(lines(dir.resolve("out/results.jsonl"))).containsExactlyInAnyOrder(
                result("u1", -7000, 3000, 1, "1", "1", "1", "1", "ON_TIME", 1, 2999),
                result("u1", 3000, 13000, 2, "6", "3", "2", "4", "ON_TIME", 1, 12999),
                result("u1", 13000, 23000, 1, "8", "8", "8", "8", "ON_TIME", 1, END));
    }

    @Test
    void aRecordWithinAllowedLatenessReFiresItsWindowAndOneAfterItGoesToTheLateOutputAsRead() throws Exception {
        String lateLine = "{\"userId\": \"u1\",   \"eventTime\": 3000, \"amount\": 9 }";
        write(dir, "orders.jsonl",
                order("u1", 1000, "1"),
                order("u1", 11000, "2"),   // watermark 10999: [0,10s) fires on time with 1 record
                order("u1", 2000, "3"),    // behind the watermark but 9999 + 5s > 10999: re-fires [0,10s), LATE #2
                order("u1", 16000, "4"),   // watermark 15999 >= 9999 + 5s: [0,10s) is cleaned up
                lateLine);                 // 3000 + 5s <= 15999: a late record
        Path job = job(dir, PER_EVENT_0S, "type: tumbling\nsize: 10s", "allowed-lateness: 5s");

        CliHarness.Result r = run("run", job.toString()).assertOk();

        assertThat(lines(dir.resolve("out/results.jsonl"))).containsExactlyInAnyOrder(
                result("u1", 0, 10000, 1, "1", "1", "1", "1", "ON_TIME", 1, 10999),
                result("u1", 0, 10000, 2, "4", "2", "1", "3", "LATE", 2, 10999),
                result("u1", 10000, 20000, 2, "6", "3", "2", "4", "ON_TIME", 1, END));
        assertThat(lines(dir.resolve("out/late.jsonl"))).containsExactly(lateLine);
        assertThat(r.out()).contains("window results     3 (on-time 2, late re-firings 1) for 2 windows")
                .contains("late records       1")
                .contains("accounted          5 lines read = 4 in window results + 1 late + 0 dead letters: OK");
    }

    /**
     * Replay mode, two splits A and B, idleness 5s, watermarks every 200 ms of replayed processing
     * time (arrival = event time here). A periodic emission runs when a record's arrival moves the
     * clock past it, before the record's split generator sees the record. Idleness counts records and
     * measures silence from the first emission that sees none (as in Flink): B's last record arrives at
     * 6000, the emission at 8000 still sees it, the one at 12000 starts B's silence, the one at 18000
     * finds 6s > 5s: idle. From then on the watermark is A's: 14999 at A's arrival 18000 (fires
     * [0,10s)), 20999 at 25000 (fires [10s,20s)). A's own records are at most 4s apart, so A never
     * counts as idle.
     */
    @Test
    void windowsKeepFiringWhenOneSplitStopsOnlyWithIdleness() throws Exception {
        String[] data = {
            split("A", "u1", 1000), split("B", "u2", 1500), split("A", "u1", 5000), split("B", "u2", 6000),
            split("A", "u1", 8000), split("A", "u1", 12000), split("A", "u1", 15000), split("A", "u1", 18000),
            split("A", "u1", 21000), split("A", "u1", 25000)};
        write(dir, "orders.jsonl", data);

        Path withIdleness = replayJob("idleness: 5s");
        run("run", withIdleness.toString()).assertOk();
        assertThat(lines(dir.resolve("out/results.jsonl"))).containsExactlyInAnyOrder(
                result("u1", 0, 10000, 3, "3", "1", "1", "1", "ON_TIME", 1, 14999),
                result("u2", 0, 10000, 2, "2", "1", "1", "1", "ON_TIME", 1, 14999),
                result("u1", 10000, 20000, 3, "3", "1", "1", "1", "ON_TIME", 1, 20999),
                result("u1", 20000, 30000, 2, "2", "1", "1", "1", "ON_TIME", 1, END));

        Path withoutIdleness = replayJob("");
        run("run", withoutIdleness.toString()).assertOk();
        // B holds the watermark at 5999: nothing fires before the end of the input
        assertThat(lines(dir.resolve("out/results.jsonl"))).containsExactlyInAnyOrder(
                result("u1", 0, 10000, 3, "3", "1", "1", "1", "ON_TIME", 1, END),
                result("u2", 0, 10000, 2, "2", "1", "1", "1", "ON_TIME", 1, END),
                result("u1", 10000, 20000, 3, "3", "1", "1", "1", "ON_TIME", 1, END),
                result("u1", 20000, 30000, 2, "2", "1", "1", "1", "ON_TIME", 1, END));
    }

    private static String split(String split, String user, long t) {
        return "{\"part\":\"" + split + "\",\"userId\":\"" + user + "\",\"eventTime\":" + t + ",\"arrival\":" + t + ",\"amount\":1}";
    }

    private Path replayJob(String idleness) throws Exception {
        Path job = job(dir, "strategy: bounded\nmax-out-of-orderness: 0s\nemit: periodic\ninterval: 200ms\n" + idleness,
                "type: tumbling\nsize: 10s");
        String yaml = java.nio.file.Files.readString(job)
                .replace("  path: orders.jsonl\n", "  path: orders.jsonl\n  partition-field: part\n  arrival-time-field: arrival\n");
        java.nio.file.Files.writeString(job, yaml);
        return job;
    }
}
