package io.tidemark.cli.job;

import java.io.Serializable;
import java.math.BigDecimal;

/** A window's running aggregates: the count and, per aggregated field, exact sum, min and max. */
public final class Accumulator implements Serializable {

    private static final long serialVersionUID = 1L;

    long count;
    final BigDecimal[] sum;
    final BigDecimal[] min;
    final BigDecimal[] max;

    Accumulator(int n) {
        sum = new BigDecimal[n];
        min = new BigDecimal[n];
        max = new BigDecimal[n];
    }
}
