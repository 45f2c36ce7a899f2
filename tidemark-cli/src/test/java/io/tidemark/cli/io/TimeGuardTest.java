package io.tidemark.cli.io;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.cli.io.LineInterpreter.Candidate;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The worked examples of docs/job-file.md, "Time guards": M = 1h, Q = 3, times of day. */
class TimeGuardTest {

    static final long H = 3_600_000L;
    static final long M = 60_000L;
    static final long YEAR = 365 * 24 * H;

    /** Decisions into {@code out}: "+T" accepted, "-T" rejected (with the detail when {@code details}). */
    private static TimeGuard.Decisions into(List<String> out, boolean details) {
        return new TimeGuard.Decisions() {
            @Override
            public void accept(Candidate c) {
                out.add("+" + show(c.event().timestamp()));
            }

            @Override
            public void reject(Candidate c, String detail) {
                out.add("-" + show(c.event().timestamp()) + (details ? " " + detail : ""));
            }
        };
    }

    /** Decisions in the order they were made; "|" marks where each input record was offered. */
    private static List<String> run(TimeGuard g, long... times) {
        List<String> out = new ArrayList<>();
        TimeGuard.Decisions d = into(out, false);
        for (long t : times) {
            g.offer(candidate(t, null), d);
            out.add("|");
        }
        g.end(d);
        return out;
    }

    static Candidate candidate(long t, Long arrival) {
        return new Candidate(new Event("", "test", 1, "all", t, List.of(), new BigDecimal[0], arrival), "all", arrival);
    }

    private static String show(long t) {
        if (t > 10 * YEAR / 20) {
            return "next-year";
        }
        return String.format("%02d:%02d", t / H, t % H / M);
    }

    private static long at(int hour, int minute) {
        return hour * H + minute * M;
    }

    private static TimeGuard guard() {
        return new TimeGuard(H, 3, false, null);
    }

    @Test
    void theFirstRecordsAreConfirmedByThreeBeforeAnyIsAccepted() {
        assertThat(run(guard(), at(10, 0), at(10, 1), at(10, 2), at(10, 3)))
                .containsExactly("|", "|", "+10:00", "+10:01", "+10:02", "|", "+10:03", "|");
    }

    @Test
    void anOutlierAmongTheFirstRecordsIsCaught() {
        assertThat(run(guard(), at(10, 0) + YEAR, at(10, 0), at(10, 1), at(10, 2)))
                .containsExactly("|", "|", "|", "-next-year", "+10:00", "+10:01", "+10:02", "|");
    }

    @Test
    void anOutlierLaterIsContradictedByTheRecordsAfterIt() {
        assertThat(run(guard(), at(10, 0), at(10, 1), at(10, 2), at(10, 0) + YEAR, at(10, 3), at(10, 4), at(10, 5)))
                .containsSubsequence("|", "+10:03", "|", "+10:04", "|", "+10:05", "-next-year", "|")
                .doesNotContain("+next-year");
    }

    @Test
    void aQuietStretchCostsTwoRecordsOfDelayNeverARecord() {
        assertThat(run(guard(), at(10, 0), at(10, 1), at(10, 2), at(12, 30), at(12, 31), at(12, 32)))
                .containsSubsequence("+10:02", "|", "|", "|", "+12:30", "+12:31", "+12:32", "|")
                .noneMatch(s -> s.startsWith("-"));
        // with a straggler from before the stretch in between
        assertThat(run(guard(), at(10, 0), at(10, 1), at(10, 2), at(12, 30), at(10, 3), at(12, 31), at(12, 32)))
                .containsSubsequence("|", "+10:03", "|", "|", "+12:30", "+12:31", "+12:32", "|")
                .noneMatch(s -> s.startsWith("-"));
    }

