package io.tidemark.semantics;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.operators.TimestampsAndWatermarksOperator;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import io.tidemark.testutils.OneInputOperatorTestHarness;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.UnaryOperator;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Idle advance ({@code withIdleAdvance}): a quiet input moves its watermark on with processing time,
 * through {@code assignTimestampsAndWatermarks} in the operator test harness (processing time is a
 * manual clock; periodic emission every 200 ms).
 */
class IdleAdvanceTest {

    static OneInputOperatorTestHarness<Long, Long> harness(WatermarkStrategy<Long> strategy) throws Exception {
        var h = new OneInputOperatorTestHarness<Long, Long>(new TimestampsAndWatermarksOperator<>(strategy));
        h.getExecutionConfig().setAutoWatermarkInterval(200);
        return h.setup();
    }

    static WatermarkStrategy<Long> bounded5s() {
        return WatermarkStrategy.<Long>forBoundedOutOfOrderness(Duration.ofSeconds(5)).withTimestampAssigner((v, t) -> v);
    }

    /** Everything the operator emitted, as "r:value", "w:watermark", "s:STATUS". */
    static List<String> log(OneInputOperatorTestHarness<Long, Long> h) {
        List<String> out = new ArrayList<>();
        for (Object o : h.getOutput()) {
            if (o instanceof StreamRecord<?> r) {
                out.add("r:" + r.getValue());
            } else if (o instanceof Watermark w) {
                out.add("w:" + w.getTimestamp());
            } else if (o instanceof WatermarkStatus s) {
                out.add("s:" + s);
            }
        }
        return out;
    }

    /**
     * The worked example of the Javadoc and docs/semantics.md: bound 5 s, advance after 60 s; one event
     * at 100 000 arriving at 1 000: 94 999 at the check of 1 200; at 61 000 (60 s quiet) 94 999 + 60 000 =
     * 154 999, at 61 200 155 199; an event at 120 000 arriving at 61 300 goes out, its own watermark
     * 114 999, lower, is not emitted, and the advance stops with it: the check at 61 400 is 100 ms after
     * the last event, and nothing moves until an hour later, when the advance resumes from 114 999.
     */
    @Test
    void aQuietInputAdvancesWithProcessingTimeFromItsLastWatermark() throws Exception {
        var h = harness(bounded5s().withIdleAdvance(Duration.ofSeconds(60))).open();
        h.setProcessingTime(1_000);
        h.processElement(100_000L, 0);
        h.setProcessingTime(1_200);
        h.setProcessingTime(60_800);
        h.setProcessingTime(61_000);
        h.setProcessingTime(61_200);
        h.setProcessingTime(61_300);
        h.processElement(120_000L, 0);
        h.setProcessingTime(61_400);
        h.setProcessingTime(3_600_000);
        // at 3 600 000: 114 999 + (3 600 000 − 61 300) = 3 653 699
        assertThat(log(h)).containsExactly("r:100000", "w:94999", "w:154999", "w:155199", "r:120000", "w:3653699");
    }

    /**
     * Without idle advance the same input holds 94 999 however long it stays quiet (what Flink does, and
     * what leaves the last windows of a quiet stream open).
     */
    @Test
    void withoutItTheWatermarkWaitsForData() throws Exception {
        var h = harness(bounded5s()).open();
        h.setProcessingTime(1_000);
        h.processElement(100_000L, 0);
        h.setProcessingTime(1_200);
        h.setProcessingTime(3_600_000);
        assertThat(log(h)).containsExactly("r:100000", "w:94999");
    }

