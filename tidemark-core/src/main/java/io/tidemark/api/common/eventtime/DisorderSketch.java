package io.tidemark.api.common.eventtime;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serial;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Quantiles of non-negative durations in milliseconds — disorder (how far a record's event time lies
 * behind the highest one seen before it) or delay (arrival time − event time) — in bounded memory.
 *
 * <p><b>Design.</b> An HdrHistogram with {@value #SIGNIFICANT_DIGITS} significant decimal digits:
 * values below {@value #EXACT_BELOW} ms fall in buckets of one millisecond (exact);
 * above, each power of two is split into 128 buckets, so a reported value lies within
 * {@link #RELATIVE_ERROR} (1 %) of the true value at that rank. The smallest and largest values are
 * kept exactly, and quantiles are clamped to them (so {@code valueAtQuantile(1.0) == max()}).
 *
 * <p><b>Bounds.</b> Memory grows with the largest value recorded, not with the count: 128 counters
 * (8 bytes each) per power of two up to the maximum — about 23 KB for disorder up to an hour, 43 KB up
 * to a year. Values above {@link #HIGHEST_TRACKABLE} (about 73 million years) are recorded as that
 * value (still exact in {@link #max()}). Negative values cannot be disorder; for a delay they mean
 * an event time after its arrival (a clock ahead): they are counted by {@link #negatives()} and
 * recorded as 0. Counts are {@code long}: no overflow in practice.
 *
 * <p><b>Windows over time.</b> {@link #add} and {@link #subtract} make a sliding window: keep one
 * sketch per interval and a running total; add each interval's sketch when it opens and subtract it
 * when it leaves the window. After a subtraction {@link #max()} and {@link #min()} are the bucket
 * bounds of what remains (within the stated error), no longer exact.
 *
 * <p>Not thread-safe.
 */
public final class DisorderSketch implements Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    /** Significant decimal digits kept by the histogram. */
    public static final int SIGNIFICANT_DIGITS = 2;

    /** The largest relative error of a reported value above the exact range: 1/128 &lt; 1 %. */
    public static final double RELATIVE_ERROR = 0.01;

    /** Values below this are recorded exactly (one-millisecond buckets). */
    public static final long EXACT_BELOW = 256;

    /** The largest value recorded as itself; larger ones are recorded as this (about 2^61 ms). */
    public static final long HIGHEST_TRACKABLE = Long.MAX_VALUE >> 2;

    private transient Histogram histogram = newHistogram();
    private long negatives;
    /** Smallest and largest value recorded, exact until a subtraction; meaningless when empty. */
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;

    public DisorderSketch() {
    }

    private static Histogram newHistogram() {
        Histogram h = new Histogram(SIGNIFICANT_DIGITS);
        h.setAutoResize(true);
        return h;
    }

    /** Records one value in milliseconds. */
    public void record(long millis) {
        record(millis, 1);
    }

    /** Records {@code count} occurrences of a value in milliseconds; a count of 0 records nothing. */
    public void record(long millis, long count) {
        if (count < 0) {
            throw new IllegalArgumentException("count cannot be negative: " + count);
        }
        if (count == 0) {
            return;
        }
        long value = millis;
        if (value < 0) {
            negatives += count;
            value = 0;
        }
        min = Math.min(min, value);
        max = Math.max(max, value);
        histogram.recordValueWithCount(Math.min(value, HIGHEST_TRACKABLE), count);
    }

    /** How many values were recorded (negative ones included, as 0). */
    public long count() {
        return histogram.getTotalCount();
    }

    /** How many recorded values were negative (and recorded as 0). */
    public long negatives() {
        return negatives;
    }

    public boolean isEmpty() {
        return count() == 0;
    }

    /**
     * The value at quantile {@code q} (0 ≤ q ≤ 1): the smallest recorded value such that a share
     * {@code q} of all values is at or below it (the value of rank ⌈q·count⌉, at least 1), within
     * {@link #RELATIVE_ERROR}. 0 when empty. Walks the non-empty buckets: O(buckets), a few thousand
     * at most.
     */
    public long valueAtQuantile(double q) {
        if (!(q >= 0 && q <= 1)) {
            throw new IllegalArgumentException("a quantile is between 0 and 1: " + q);
        }
        if (isEmpty()) {
            return 0;
        }
        long rank = Math.max(1, (long) Math.ceil(q * count()));
        long v = 0;
        long seen = 0;
        for (HistogramIterationValue bucket : histogram.recordedValues()) {
            seen += bucket.getCountAtValueIteratedTo();
            v = bucket.getValueIteratedTo();
            if (seen >= rank) {
                break;
            }
        }
        if (v >= histogram.lowestEquivalentValue(HIGHEST_TRACKABLE)) {
            return max(); // recorded as HIGHEST_TRACKABLE: only the largest is known exactly
        }
        return Math.max(min(), Math.min(v, max()));
    }

    /** The largest value recorded (exact until a subtraction); 0 when empty. */
    public long max() {
        if (isEmpty()) {
            return 0;
        }
        return max != Long.MIN_VALUE ? max : histogram.getMaxValue();
    }

    /** The smallest value recorded (exact until a subtraction); 0 when empty. */
    public long min() {
        if (isEmpty()) {
            return 0;
        }
        return min != Long.MAX_VALUE ? min : histogram.getMinValue();
    }

    /**
     * How many recorded values are greater than {@code millis}: exact below {@link #EXACT_BELOW};
     * above, values in the same bucket as {@code millis} (within {@link #RELATIVE_ERROR} of it) count
     * as not greater.
     */
    public long countAbove(long millis) {
        if (millis < 0) {
            return count();
        }
        if (millis >= HIGHEST_TRACKABLE) {
            return 0;
        }
        return count() - histogram.getCountBetweenValues(0, millis);
    }

    /** Adds every value of {@code other} to this sketch. */
    public void add(DisorderSketch other) {
        if (other.isEmpty()) {
            return;
        }
        // exact bounds stay exact only if this sketch still had them (or held nothing); after a
        // subtraction they stay given up, to be read from the histogram
        boolean exact = isEmpty() || max != Long.MIN_VALUE;
        histogram.add(other.histogram);
        negatives += other.negatives;
        if (exact) {
            min = Math.min(min, other.min());
            max = Math.max(max, other.max());
        }
    }

    /**
     * Removes the values of {@code other}, which must have been added to this sketch before (a
     * sliding window's oldest interval). The exact minimum and maximum are then given up.
     *
     * @throws IllegalArgumentException if {@code other} holds values this sketch does not
     */
    public void subtract(DisorderSketch other) {
        if (other.isEmpty()) {
            return;
        }
        if (other.max() > max() || other.count() > count()) {
            throw new IllegalArgumentException("cannot subtract values this sketch does not hold");
        }
        histogram.subtract(other.histogram);
        negatives -= other.negatives;
        min = Long.MAX_VALUE;
        max = Long.MIN_VALUE;
    }

    /** An independent copy. */
    public DisorderSketch copy() {
        DisorderSketch c = new DisorderSketch();
        c.histogram = histogram.copy();
        c.histogram.setAutoResize(true);
        c.negatives = negatives;
        c.min = min;
        c.max = max;
        return c;
    }

    /** Empties the sketch, keeping its allocated buckets. */
    public void reset() {
        histogram.reset();
        negatives = 0;
        min = Long.MAX_VALUE;
        max = Long.MIN_VALUE;
    }

    /**
     * The sketch as bytes, for a checkpoint: {@code [long negatives][long min][long max]} followed by
     * HdrHistogram's compressed encoding (a few hundred bytes for a typical disorder profile).
     */
    public byte[] toBytes() {
        ByteBuffer h = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(h);
        ByteBuffer out = ByteBuffer.allocate(3 * Long.BYTES + length);
        out.putLong(negatives).putLong(min).putLong(max);
        out.put(h.array(), 0, length);
        return out.array();
    }

    /** Reads what {@link #toBytes()} wrote. */
    public static DisorderSketch fromBytes(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        DisorderSketch s = new DisorderSketch();
        try {
            s.negatives = in.getLong();
            s.min = in.getLong();
            s.max = in.getLong();
            s.histogram = Histogram.decodeFromCompressedByteBuffer(in, 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not a DisorderSketch's bytes: " + e.getMessage(), e);
        }
        s.histogram.setAutoResize(true);
        return s;
    }

    @Serial
    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        byte[] bytes = toBytes();
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    @Serial
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        DisorderSketch s = fromBytes(bytes);
        histogram = s.histogram;
    }

    @Override
    public String toString() {
        return "DisorderSketch{count=" + count() + ", p50=" + valueAtQuantile(0.5) + "ms, p99="
                + valueAtQuantile(0.99) + "ms, max=" + max() + "ms}";
    }
}
