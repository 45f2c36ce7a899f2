package io.tidemark.runtime.source;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkOutput;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.runtime.checkpoint.StateInput;
import io.tidemark.runtime.checkpoint.StateOutput;
import io.tidemark.time.ManualClock;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * A split source that sorts each split ({@code fromSource(.., sortBuffer, lateTag)}), through the
 * {@link SplitContext} and {@link SplitWatermarks} both engines run: each split's records come out in
 * timestamp order (ties in arrival order), the records out and the late ones are the input exactly
 * once each, a record is late exactly when older than the last one out of its own split, the source's
 * watermark never decreases and never passes a record still to come out of any split, finished splits
 * and the end of input empty the buffers; and a source restored from a snapshot taken between any two
 * records continues exactly as the uninterrupted one.
 */
class SplitSortProperties {

    record Ev(String split, long ts, int id) implements Serializable {}

    /** Everything the source emits, in order: "r:id", "late:id", "w:watermark", "idle". */
    static final class Recorder implements SplitContext.RecordOutput<Ev>, WatermarkOutput {
        final List<String> log = new ArrayList<>();
        final List<Ev> out = new ArrayList<>();
        final List<Ev> late = new ArrayList<>();

        @Override
        public void emit(Ev e, long timestamp) {
            assertThat(timestamp).isEqualTo(e.ts());
            out.add(e);
            log.add("r:" + e.id());
        }

        @Override
        public void late(Ev e, long timestamp) {
            late.add(e);
            log.add("late:" + e.id());
        }

        @Override
        public void emitWatermark(Watermark w) {
            log.add("w:" + w.getTimestamp());
        }

        @Override
        public void markIdle() {
            log.add("idle");
        }

        @Override
        public void markActive() {}
    }