    /**
     * With idleness (30 s) as well, in either order of declaration: idle at the first check more than 30 s
     * into the quiet (the silence starts at the check of 1 400, idle at 31 600), then at 61 000 active
     * again and advancing — and no idle mark while it advances.
     */
    @Test
    void advancingOutranksIdlenessWhicheverIsDeclaredFirst() throws Exception {
        List<UnaryOperator<WatermarkStrategy<Long>>> orders = List.of(
                s -> s.withIdleness(Duration.ofSeconds(30)).withIdleAdvance(Duration.ofSeconds(60)),
                s -> s.withIdleAdvance(Duration.ofSeconds(60)).withIdleness(Duration.ofSeconds(30)));
        for (UnaryOperator<WatermarkStrategy<Long>> order : orders) {
            var h = harness(order.apply(bounded5s())).open();
            h.setProcessingTime(1_000);
            h.processElement(100_000L, 0);
            for (long t = 1_200; t <= 61_400; t += 200) {
                h.setProcessingTime(t);
            }
            assertThat(log(h)).containsExactly("r:100000", "w:94999", "s:IDLE", "s:ACTIVE", "w:154999", "w:155199",
                    "w:155399");
        }
    }

    /**
     * Random events and clock moves (quiet stretches of 1 to 6 s against an advance after 2 s), with or
     * without idleness, periodic or per-event: the watermark only rises, and a run restored from a
     * snapshot taken anywhere continues exactly as the uninterrupted one (the advance's state — the last
     * event's time, the last watermark — is in the checkpoint, not relearned).
     */
    @Property(tries = 150)
    void neverBackwardsAdvancesWhenQuietAndRestoresExactly(@ForAll long seed, @ForAll boolean idleness,
            @ForAll boolean perEvent, @ForAll @IntRange(min = 0, max = 60) int cut) throws Exception {
        Random r = new Random(seed);
        List<long[]> steps = new ArrayList<>(); // {processing time, event time or MIN for a clock move alone}
        long now = 0;
        long max = 0;
        for (int i = 0; i < 60; i++) {
            now += r.nextInt(4) == 0 ? 1_000 + r.nextInt(5_000) : r.nextInt(300);
            max += r.nextInt(500);
            steps.add(new long[] {now, r.nextInt(3) == 0 ? Long.MIN_VALUE : max - r.nextInt(2_000)});
        }
        WatermarkStrategy<Long> s = WatermarkStrategy.<Long>forBoundedOutOfOrderness(Duration.ofMillis(700))
                .withTimestampAssigner((v, t) -> v).withIdleAdvance(Duration.ofSeconds(2));
        if (idleness) {
            s = s.withIdleness(Duration.ofSeconds(1));
        }
        WatermarkStrategy<Long> strategy = s;

        var whole = harness(strategy);
        whole.getExecutionConfig().setPerEventWatermarks(perEvent);
        whole.open();
        play(whole, steps, 0, steps.size());
        List<String> log = log(whole);
        long w = Long.MIN_VALUE;
        for (String item : log) {
            if (item.startsWith("w:")) {
                long next = Long.parseLong(item.substring(2));
                assertThat(next).isGreaterThan(w);
                w = next;
            }
        }

        var first = harness(strategy);
        first.getExecutionConfig().setPerEventWatermarks(perEvent);
        first.open();
        play(first, steps, 0, cut);
        StateSnapshot snapshot = first.snapshot();
        var second = new OneInputOperatorTestHarness<Long, Long>(new TimestampsAndWatermarksOperator<>(strategy), null,
                first.getProcessingTime());
        second.getExecutionConfig().setAutoWatermarkInterval(200);
        second.getExecutionConfig().setPerEventWatermarks(perEvent);
        second.setup().initializeState(snapshot).open();
        play(second, steps, cut, steps.size());
        List<String> joined = new ArrayList<>(log(first));
        joined.addAll(log(second));
        assertThat(joined).isEqualTo(log);
    }

    private static void play(OneInputOperatorTestHarness<Long, Long> h, List<long[]> steps, int from, int to) throws Exception {
        for (int i = from; i < to; i++) {
            long[] s = steps.get(i);
            h.setProcessingTime(s[0]);
            if (s[1] != Long.MIN_VALUE) {
                h.processElement(s[1], 0);
            }
        }
    }
}