    @Test
    void aJumpAtTheEndWithNothingAgainstItIsAcceptedAtTheEnd() {
        assertThat(run(guard(), at(10, 0), at(10, 1), at(10, 2), at(12, 30)))
                .endsWith("|", "+12:30");
        // but an outlier contradicted by what follows is not
        assertThat(run(guard(), at(10, 0), at(10, 1), at(10, 2), at(10, 0) + YEAR, at(10, 3)))
                .endsWith("-next-year");
    }

    @Test
    void oneConfirmationAcceptsEveryJumpAtOnce() {
        assertThat(run(new TimeGuard(H, 1, false, null), at(10, 0) + YEAR, at(10, 0)))
                .containsExactly("+next-year", "|", "+10:00", "|");
    }

    @Test
    void inReplayTheArrivalTimeDecidesAtOnce() {
        TimeGuard g = new TimeGuard(H, 3, true, null);
        List<String> out = new ArrayList<>();
        TimeGuard.Decisions d = into(out, true);
        g.offer(candidate(at(11, 30), at(10, 0)), d);            // 1h30 after its arrival
        g.offer(candidate(at(10, 0), at(10, 0) + 5000), d);
        g.offer(candidate(at(12, 30), at(12, 30) + 2000), d);    // after two silent hours: the arrival moved with it
        assertThat(out).hasSize(3);
        assertThat(out.get(0)).startsWith("-11:30").contains("5400000 ms after its arrival time");
        assertThat(out.subList(1, 3)).containsExactly("+10:00", "+12:30");
    }

    @Test
    void liveDataIsHeldToTheWallClock() {
        AtomicLong now = new AtomicLong(at(10, 0));
        TimeGuard g = new TimeGuard(H, 3, false, now::get);
        List<String> out = new ArrayList<>();
        TimeGuard.Decisions d = into(out, false);
        g.offer(candidate(at(11, 30), null), d);  // 1h30 ahead of the wall clock: at once
        g.offer(candidate(at(10, 0), null), d);   // current: at once, no confirmation needed
        now.set(at(12, 30));
        g.offer(candidate(at(12, 30), null), d);  // after a quiet hour and a half, current again: at once
        assertThat(out).containsExactly("-11:30", "+10:00", "+12:30");
        assertThat(g.held()).isZero();
    }

    /**
     * A checkpoint's guard: the state taken after any record, serialized and restored into a new guard,
     * decides the rest exactly as the guard that went on (held records, support and reference included).
     */
    @Test
    void aRestoredStateDecidesTheRestAsTheGuardThatWentOn() throws Exception {
        java.util.Random r = new java.util.Random(3);
        long[] times = new long[200];
        long t = at(8, 0);
        for (int i = 0; i < times.length; i++) {
            t += r.nextInt(5) * M;
            times[i] = r.nextInt(15) == 0 ? t + (r.nextBoolean() ? 3 * H : YEAR) : t - r.nextInt(30) * M;
        }
        List<String> whole = run(new TimeGuard(H, 3, false, null), times);
        for (int cut = 0; cut <= times.length; cut += 7) {
            TimeGuard first = new TimeGuard(H, 3, false, null);
            List<String> out = new ArrayList<>();
            TimeGuard.Decisions d = into(out, false);
            for (int i = 0; i < cut; i++) {
                first.offer(candidate(times[i], null), d);
                out.add("|");
            }
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            try (java.io.ObjectOutputStream o = new java.io.ObjectOutputStream(bytes)) {
                o.writeObject(first.state());
            }
            TimeGuard second = new TimeGuard(H, 3, false, null);
            try (java.io.ObjectInputStream in = new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
                second.restore((TimeGuard.State) in.readObject());
            }
            for (int i = cut; i < times.length; i++) {
                second.offer(candidate(times[i], null), d);
                out.add("|");
            }
            second.end(d);
            assertThat(out).as("restored after record " + cut).isEqualTo(whole);
        }
        assertThat(whole).anyMatch(x -> x.startsWith("-")).anyMatch(x -> x.equals("+next-year") || x.startsWith("+"));
    }
}
