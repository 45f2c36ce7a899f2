package io.tidemark.api.common.functions;

/**
 * An {@link AggregateFunction} whose accumulator is a fixed number of {@code long}s (counts, sums,
 * minima, maxima, fixed histograms). Written against a window of that array, {@code acc[at .. at +
 * width())}, so the engine may keep the accumulators of many keys side by side in one primitive array
 * instead of one object per (key, window): the aligned window operator (built-in tumbling and sliding
 * event-time windows with the built-in trigger, except slide frames) does, which halves the memory an
 * accumulator of two longs takes and saves the pointer to it. Everywhere else (sessions, other
 * assigners or triggers, slide frames, the Flink runner) it is an ordinary {@code AggregateFunction}
 * with a {@code long[]} accumulator, built from the same methods. A Tidemark extension, not in Flink.
 *
 * <pre>{@code
 * class CountAndSum implements LongColumnsAggregateFunction<Order, Stats> {
 *     public int width() { return 2; }
 *     public void add(Order o, long[] acc, int at) { acc[at]++; acc[at + 1] += o.cents; }
 *     public void merge(long[] a, int at, long[] b, int bt) { a[at] += b[bt]; a[at + 1] += b[bt + 1]; }
 *     public Stats result(long[] acc, int at) { return new Stats(acc[at], acc[at + 1]); }
 * }
 * }</pre>
 *
 * @param <IN> input type
 * @param <OUT> result type
 */
public interface LongColumnsAggregateFunction<IN, OUT> extends AggregateFunction<IN, long[], OUT> {

    /** The number of longs in an accumulator; the same on every call. */
    int width();

    /** Sets {@code acc[at .. at + width())} to the empty accumulator; by default all zeros (it is zeroed on entry). */
    default void init(long[] acc, int at) {}

    /** Adds {@code value} to the accumulator at {@code acc[at ..]}. */
    void add(IN value, long[] acc, int at);

    /** Merges the accumulator at {@code b[bt ..]} into the one at {@code a[at ..]}, leaving {@code b} unchanged. */
    void merge(long[] a, int at, long[] b, int bt);

    /** The result of the accumulator at {@code acc[at ..]}; must not keep a reference to {@code acc}. */
    OUT result(long[] acc, int at);

    @Override
    default long[] createAccumulator() {
        long[] acc = new long[width()];
        init(acc, 0);
        return acc;
    }

    @Override
    default long[] add(IN value, long[] accumulator) {
        add(value, accumulator, 0);
        return accumulator;
    }

    @Override
    default OUT getResult(long[] accumulator) {
        return result(accumulator, 0);
    }

    @Override
    default long[] merge(long[] a, long[] b) {
        merge(a, 0, b, 0);
        return a;
    }
}
