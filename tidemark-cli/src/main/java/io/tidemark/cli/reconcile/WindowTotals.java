package io.tidemark.cli.reconcile;

import java.math.BigDecimal;
import java.util.Arrays;

/**
 * A window's numbers: its record count and each aggregate's value, in {@code aggregate} order (a
 * {@code count} aggregate holds the count again).
 */
public record WindowTotals(long count, BigDecimal[] values) {

    public WindowTotals {
        values = values.clone();
    }

    /** Whether aggregate {@code i} has the same value in both (numerically: 12.50 equals 12.5). */
    boolean sameValue(WindowTotals o, int i) {
        BigDecimal a = values[i];
        BigDecimal b = o.values[i];
        return a == null ? b == null : b != null && a.compareTo(b) == 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WindowTotals w && w.count == count && Arrays.equals(w.values, values);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(count) * 31 + Arrays.hashCode(values);
    }
}
