package io.tidemark.cli.job;

import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.functions.Commutative;
import io.tidemark.cli.config.AggregateSpec;
import io.tidemark.cli.io.Event;
import java.math.BigDecimal;
import java.util.List;

/**
 * count, sum, avg, min and max of a window's events, in exact decimal arithmetic: sums do not
 * depend on the order records arrive in (so any parallelism gives the same results). Hence
 * {@link Commutative}: sliding windows accumulate per slide frame. (Equal minima or maxima of different
 * scale, 1.0 and 1.00, may be kept in either form; results print numbers without trailing zeros.)
 * {@code merge} builds a new accumulator and changes neither argument. Each aggregate keeps only the
 * running value its result reads (a {@code sum} no minimum, a {@code max} no sum).
 */
final class EventAggregate implements AggregateFunction<Event, Accumulator, Accumulator>, Commutative {

    private static final long serialVersionUID = 1L;

    private final int n;
    /** Per aggregate, which running values its result reads: the sum (sum, avg), the minimum, the maximum. */
    private final boolean[] sums;
    private final boolean[] mins;
    private final boolean[] maxs;

    EventAggregate(List<AggregateSpec> aggregates) {
        this.n = aggregates.size();
        sums = new boolean[n];
        mins = new boolean[n];
        maxs = new boolean[n];
        for (int i = 0; i < n; i++) {
            AggregateSpec.Kind k = aggregates.get(i).kind();
            sums[i] = k == AggregateSpec.Kind.SUM || k == AggregateSpec.Kind.AVG;
            mins[i] = k == AggregateSpec.Kind.MIN;
            maxs[i] = k == AggregateSpec.Kind.MAX;
        }
    }

    @Override
    public Accumulator createAccumulator() {
        return new Accumulator(n);
    }

    @Override
    public Accumulator add(Event e, Accumulator acc) {
        acc.count++;
        for (int i = 0; i < n; i++) {
            if (sums[i] && e.hasUnits(i)) {
                acc.addUnits(i, e.units(i), e.scale(i));
                continue;
            }
            BigDecimal v = e.value(i);
            if (v == null) {
                continue;
            }
            if (sums[i]) {
                acc.addDecimal(i, v);
            }
            if (mins[i] && (acc.min[i] == null || v.compareTo(acc.min[i]) < 0)) {
                acc.min[i] = v;
            }
            if (maxs[i] && (acc.max[i] == null || v.compareTo(acc.max[i]) > 0)) {
                acc.max[i] = v;
            }
        }
        return acc;
    }

    @Override
    public Accumulator getResult(Accumulator acc) {
        return acc;
    }

    @Override
    public Accumulator merge(Accumulator a, Accumulator b) {
        Accumulator m = new Accumulator(n);
        m.count = a.count + b.count;
        for (int i = 0; i < n; i++) {
            m.sum[i] = add(a.sum(i), b.sum(i));
            m.min[i] = pick(a.min[i], b.min[i], true);
            m.max[i] = pick(a.max[i], b.max[i], false);
        }
        return m;
    }

    private static BigDecimal add(BigDecimal x, BigDecimal y) {
        return x == null ? y : y == null ? x : x.add(y);
    }

    private static BigDecimal pick(BigDecimal x, BigDecimal y, boolean min) {
        if (x == null) {
            return y;
        }
        if (y == null) {
            return x;
        }
        int c = x.compareTo(y);
        return min ? (c <= 0 ? x : y) : (c >= 0 ? x : y);
    }
}