    static List<Object> script(long seed, int n) {
        Random r = new Random(seed);
        long[] max = new long[3];
        List<Object> steps = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (r.nextInt(40) == 0) {
                steps.add("finish s" + r.nextInt(3));
                continue;
            }
            int s = r.nextInt(3);
            max[s] += r.nextInt(30);
            long ts = max[s] - r.nextInt(100) - (r.nextInt(15) == 0 ? r.nextInt(400) : 0);
            steps.add(new Ev("s" + s, ts, i));
        }
        return steps;
    }

    static final class Source {
        final ManualClock clock = new ManualClock();
        final Recorder rec = new Recorder();
        final SplitWatermarks<Ev> watermarks;
        final SplitContext<Ev> ctx;
        final Set<String> finished = new HashSet<>();
        int fed;

        Source(long buffer, boolean perEvent) {
            watermarks = new SplitWatermarks<>(WatermarkStrategy.<Ev>forMonotonousTimestamps().withTimestampAssigner((e, t) -> e.ts()),
                    clock, rec, buffer);
            ctx = new SplitContext<>(new Object(), watermarks, 0, 1, perEvent, rec);
            for (int s = 0; s < 3; s++) {
                ctx.announceSplit("s" + s);
            }
        }

        void play(List<Object> steps, int from, int to) {
            for (int i = from; i < to; i++) {
                Object step = steps.get(i);
                if (step instanceof Ev e) {
                    if (!finished.contains(e.split())) {
                        fed++;
                        ctx.collect(e.split(), e);
                    }
                } else {
                    String split = ((String) step).substring(7);
                    if (finished.add(split)) {
                        ctx.splitFinished(split);
                    }
                }
                if (i % 7 == 0) {
                    clock.advanceBy(200);
                    watermarks.onPeriodicEmit();
                }
            }
        }

        void end() {
            ctx.endOfInput();
        }

        byte[] snapshot() throws Exception {
            StateOutput out = new StateOutput();
            watermarks.snapshot(out, Long.MIN_VALUE); // no periodic timer here: the test drives the emission
            watermarks.snapshotSorting(out);
            out.writeInt(finished.size());
            for (String f : finished) {
                out.writeString(f);
            }
            return out.toPackedBytes();
        }

        void restore(byte[] b) throws Exception {
            StateInput in = StateInput.unpack(b, 0, b.length);
            watermarks.restore(in);
            watermarks.restoreSorting(in);
            for (int n = in.readInt(); n > 0; n--) {
                finished.add(in.readString());
            }
        }
    }

    @Property(tries = 200)
    void eachSplitSortedNothingLostWatermarkBehindEveryRecordToCome(@ForAll long seed,
            @ForAll @IntRange(min = 0, max = 200) int buffer, @ForAll @IntRange(min = 0, max = 300) int n,
            @ForAll boolean perEvent) {
        List<Object> steps = script(seed, n);
        Source s = new Source(buffer, perEvent);
        s.play(steps, 0, steps.size());
        s.end();

        Set<Integer> seen = new HashSet<>();
        for (Ev e : s.rec.out) {
            assertThat(seen.add(e.id())).isTrue();
        }
        for (Ev e : s.rec.late) {
            assertThat(seen.add(e.id())).isTrue();
        }
        assertThat(seen).hasSize(s.fed);
        for (String split : List.of("s0", "s1", "s2")) {
            Ev last = null;
            for (Object o : sequence(s.rec, split)) {
                Ev e = (Ev) ((Object[]) o)[1];
                boolean late = (Boolean) ((Object[]) o)[0];
                if (late) {
                    assertThat(last).isNotNull();
                    assertThat(e.ts()).isLessThan(last.ts());
                } else {
                    if (last != null) {
                        assertThat(last.ts() < e.ts() || last.ts() == e.ts() && last.id() < e.id()).isTrue();
                    }
                    last = e;
                }
            }
        }
        long w = Long.MIN_VALUE;
        for (String item : s.rec.log) {
            if (item.startsWith("w:")) {
                long next = Long.parseLong(item.substring(2));
                assertThat(next).isGreaterThan(w);
                w = next;
            } else if (item.startsWith("r:")) {
                int id = Integer.parseInt(item.substring(2));
                assertThat(((Ev) steps.get(id)).ts()).isGreaterThan(w);
            }
        }
    }

    @Property(tries = 150)
    void aRestoredSourceContinuesAsTheUninterruptedOne(@ForAll long seed, @ForAll @IntRange(min = 0, max = 200) int buffer,
            @ForAll @IntRange(min = 1, max = 200) int n, @ForAll @IntRange(min = 0, max = 200) int cut,
            @ForAll boolean perEvent) throws Exception {
        List<Object> steps = script(seed, n);
        int at = Math.min(cut, steps.size());
        Source whole = new Source(buffer, perEvent);
        whole.play(steps, 0, steps.size());
        whole.end();

        Source first = new Source(buffer, perEvent);
        first.play(steps, 0, at);
        byte[] snapshot = first.snapshot();
        Source second = new Source(buffer, perEvent);
        second.clock.advanceTo(first.clock.currentTimeMillis());
        second.restore(snapshot);
        second.play(steps, at, steps.size());
        second.end();

        List<String> joined = new ArrayList<>(first.rec.log);
        joined.addAll(second.rec.log);
        assertThat(joined).isEqualTo(whole.rec.log);
    }

    /** The split's records out and late, in the order they left: {late?, record}. */
    private static List<Object> sequence(Recorder rec, String split) {
        List<Object> seq = new ArrayList<>();
        int o = 0;
        int l = 0;
        for (String item : rec.log) {
            if (item.startsWith("r:")) {
                Ev e = rec.out.get(o++);
                if (e.split().equals(split)) {
                    seq.add(new Object[] {false, e});
                }
            } else if (item.startsWith("late:")) {
                Ev e = rec.late.get(l++);
                if (e.split().equals(split)) {
                    seq.add(new Object[] {true, e});
                }
            }
        }
        return seq;
    }
}
