package io.tidemark.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tidemark profile} on inputs whose answers the test computes itself: a known delay distribution
 * with a peak hour, bad lines, an empty input; and {@code tune} with one candidate.
 */
class ProfileTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final long HOUR = 3_600_000L;
    static final long START = 1_704_067_200_000L; // 2024-01-01T00:00:00Z
    /** The sketch's stated error: within 1 % (and exact below 256 ms; 1 ms for the rounding of the test's own ranks). */
    static final double RELATIVE_ERROR = 0.01;

    @TempDir
    Path dir;

    record Rec(long ts, long arrival) {}

    /**
     * 48 hours, a record every 2 s, delays lognormal with median 2 s and sigma 0.6, except from 14:00 to
     * 15:00 (the peak), sigma 1.4; written in arrival order.
     */
    static List<Rec> lognormal() {
        Random r = new Random(42);
        List<Rec> recs = new ArrayList<>();
        for (long t = START; t < START + 48 * HOUR; t += 2000) {
            boolean peak = Math.floorMod(t, 24 * HOUR) / HOUR == 14;
            double delay = 2000 * Math.exp((peak ? 1.4 : 0.6) * r.nextGaussian());
            recs.add(new Rec(t, t + Math.round(delay)));
        }
        recs.sort(Comparator.comparingLong(Rec::arrival));
        return recs;
    }

    static long exactQuantile(long[] sorted, double q) {
        int rank = (int) Math.max(1, Math.ceil(q * sorted.length));
        return sorted[rank - 1];
    }

    static void assertWithinSketchError(long reported, long exact, String what) {
        assertThat((double) reported).as(what + ": reported " + reported + " ms, exact " + exact + " ms")
                .isCloseTo(exact, within(Math.max(1.0, exact * RELATIVE_ERROR)));
    }

    @Test
    void quantilesOfAKnownDistributionAreWithinTheSketchsErrorOfTheExactOnes() throws Exception {
        List<Rec> recs = lognormal();
        List<String> lines = new ArrayList<>();
        for (Rec x : recs) {
            lines.add("{\"ts\":" + x.ts() + ",\"arrival\":" + x.arrival() + ",\"user\":\"u" + (x.ts() / 2000 % 7) + "\"}");
        }
        Path data = dir.resolve("delays.jsonl");
        Files.write(data, lines, StandardCharsets.UTF_8);
        // the exact figures, from the same records in the same order
        long[] disorder = new long[recs.size()];
        long[] delay = new long[recs.size()];
        List<Long> peakDisorder = new ArrayList<>();
        List<Long> calmDisorder = new ArrayList<>();
        long highest = Long.MIN_VALUE;
        for (int i = 0; i < recs.size(); i++) {
            Rec x = recs.get(i);
            highest = Math.max(highest, x.ts());
            disorder[i] = highest - x.ts();
            delay[i] = x.arrival() - x.ts();
            (Math.floorMod(x.ts(), 24 * HOUR) / HOUR == 14 ? peakDisorder : calmDisorder).add(disorder[i]);
        }
        Arrays.sort(disorder);
        Arrays.sort(delay);

        CliHarness.Result r = CliHarness.run("profile", "--input", data.toString(), "--event-time-field", "ts",
                "--arrival-time-field", "arrival", "--key-by", "user", "--json").assertOk();
        JsonNode p = JSON.readTree(r.out());
        assertThat(p.at("/reading/records").asLong()).isEqualTo(recs.size());
        String[] names = {"p50", "p90", "p95", "p99", "p99.9", "p99.99"};
        double[] qs = {0.5, 0.9, 0.95, 0.99, 0.999, 0.9999};
        for (int i = 0; i < qs.length; i++) {
            assertWithinSketchError(p.at("/disorder/quantilesMs").get(names[i]).asLong(), exactQuantile(disorder, qs[i]), "disorder " + names[i]);
            assertWithinSketchError(p.at("/delay/quantilesMs").get(names[i]).asLong(), exactQuantile(delay, qs[i]), "delay " + names[i]);
        }
        assertThat(p.at("/disorder/maxMs").asLong()).isEqualTo(disorder[disorder.length - 1]);
        long[] peak = peakDisorder.stream().mapToLong(Long::longValue).sorted().toArray();
        long[] calm = calmDisorder.stream().mapToLong(Long::longValue).sorted().toArray();
        JsonNode byHour = p.get("byTimeOfDay");
        assertThat(byHour).hasSize(24);
        assertWithinSketchError(byHour.get(14).get("disorderP99Ms").asLong(), exactQuantile(peak, 0.99), "peak hour p99");
        assertThat(byHour.get(14).get("disorderP99Ms").asLong()).as("the peak hour's tail is visibly wider")
                .isGreaterThan(2 * exactQuantile(calm, 0.99));
        // the recommendation: P99 × 1.3, rounded up to two digits
        long p99 = p.at("/disorder/quantilesMs/p99").asLong();
        long bound = p.at("/recommendation/boundMs").asLong();
        assertThat(bound).isBetween((long) Math.ceil(p99 * 1.3), (long) Math.ceil(p99 * 1.3 * 1.1));
        assertThat(p.at("/recommendation/idlenessMs").asLong()).isGreaterThanOrEqualTo(3 * bound);
        assertThat(p.get("warnings").toString()).doesNotContain("less than 24 h");
    }

    @Test
    void writeSetsTheRecommendedValuesWhereTheyStandAndKeepsTheComments() throws Exception {
        List<String> lines = new ArrayList<>();
        for (Rec x : lognormal().subList(0, 20_000)) {
            lines.add("{\"ts\":" + x.ts() + ",\"arrival\":" + x.arrival() + ",\"user\":\"u1\"}");
        }
        Files.write(dir.resolve("delays.jsonl"), lines, StandardCharsets.UTF_8);
        String original = String.join("\n",
                "# measured first, then chosen",
                "name: written",
                "source: {type: file, path: delays.jsonl, arrival-time-field: arrival}  # replay",
                "event-time:",
                "  field: ts      # epoch ms",
                "watermark: {strategy: bounded, max-out-of-orderness: 1h}",
                "key-by: [user]",
                "window: {type: tumbling, size: 1m}",
                "");
        Path job = dir.resolve("job.yaml");
        Files.writeString(job, original);
        JsonNode p = JSON.readTree(CliHarness.run("profile", job.toString(), "--json").assertOk().out());
        String bound = p.at("/recommendation/bound").asText();
        String idleness = p.at("/recommendation/idleness").asText();
        CliHarness.Result w = CliHarness.run("profile", job.toString(), "--write").assertOk();
        assertThat(w.out()).contains("watermark.max-out-of-orderness: " + bound + "  (was 1h)")
                .contains("watermark.idleness: " + idleness + "  (added)").contains("event-time.max-future: 1m  (added)");
        assertThat(Files.readString(job)).isEqualTo(String.join("\n",
                "# measured first, then chosen",
                "name: written",
                "source: {type: file, path: delays.jsonl, arrival-time-field: arrival}  # replay",
                "event-time:",
                "  field: ts      # epoch ms",
                "  max-future: 1m",
                "watermark: {strategy: bounded, max-out-of-orderness: " + bound + ", idleness: " + idleness + "}",
                "key-by: [user]",
                "window: {type: tumbling, size: 1m}",
                ""));
        CliHarness.run("validate", job.toString()).assertOk();
        // without a job file, the values are printed
        CliHarness.Result snippet = CliHarness.run("profile", "--input", dir.resolve("delays.jsonl").toString(), "--event-time-field", "ts",
                "--arrival-time-field", "arrival", "--write").assertOk();
        assertThat(snippet.out()).contains("write: no job file (--input); the recommended values:\nwatermark:\n  max-out-of-orderness: "
                + bound + "\n  idleness: " + idleness + "\nevent-time:\n  max-future: 1m\n");
    }

    @Test
    void badLinesAreCountedAsRunCountsThem() throws Exception {
        Path data = CliHarness.write(dir, "orders.jsonl",
                CliHarness.order("u1", 1000, "1"),
                "{not json",
                "",
                "   ",
                "{\"userId\":\"u1\",\"eventTime\":1704067213,\"amount\":1}",
                "{\"userId\":\"u2\",\"amount\":1}",
                "{\"userId\":\"u2\",\"eventTime\":\"soon\",\"amount\":1}",
                CliHarness.order("u2", 3000, "2"),
                CliHarness.order("u1", 2500, "2"),
                CliHarness.order("u1", 9000, "x"),
                CliHarness.order("u1", 12000, "3"));
        Path job = CliHarness.job(dir, "{strategy: bounded, max-out-of-orderness: 1s}", "{type: tumbling, size: 5s}");
        String summary = CliHarness.run("run", job.toString()).out();
        Matcher m = Pattern.compile("dead letters +(\\d+) \\(([^)]*)\\)").matcher(summary);
        assertThat(m.find()).as(summary).isTrue();
        JsonNode p = JSON.readTree(CliHarness.run("profile", job.toString(), "--json").assertOk().out());
        assertThat(p.at("/reading/deadLetterTotal").asLong()).isEqualTo(Long.parseLong(m.group(1)));
        List<String> reasons = new ArrayList<>();
        p.at("/reading/deadLetters").fields().forEachRemaining(e -> reasons.add(e.getKey() + " " + e.getValue().asLong()));
        assertThat(String.join(", ", reasons)).isEqualTo(m.group(2));
        assertThat(p.at("/reading/lines").asLong()).isEqualTo(11);
        assertThat(p.at("/reading/empty").asLong()).isEqualTo(1);
        assertThat(p.at("/outliers/wrongUnit").asLong()).isEqualTo(1);
        assertThat(p.at("/reading/records").asLong()).isEqualTo(4);
    }

    /** A socket: read until the other side closes; the delay is the wall clock at read − the event time. */
    @Test
    void aSocketIsProfiledWithTheWallClockAsArrival() throws Exception {
        try (StoppingTest.Feed feed = new StoppingTest.Feed()) {
            Path job = dir.resolve("job.yaml");
            Files.writeString(job, String.join("\n",
                    "source: {type: socket, host: 127.0.0.1, port: " + feed.port() + "}",
                    "event-time: {field: eventTime}",
                    "watermark: {strategy: bounded, max-out-of-orderness: 1s}",
                    "key-by: [userId]",
                    "window: {type: tumbling, size: 10s}",
                    ""));
            java.util.concurrent.atomic.AtomicReference<CliHarness.Result> result = new java.util.concurrent.atomic.AtomicReference<>();
            Thread profiler = new Thread(() -> result.set(CliHarness.run("profile", job.toString(), "--json")));
            profiler.start();
            long now = System.currentTimeMillis();
            feed.send(CliHarness.order("u1", now - 5_000, "1"), CliHarness.order("u1", now - 2_000, "1"),
                    CliHarness.order("u1", now - 4_000, "1"), "{not json");
            feed.close();
            profiler.join(60_000);
            JsonNode p = JSON.readTree(result.get().assertOk().out());
            assertThat(p.at("/reading/records").asLong()).isEqualTo(3);
            assertThat(p.at("/reading/deadLetters/unparsable").asLong()).isEqualTo(1);
            assertThat(p.at("/disorder/maxMs").asLong()).isEqualTo(2_000);
            assertThat(p.at("/delay/count").asLong()).isEqualTo(3);
            assertThat(p.at("/delay/maxMs").asLong()).isGreaterThanOrEqualTo(5_000);
            assertThat(p.at("/reading/clock").asText()).contains("wall clock");
        }
    }

    /** A line the job's PostgreSQL late table cannot store is a dead letter for profile as for run. */
    @Test
    void linesTheOutputsCannotStoreAreDeadLettersAsInARun() throws Exception {
        CliHarness.write(dir, "orders.jsonl", CliHarness.order("u1", 1000, "1"), CliHarness.order("u\\u00002", 2000, "1"),
                CliHarness.order("u1", 3000, "1"));
        Path job = CliHarness.job(dir, "{strategy: bounded, max-out-of-orderness: 1s}", "{type: tumbling, size: 5s}")
                .resolveSibling("job.yaml");
        Files.writeString(job, Files.readString(job).replace("late: {type: jsonl, path: out/late.jsonl}",
                "late: {type: jdbc, url: 'jdbc:postgresql://127.0.0.1:1/none', table: late_orders}"));
        JsonNode p = JSON.readTree(CliHarness.run("profile", job.toString(), "--json").assertOk().out());
        assertThat(p.at("/reading/deadLetters/unstorable").asLong()).isEqualTo(1);
        assertThat(p.at("/reading/records").asLong()).isEqualTo(2);
    }

    @Test
    void anEmptyInputSaysThereIsNothingToMeasure() throws Exception {
        CliHarness.write(dir, "orders.jsonl");
        Files.writeString(dir.resolve("orders.jsonl"), "");
        Path job = CliHarness.job(dir, "{strategy: bounded, max-out-of-orderness: 1s}", "{type: tumbling, size: 5s}");
        CliHarness.Result r = CliHarness.run("profile", job.toString()).assertOk();
        assertThat(r.out()).contains("0 lines: 0 records").contains("warning: no record was accepted");
        JsonNode t = JSON.readTree(CliHarness.run("tune", job.toString(), "--bounds", "1s", "--json").assertOk().out());
        assertThat(t.at("/candidates/0/records").asLong()).isZero();
        assertThat(t.at("/candidates/0/late").asLong()).isZero();
    }

    @Test
    void aGridOfOneCandidateIsNamedOrRefusedByTheBudgets() throws Exception {
        CliHarness.write(dir, "orders.jsonl",
                CliHarness.order("u1", 1000, "1"),
                CliHarness.order("u1", 7000, "1"),
                CliHarness.order("u1", 2000, "1"), // 5 s behind: late with a bound of 1 s (window [0, 5000) ended)
                CliHarness.order("u1", 12000, "1"));
        Path job = CliHarness.job(dir, "{strategy: bounded, max-out-of-orderness: 1s, emit: per-event}", "{type: tumbling, size: 5s}");
        JsonNode within = JSON.readTree(CliHarness.run("tune", job.toString(), "--bounds", "1s", "--max-late-share", "50%", "--json")
                .assertOk().out());
        assertThat(within.get("candidates")).hasSize(1);
        assertThat(within.at("/candidates/0/late").asLong()).isEqualTo(1);
        assertThat(within.at("/verdict/smallestWithinLateShareMs").asLong()).isEqualTo(1000);
        CliHarness.Result refused = CliHarness.run("tune", job.toString(), "--bounds", "1s", "--max-late-share", "10%").assertOk();
        assertThat(refused.out()).contains("no candidate keeps late records within 10.0%").contains("25.0%");
    }

    /**
     * Idle gaps and outliers, replayed on two splits. Split a's records arrive at 1, 2, 3, 10 and 11 s, split
     * b's at 1.5, 2.5, 6.5 and 7.5 s, each 100 ms after its event time, except: at 4 s a record of split a two
     * hours ahead of its arrival (beyond max-future 1 h: too-far-ahead, 2 h − 2.9 s ahead of the highest event
     * time then), and at 7.5 s a record of split b 30 minutes ahead (accepted: it moves the highest event
     * time by 30 min + 1.1 s at once). Longest gaps: a 7 s (3 → 10 s, the rejected record is no emission),
     * 1 s, 1 s; b 4 s, 3.5 s (silent from 7.5 s to the end at 11 s), 1 s.
     */
    @Test
    void idleGapsPerSplitAndOutliersAreMeasured() throws Exception {
        long t0 = START;
        List<String> lines = new ArrayList<>();
        long[][] records = { // split (0 a, 1 b), arrival ms after t0, event time − arrival
            {0, 1000, -100}, {1, 1500, -100}, {0, 2000, -100}, {1, 2500, -100}, {0, 3000, -100}, {0, 4000, 2 * HOUR},
            {1, 6500, -100}, {1, 7500, HOUR / 2}, {0, 10_000, -100}, {0, 11_000, -100}};
        for (long[] r : records) {
            lines.add("{\"userId\":\"u1\",\"eventTime\":" + (t0 + r[1] + r[2]) + ",\"amount\":1,\"p\":\"" + (r[0] == 0 ? "a" : "b")
                    + "\",\"arrival\":" + (t0 + r[1]) + "}");
        }
        Files.write(dir.resolve("orders.jsonl"), lines, StandardCharsets.UTF_8);
        Path job = CliHarness.job(dir, "{strategy: bounded, max-out-of-orderness: 1s}", "{type: tumbling, size: 10s}");
        Files.writeString(job, Files.readString(job).replace("  path: orders.jsonl\n", "  path: orders.jsonl\n  partition-field: p\n"
                + "  arrival-time-field: arrival\n").replace("  unit: ms\n", "  unit: ms\n  max-future: 1h\n"));

        JsonNode p = JSON.readTree(CliHarness.run("profile", job.toString(), "--json").assertOk().out());

        assertThat(p.at("/splits/0/split").asText()).isEqualTo("a");
        assertThat(p.at("/splits/1/split").asText()).isEqualTo("b");
        List<String> gaps = new ArrayList<>();
        for (JsonNode s : p.get("splits")) {
            List<String> g = new ArrayList<>();
            s.get("longestGaps").forEach(x -> g.add((x.get("from").asLong() - t0) + "+" + x.get("length").asLong()));
            gaps.add(s.get("split").asText() + ": " + String.join(" ", g) + " max " + s.get("gapMaxMs").asLong());
        }
        assertThat(gaps).containsExactly("a: 3000+7000 1000+1000 2000+1000 max 7000", "b: 2500+4000 7500+3500 1500+1000 max 4000");
        assertThat(p.at("/outliers/tooFarAhead").asLong()).isEqualTo(1);
        assertThat(p.at("/outliers/largestRejectedJumpMs").asLong()).isEqualTo(4000 + 2 * HOUR - 2900);
        assertThat(p.at("/outliers/largestAcceptedJumps/0/split").asText()).isEqualTo("b");
        assertThat(p.at("/outliers/largestAcceptedJumps/0/jump").asLong()).isEqualTo(7500 + HOUR / 2 - 6400);
        assertThat(p.at("/outliers/largestAcceptedJumps/0/to").asLong()).isEqualTo(t0 + 7500 + HOUR / 2);
        assertThat(p.at("/reading/records").asLong()).isEqualTo(9);
    }
}
