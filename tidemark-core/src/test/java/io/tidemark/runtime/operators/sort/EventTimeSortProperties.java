package io.tidemark.runtime.operators.sort;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.operators.TimestampsAndWatermarksOperator;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.testutils.OneInputOperatorTestHarness;
import io.tidemark.util.OutputTag;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@code sortByEventTime} through the operator test harness, on random disordered input with random
 * processing-time steps (periodic watermarks) and per-event or periodic emission: the output is sorted
 * (ties in arrival order), output ∪ late = input exactly once each, a record leaves only once the
 * highest timestamp seen passed it by the buffer (or at the end), a record is late only when older
 * than a record already out, the watermark never decreases and never passes a record still to come
 * out, and a run restored from a snapshot taken anywhere continues exactly as the uninterrupted run.
 */
class EventTimeSortProperties {

    /** An input record: its position in the input and its timestamp. */
    public record Ev(int id, long ts) implements java.io.Serializable {}

    static final OutputTag<Ev> LATE = new OutputTag<>("late") {};

    /** Random input: mostly ascending with jitter up to {@code disorder}, ties, and a few far-behind stragglers. */
    static List<Ev> input(long seed, int n, int disorder) {
        Random r = new Random(seed);
        List<Ev> in = new ArrayList<>();
        long base = r.nextInt(1000) - 500;
        for (int i = 0; i < n; i++) {
            base += r.nextInt(4) * 5;
            long ts = base - r.nextInt(disorder + 1);
            if (r.nextInt(20) == 0) {
                ts -= r.nextInt(5 * disorder + 1); // a straggler, often older than what left already
            }
            in.add(new Ev(i, r.nextInt(10) == 0 && i > 0 ? in.get(i - 1).ts() : ts));
        }
        return in;
    }

    static OneInputOperatorTestHarness<Ev, Ev> harness(long buffer, boolean perEvent) throws Exception {
        var h = new OneInputOperatorTestHarness<Ev, Ev>(new TimestampsAndWatermarksOperator<>(
                WatermarkStrategy.<Ev>forMonotonousTimestamps(), new OperatorDescription.Sort(buffer, LATE)));
        h.getExecutionConfig().setAutoWatermarkInterval(50);
        h.getExecutionConfig().setPerEventWatermarks(perEvent);
        return h.setup();
    }

    /** Feeds {@code in[from, to)}, moving processing time on by the seed's steps; returns the time reached. */
    static long feed(OneInputOperatorTestHarness<Ev, Ev> h, List<Ev> in, int from, int to, long seed, long time) throws Exception {
        Random r = new Random(seed * 31 + from);
        for (int i = from; i < to; i++) {
            time += r.nextInt(40);
            h.setProcessingTime(time);
            h.processElement(in.get(i), in.get(i).ts());
        }
        return time;
    }

