package io.tidemark.cli.job;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.math.BigDecimal;

/**
 * A window's running aggregates: the count and, per aggregated field, exact sum, min and max.
 *
 * <p>A sum is kept as unscaled units at a scale in {@code long}s while it fits ({@link #addUnits}: what
 * {@link BigDecimal#add} gives, the larger of the two scales and the exact value, without a decimal
 * object per record), and as a {@link BigDecimal} from the first sum or value that does not fit, or
 * from the first value that comes as a decimal. {@link #sum(int)} is the same decimal either way, in
 * value and scale. Both forms are serialized (Java's and Flink's generic serializer copy every field);
 * a stream without the units (decimals only) reads as decimals.
 */
public final class Accumulator implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final long[] POWERS = new long[19];

    static {
        POWERS[0] = 1;
        for (int i = 1; i < POWERS.length; i++) {
            POWERS[i] = POWERS[i - 1] * 10;
        }
    }

    long count;
    /** Per field, its sum as a decimal, or null (none yet, or held in units). */
    final BigDecimal[] sum;
    final BigDecimal[] min;
    final BigDecimal[] max;
    /** Per field, whether its sum is held as {@link #units} at {@link #scales} (then {@link #sum} is null). */
    private boolean[] inUnits;
    private long[] units;
    private int[] scales;

    Accumulator(int n) {
        sum = new BigDecimal[n];
        min = new BigDecimal[n];
        max = new BigDecimal[n];
        unitsFor(n);
    }

    private void unitsFor(int n) {
        inUnits = new boolean[n];
        units = new long[n];
        scales = new int[n];
    }

    /** Adds the decimal {@code u × 10^-scale} to field {@code i}'s sum. */
    void addUnits(int i, long u, int scale) {
        if (inUnits[i]) {
            int s = scales[i];
            long a = units[i];
            long b = u;
            if (scale > s) {
                a = scaleUp(a, scale - s);
                s = scale;
            } else if (scale < s) {
                b = scaleUp(b, s - scale);
            }
            long r = a + b;
            // a or b is Long.MIN_VALUE where scaling overflowed; the sum overflowed when its sign differs from both
            if (a != Long.MIN_VALUE && b != Long.MIN_VALUE && ((a ^ r) & (b ^ r)) >= 0) {
                units[i] = r;
                scales[i] = s;
                return;
            }
            inUnits[i] = false;
            sum[i] = BigDecimal.valueOf(units[i], scales[i]).add(BigDecimal.valueOf(u, scale));
        } else if (sum[i] == null) {
            inUnits[i] = true;
            units[i] = u;
            scales[i] = scale;
        } else {
            sum[i] = sum[i].add(BigDecimal.valueOf(u, scale));
        }
    }

    /** {@code v × 10^by}, or {@code Long.MIN_VALUE} when it does not fit (nor is that value itself). */
    private static long scaleUp(long v, int by) {
        if (by >= POWERS.length) {
            return v == 0 ? 0 : Long.MIN_VALUE;
        }
        long r = v * POWERS[by];
        return Math.multiplyHigh(v, POWERS[by]) == r >> 63 && r != Long.MIN_VALUE ? r : Long.MIN_VALUE;
    }

    /** Adds decimal {@code v} to field {@code i}'s sum. */
    void addDecimal(int i, BigDecimal v) {
        if (inUnits[i]) {
            inUnits[i] = false;
            sum[i] = BigDecimal.valueOf(units[i], scales[i]).add(v);
        } else {
            sum[i] = sum[i] == null ? v : sum[i].add(v);
        }
    }

    /** Field {@code i}'s sum (null before any value), the same decimal in either form. */
    BigDecimal sum(int i) {
        return inUnits[i] ? BigDecimal.valueOf(units[i], scales[i]) : sum[i];
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (inUnits == null) {
            unitsFor(sum.length); // a stream of decimals only
        }
    }
}
