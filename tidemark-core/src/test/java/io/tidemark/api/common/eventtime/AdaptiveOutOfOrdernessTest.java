package io.tidemark.api.common.eventtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** {@link AdaptiveOutOfOrdernessWatermarks}: the bound follows the disorder's quantile, limited, and never takes the watermark back. */
class AdaptiveOutOfOrdernessTest {

    /** Collects what a generator emits: the highest watermark so far after each call. */
    static final class Out implements WatermarkOutput {
        long highest = Long.MIN_VALUE;
        final List<Long> emitted = new ArrayList<>();

        @Override
        public void emitWatermark(Watermark watermark) {
            emitted.add(watermark.getTimestamp());
            highest = Math.max(highest, watermark.getTimestamp());
        }

        @Override
        public void markIdle() {}

        @Override
        public void markActive() {}
    }

    static final AdaptiveBound P75X2 = AdaptiveBound.quantile(0.75).factor(2).over(Duration.ofSeconds(10))
            .between(Duration.ZERO, Duration.ofSeconds(10));

    /** The worked example of the class's Javadoc and docs/semantics.md. */
    @Test
    void workedExample() {
        var g = new AdaptiveOutOfOrdernessWatermarks<Long>(P75X2);
        Out out = new Out();
        for (long t : new long[] {1000, 900, 1500, 1200}) {
            g.onEvent(t, t, out);
        }
        assertThat(g.currentBoundMillis()).isEqualTo(10_000); // nothing learned: the max
        g.onPeriodicEmit(out);
        assertThat(out.highest).isEqualTo(1500 - 10_000 - 1);
        g.onEvent(2100L, 2100, out); // closes [1000, 2000): P75 of {0, 100, 0, 300} = 100, × 2
        assertThat(g.currentBoundMillis()).isEqualTo(200);
        g.onPeriodicEmit(out);
        assertThat(out.highest).isEqualTo(1899);
    }

    /** After the first update the bound moves by at most the max step per update (a tenth of the window of event time). */
    @Test
    void laterUpdatesMoveByAtMostTheStep() {
        AdaptiveBound b = AdaptiveBound.quantile(1.0).over(Duration.ofSeconds(10)).between(Duration.ZERO, Duration.ofSeconds(30))
                .maxStep(Duration.ofMillis(500));
        var g = new AdaptiveOutOfOrdernessWatermarks<Long>(b);
        Out out = new Out();
        g.onEvent(0L, 0, out);
        g.onEvent(1000L, 1000, out); // closes [0, 1000): only 0s → bound 0
        assertThat(g.currentBoundMillis()).isEqualTo(0);
        g.onEvent(1000L - 5000, 1000 - 5000, out); // 5 s behind: target 5000
        g.onEvent(2000L, 2000, out); // closes [1000, 2000): max 5000, but one step of 500
        assertThat(g.currentBoundMillis()).isEqualTo(500);
        // one step per update up to the target while the 5 s disorder is in the window ([1000, 2000) until 11 000
        // closes the eleventh interval), then down to 0 a step at a time
        List<Long> bounds = new ArrayList<>();
        for (long t = 3000; t <= 22_000; t += 1000) {
            g.onEvent(t, t, out);
            bounds.add(g.currentBoundMillis());
        }
        assertThat(bounds).containsExactly(1000L, 1500L, 2000L, 2500L, 3000L, 3500L, 4000L, 4500L, 5000L, 4500L, 4000L, 3500L,
                3000L, 2500L, 2000L, 1500L, 1000L, 500L, 0L, 0L);
    }

    @Test
    void theBoundStaysBetweenMinAndMax() {
        AdaptiveBound b = AdaptiveBound.quantile(0.5).over(Duration.ofSeconds(1)).between(Duration.ofMillis(300), Duration.ofMillis(400));
        var g = new AdaptiveOutOfOrdernessWatermarks<Long>(b);
        Out out = new Out();
        for (long t = 0; t < 5000; t += 10) {
            g.onEvent(t, t, out); // no disorder at all: target 0 → min
        }
        assertThat(g.currentBoundMillis()).isEqualTo(300);
    }

    /**
     * Random disorder that widens and narrows: the emitted watermarks, as an output keeps them (it drops
     * one not above the last), never decrease — and a generator restored from a snapshot taken anywhere
     * (through Java serialization, as checkpoints store it) emits exactly what the uninterrupted one does.
     */
    @Property(tries = 200)
    void neverBackwardsAndRestoresExactly(@ForAll long seed, @ForAll @IntRange(min = 0, max = 400) int cut) throws Exception {
        Random r = new Random(seed);
        List<Long> ts = new ArrayList<>();
        long max = r.nextInt(10_000);
        for (int i = 0; i < 400; i++) {
            max += r.nextInt(50);
            int spread = i % 200 < 60 ? 3_000 : 200; // a "peak" of wide disorder, then narrow
            ts.add(max - r.nextInt(spread));
        }
        AdaptiveBound b = AdaptiveBound.quantile(0.9).factor(1.2).over(Duration.ofSeconds(2)).between(Duration.ofMillis(50),
                Duration.ofSeconds(5));
        var whole = new AdaptiveOutOfOrdernessWatermarks<Long>(b);
        Out all = new Out();
        List<Long> highest = new ArrayList<>();
        for (long t : ts) {
            whole.onEvent(t, t, all);
            whole.onPeriodicEmit(all);
            highest.add(all.highest);
        }
        for (int i = 1; i < highest.size(); i++) {
            assertThat(highest.get(i)).isGreaterThanOrEqualTo(highest.get(i - 1));
        }

        var first = new AdaptiveOutOfOrdernessWatermarks<Long>(b);
        Out a = new Out();
        for (int i = 0; i < cut; i++) {
            first.onEvent(ts.get(i), ts.get(i), a);
            first.onPeriodicEmit(a);
        }
        var second = new AdaptiveOutOfOrdernessWatermarks<Long>(b);
        second.restoreState(roundTrip(first.snapshotState()));
        Out rest = new Out();
        for (int i = cut; i < ts.size(); i++) {
            second.onEvent(ts.get(i), ts.get(i), rest);
            second.onPeriodicEmit(rest);
        }
        List<Long> joined = new ArrayList<>(a.emitted);
        joined.addAll(rest.emitted);
        assertThat(joined).isEqualTo(all.emitted);
        assertThat(second.currentBoundMillis()).isEqualTo(whole.currentBoundMillis());
    }

    static Serializable roundTrip(Serializable s) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream o = new ObjectOutputStream(bytes)) {
            o.writeObject(s);
        }
        try (ObjectInputStream i = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (Serializable) i.readObject();
        }
    }
}