    @Property(tries = 200)
    void sortedNothingLostWatermarksMonotonousAndBehindTheRecordsToCome(@ForAll long seed,
            @ForAll @IntRange(min = 0, max = 300) int buffer, @ForAll @IntRange(min = 0, max = 200) int n,
            @ForAll boolean perEvent) throws Exception {
        List<Ev> in = input(seed, n, 200);
        var h = harness(buffer, perEvent).open();
        Random r = new Random(seed);
        long time = 0;
        long maxSeen = Long.MIN_VALUE;
        int outBefore = 0;
        int lateBefore = 0;
        for (Ev e : in) {
            time += r.nextInt(40);
            h.setProcessingTime(time);
            long lastOut = lastTs(h.extractOutputValues());
            h.processElement(e, e.ts());
            maxSeen = Math.max(maxSeen, e.ts());
            List<Ev> out = h.extractOutputValues();
            List<Ev> late = h.extractSideOutputValues(LATE);
            // a record is late exactly when it is older than the last one out
            assertThat(late.size() - lateBefore).isEqualTo(e.ts() < lastOut ? 1 : 0);
            // what left now was at least the buffer behind the highest timestamp seen
            for (Ev left : out.subList(outBefore, out.size())) {
                assertThat(maxSeen - left.ts()).isGreaterThanOrEqualTo(buffer);
            }
            outBefore = out.size();
            lateBefore = late.size();
        }
        h.processWatermark(Long.MAX_VALUE);

        List<Ev> out = h.extractOutputValues();
        List<Ev> late = h.extractSideOutputValues(LATE);
        for (int i = 1; i < out.size(); i++) {
            Ev a = out.get(i - 1);
            Ev b = out.get(i);
            assertThat(a.ts() < b.ts() || a.ts() == b.ts() && a.id() < b.id()).as("%s before %s", a, b).isTrue();
        }
        Set<Integer> ids = new HashSet<>();
        out.forEach(e -> assertThat(ids.add(e.id())).isTrue());
        late.forEach(e -> assertThat(ids.add(e.id())).isTrue());
        assertThat(ids).hasSize(in.size());
        assertThat(h.getMetrics().numLateRecordsSideOutput.get()).isEqualTo(late.size());

        // watermarks only increase, and none passes a record that comes out after it
        long w = Long.MIN_VALUE;
        for (Object o : h.getOutput()) {
            if (o instanceof io.tidemark.api.common.eventtime.Watermark wm) {
                assertThat(wm.getTimestamp()).isGreaterThan(w);
                w = wm.getTimestamp();
            } else if (o instanceof StreamRecord<?> rec) {
                assertThat(rec.getTimestamp()).isGreaterThan(w);
            }
        }
        assertThat(w).isEqualTo(Long.MAX_VALUE);
    }

    @Property(tries = 150)
    void aRunRestoredFromASnapshotContinuesAsTheUninterruptedRun(@ForAll long seed,
            @ForAll @IntRange(min = 0, max = 300) int buffer, @ForAll @IntRange(min = 1, max = 150) int n,
            @ForAll @IntRange(min = 0, max = 150) int cut, @ForAll boolean perEvent) throws Exception {
        List<Ev> in = input(seed, n, 200);
        int at = Math.min(cut, n);

        var whole = harness(buffer, perEvent).open();
        long t = feed(whole, in, 0, at, seed, 0);
        feed(whole, in, at, n, seed, t);
        whole.processWatermark(Long.MAX_VALUE);

        var first = harness(buffer, perEvent).open();
        t = feed(first, in, 0, at, seed, 0);
        StateSnapshot s = first.snapshot();
        var second = new OneInputOperatorTestHarness<Ev, Ev>(new TimestampsAndWatermarksOperator<>(
                WatermarkStrategy.<Ev>forMonotonousTimestamps(), new OperatorDescription.Sort(buffer, LATE)), null, t);
        second.getExecutionConfig().setAutoWatermarkInterval(50);
        second.getExecutionConfig().setPerEventWatermarks(perEvent);
        second.setup().initializeState(s).open();
        feed(second, in, at, n, seed, t);
        second.processWatermark(Long.MAX_VALUE);

        List<Ev> joined = new ArrayList<>(first.extractOutputValues());
        joined.addAll(second.extractOutputValues());
        assertThat(joined).isEqualTo(whole.extractOutputValues());
        List<Ev> late = new ArrayList<>(first.extractSideOutputValues(LATE));
        late.addAll(second.extractSideOutputValues(LATE));
        assertThat(late).isEqualTo(whole.extractSideOutputValues(LATE));
        List<Long> watermarks = new ArrayList<>(first.extractWatermarks());
        watermarks.addAll(second.extractWatermarks());
        assertThat(watermarks).isEqualTo(whole.extractWatermarks());
    }

    private static long lastTs(List<Ev> out) {
        return out.isEmpty() ? Long.MIN_VALUE : out.get(out.size() - 1).ts();
    }
}
