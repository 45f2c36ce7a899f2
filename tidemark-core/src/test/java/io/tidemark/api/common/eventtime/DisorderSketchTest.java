package io.tidemark.api.common.eventtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class DisorderSketchTest {

    /** The value at quantile q of sorted values: the smallest v with at least ceil(q·n) values ≤ v. */
    private static long exactQuantile(long[] sorted, double q) {
        int rank = (int) Math.max(1, Math.ceil(q * sorted.length));
        return sorted[rank - 1];
    }

    private static void assertWithinError(long reported, long exact) {
        if (exact < DisorderSketch.EXACT_BELOW) {
            assertThat(reported).isEqualTo(exact);
        } else {
            assertThat((double) Math.abs(reported - exact) / exact)
                    .as("reported %d for exact %d", reported, exact)
                    .isLessThanOrEqualTo(DisorderSketch.RELATIVE_ERROR);
        }
    }

    @Test
    void quantilesOfALognormalDelayAreWithinTheStatedError() {
        Random random = new Random(7);
        long[] values = new long[200_000];
        DisorderSketch sketch = new DisorderSketch();
        for (int i = 0; i < values.length; i++) {
            values[i] = Math.round(Math.exp(7 + 1.2 * random.nextGaussian())); // median ≈ 1.1 s
            sketch.record(values[i]);
        }
        Arrays.sort(values);
        for (double q : new double[] {0, 0.5, 0.9, 0.95, 0.99, 0.999, 0.9999, 1}) {
            assertWithinError(sketch.valueAtQuantile(q), exactQuantile(values, q));
        }
        assertThat(sketch.max()).isEqualTo(values[values.length - 1]);
        assertThat(sketch.min()).isEqualTo(values[0]);
        assertThat(sketch.count()).isEqualTo(values.length);
    }

    @Test
    void theQuantileIsTheValueOfRankCeilingOfQTimesCount() {
        DisorderSketch sketch = new DisorderSketch();
        sketch.record(13);
        sketch.record(256);
        assertThat(sketch.valueAtQuantile(0.5)).isEqualTo(13);
        assertThat(sketch.valueAtQuantile(0.7)).isEqualTo(256); // rank ⌈1.4⌉ = 2, not the nearest rank 1
        assertThat(sketch.valueAtQuantile(0)).isEqualTo(13);
    }

    @Property(tries = 1000)
    void everyQuantileIsWithinTheStatedError(
            @ForAll @Size(min = 1, max = 300) long[] raw, @ForAll @DoubleRange(min = 0, max = 1) double q) {
        DisorderSketch sketch = new DisorderSketch();
        long[] values = new long[raw.length];
        for (int i = 0; i < raw.length; i++) {
            values[i] = Math.floorMod(raw[i], 10_000_000L);
            sketch.record(values[i]);
        }
        Arrays.sort(values);
        assertWithinError(sketch.valueAtQuantile(q), exactQuantile(values, q));
    }

    @Property(tries = 200)
    void countAboveIsExactInTheExactRange(
            @ForAll @Size(max = 200) long[] raw, @ForAll @LongRange(min = -1, max = 300) long threshold) {
        DisorderSketch sketch = new DisorderSketch();
        long expected = 0;
        for (long r : raw) {
            long v = Math.floorMod(r, 256L);
            sketch.record(v);
            if (v > threshold) {
                expected++;
            }
        }
        assertThat(sketch.countAbove(threshold)).isEqualTo(expected);
    }

    @Test
    void countAboveAtLargeValuesIsWithinABucket() {
        DisorderSketch sketch = new DisorderSketch();
        sketch.record(10_000);
        sketch.record(20_000);
        sketch.record(20_050);
        assertThat(sketch.countAbove(9_000)).isEqualTo(3);
        assertThat(sketch.countAbove(15_000)).isEqualTo(2);
        assertThat(sketch.countAbove(30_000)).isZero();
    }

    @Test
    void aSlidingWindowIsARunningTotalMinusTheIntervalThatLeft() {
        DisorderSketch older = new DisorderSketch();
        DisorderSketch newer = new DisorderSketch();
        for (int i = 0; i < 1000; i++) {
            older.record(5_000 + i);
            newer.record(i % 100);
        }
        DisorderSketch total = new DisorderSketch();
        total.add(older);
        total.add(newer);
        assertThat(total.count()).isEqualTo(2000);
        assertThat(total.valueAtQuantile(0.99)).isGreaterThan(5_000);

        total.subtract(older);
        assertThat(total.count()).isEqualTo(1000);
        assertThat(total.valueAtQuantile(0.99)).isEqualTo(newer.valueAtQuantile(0.99)).isEqualTo(98);
        assertThat(total.max()).isEqualTo(99);
        assertThatThrownBy(() -> total.subtract(older)).isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * A sliding window as the adaptive watermark keeps it: the newest interval joins the total, then the
     * oldest leaves. After the first subtraction the total has given up its exact minimum and maximum;
     * adding a later interval of small values must not take those for the total's (it took 0 for the
     * maximum, and the next interval to leave, holding 5 000, could then not be subtracted).
     */
    @Test
    void addingAfterASubtractionKeepsTheMaximumOfWhatIsHeld() {
        DisorderSketch first = new DisorderSketch();
        DisorderSketch second = new DisorderSketch();
        DisorderSketch third = new DisorderSketch();
        first.record(0);
        second.record(5_000);
        third.record(0);
        DisorderSketch total = new DisorderSketch();
        total.add(first);
        total.add(second);
        total.subtract(first);
        total.add(third);
        assertThat(total.max()).isGreaterThanOrEqualTo(5_000);
        total.subtract(second);
        assertThat(total.count()).isEqualTo(1);
        assertThat(total.max()).isZero();
    }

    @Test
    void negativeValuesAreCountedAndRecordedAsZero() {
        DisorderSketch sketch = new DisorderSketch();
        sketch.record(-40);
        sketch.record(10, 3);
        sketch.record(99, 0);
        assertThat(sketch.count()).isEqualTo(4);
        assertThat(sketch.negatives()).isEqualTo(1);
        assertThat(sketch.min()).isZero();
        assertThat(sketch.valueAtQuantile(0.25)).isZero();
        assertThat(sketch.valueAtQuantile(0.5)).isEqualTo(10);
        assertThatThrownBy(() -> sketch.record(1, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> sketch.valueAtQuantile(1.5)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void hugeValuesKeepAnExactMaximum() {
        DisorderSketch sketch = new DisorderSketch();
        sketch.record(Long.MAX_VALUE);
        sketch.record(3);
        assertThat(sketch.max()).isEqualTo(Long.MAX_VALUE);
        assertThat(sketch.valueAtQuantile(1)).isEqualTo(Long.MAX_VALUE);
        assertThat(sketch.valueAtQuantile(0.5)).isEqualTo(3);
        assertThat(sketch.countAbove(Long.MAX_VALUE - 1)).isZero();
    }

    @Test
    void anEmptySketchAnswersZero() {
        DisorderSketch sketch = new DisorderSketch();
        assertThat(sketch.isEmpty()).isTrue();
        assertThat(sketch.valueAtQuantile(0.99)).isZero();
        assertThat(sketch.max()).isZero();
        assertThat(sketch.countAbove(0)).isZero();
    }

    @Test
    void bytesAndJavaSerializationRoundTrip() throws Exception {
        DisorderSketch sketch = new DisorderSketch();
        Random random = new Random(3);
        for (int i = 0; i < 10_000; i++) {
            sketch.record((long) (random.nextDouble() * 600_000));
        }
        sketch.record(-5);
        DisorderSketch back = DisorderSketch.fromBytes(sketch.toBytes());
        assertSame(sketch, back);

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(sketch);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertSame(sketch, (DisorderSketch) in.readObject());
        }
        back.record(700_000);
        assertThat(back.max()).isEqualTo(700_000);
        assertThatThrownBy(() -> DisorderSketch.fromBytes(new byte[] {1, 2, 3}))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aCopyIsIndependentAndResetEmpties() {
        DisorderSketch sketch = new DisorderSketch();
        sketch.record(1_000);
        DisorderSketch copy = sketch.copy();
        copy.record(5_000_000);
        assertThat(sketch.max()).isEqualTo(1_000);
        assertThat(copy.max()).isEqualTo(5_000_000);
        sketch.reset();
        assertThat(sketch.isEmpty()).isTrue();
        assertThat(copy.count()).isEqualTo(2);
    }

    private static void assertSame(DisorderSketch expected, DisorderSketch actual) {
        assertThat(actual.count()).isEqualTo(expected.count());
        assertThat(actual.negatives()).isEqualTo(expected.negatives());
        assertThat(actual.min()).isEqualTo(expected.min());
        assertThat(actual.max()).isEqualTo(expected.max());
        for (double q : new double[] {0.1, 0.5, 0.99, 0.999}) {
            assertThat(actual.valueAtQuantile(q)).isEqualTo(expected.valueAtQuantile(q));
        }
    }
}
