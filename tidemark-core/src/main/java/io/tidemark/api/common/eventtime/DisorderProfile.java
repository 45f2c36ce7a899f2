package io.tidemark.api.common.eventtime;

import java.io.Serial;
import java.io.Serializable;
import java.time.Duration;

/**
 * How out of order a stream's event times are, measured on the stream itself, and the bounded
 * out-of-orderness it calls for — the seeds' advice "measure the disorder before you choose the bound",
 * for a program that embeds Tidemark:
 *
 * <pre>{@code
 * DisorderProfile profile = new DisorderProfile();
 * for (Order o : history) profile.observe(o.eventTime, o.arrivalTime);   // in arrival order
 * WatermarkStrategy<Order> s = WatermarkStrategy.<Order>forBoundedOutOfOrderness(profile.recommendedBound())
 *         .withIdleness(profile.recommendedIdleness());
 * }</pre>
 *
 * <p><b>Disorder</b> of a record = (the highest event time observed before it) − (its event time), or 0
 * when it is the highest so far: exactly what a bounded-out-of-orderness watermark must cover. With the
 * watermark {@code highest − bound − 1} emitted after every record, a record whose disorder is at most
 * the bound is never late; one with disorder {@code d > bound} is late when its window ends at or before
 * {@code t + d − bound}. Feed one profile per split (Kafka partition) to measure what each split's
 * watermark covers. <b>Delay</b> = arrival time − event time, when arrival times are known.
 *
 * <p><b>The recommendation</b> (seeds/003 §4.2, §5.3): bound = P99 of the disorder × 1.3 (the seeds say
 * × 1.2–1.5: never the maximum, which an outlier sets, nor the mean, which hides the tail), rounded up
 * to two significant digits; idleness = 3 × the bound (seeds/002 §4.3: 2–4 ×).
 *
 * <p><b>Bounds.</b> Both distributions are {@link DisorderSketch}es: quantiles within 1 % in a few tens
 * of kilobytes, whatever the number of records; {@link #observe} is O(1). Not thread-safe.
 */
public final class DisorderProfile implements Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    /** The quantile of the disorder the recommended bound starts from. */
    public static final double DEFAULT_QUANTILE = 0.99;

    /** The margin the recommended bound adds to that quantile. */
    public static final double DEFAULT_FACTOR = 1.3;

    /** Recommended idleness as a multiple of the bound. */
    public static final int IDLENESS_FACTOR = 3;

    private final DisorderSketch disorder = new DisorderSketch();
    private final DisorderSketch delay = new DisorderSketch();
    private long highest = Long.MIN_VALUE;
    private long lowest = Long.MAX_VALUE;
    private long disordered;

    /** Observes a record's event time (epoch ms), in arrival order; returns its disorder. */
    public long observe(long eventTime) {
        long d;
        if (eventTime >= highest) {
            d = 0;
            highest = eventTime;
        } else {
            d = highest - eventTime;
            disordered++;
        }
        lowest = Math.min(lowest, eventTime);
        disorder.record(d);
        return d;
    }

    /** Observes a record's event time and its arrival time (epoch ms), in arrival order; returns its disorder. */
    public long observe(long eventTime, long arrivalTime) {
        delay.record(arrivalTime - eventTime);
        return observe(eventTime);
    }

    /** Records observed. */
    public long count() {
        return disorder.count();
    }

    /** Records observed behind the highest event time before them (disorder above 0). */
    public long disorderedCount() {
        return disordered;
    }

    /** The share of records with disorder above 0 (0 when empty). */
    public double disorderedShare() {
        return count() == 0 ? 0 : (double) disordered / count();
    }

    /** The disorder's distribution (ms); a live view, not a copy. */
    public DisorderSketch disorder() {
        return disorder;
    }

    /** The delay's distribution (ms; negative delays recorded as 0 and counted); empty without arrival times. */
    public DisorderSketch delay() {
        return delay;
    }

    /** The disorder at quantile {@code q} (0–1), within {@link DisorderSketch#RELATIVE_ERROR}. */
    public Duration disorderAt(double q) {
        return Duration.ofMillis(disorder.valueAtQuantile(q));
    }

    /** The event-time span observed: highest − lowest event time (zero when empty). */
    public Duration span() {
        return count() == 0 ? Duration.ZERO : Duration.ofMillis(highest - lowest);
    }

    /** {@link #recommendedBound(double, double)} with P99 and × 1.3. */
    public Duration recommendedBound() {
        return recommendedBound(DEFAULT_QUANTILE, DEFAULT_FACTOR);
    }

    /**
     * The disorder at {@code quantile} × {@code factor}, rounded up to two significant digits of
     * milliseconds (8 437 ms → 8 500 ms; 123 ms → 130 ms).
     *
     * @throws IllegalStateException when nothing was observed
     */
    public Duration recommendedBound(double quantile, double factor) {
        if (count() == 0) {
            throw new IllegalStateException("no record observed: a bound cannot be recommended from nothing");
        }
        if (!(factor >= 1)) {
            throw new IllegalArgumentException("the factor is at least 1: " + factor);
        }
        return Duration.ofMillis(roundUp((long) Math.ceil(disorder.valueAtQuantile(quantile) * factor)));
    }

    /** {@value #IDLENESS_FACTOR} × {@link #recommendedBound()}, at least one second. */
    public Duration recommendedIdleness() {
        return Duration.ofMillis(Math.max(1000, IDLENESS_FACTOR * recommendedBound().toMillis()));
    }

    /** Adds what {@code other} observed (another split's profile) to the distributions and counts. */
    public void add(DisorderProfile other) {
        disorder.add(other.disorder);
        delay.add(other.delay);
        disordered += other.disordered;
        highest = Math.max(highest, other.highest);
        lowest = Math.min(lowest, other.lowest);
    }

    /** {@code millis} rounded up to two significant digits (0 stays 0). */
    public static long roundUp(long millis) {
        if (millis <= 100) {
            return Math.max(0, millis);
        }
        long scale = 1;
        while (millis / scale >= 100) {
            scale *= 10;
        }
        return (millis + scale - 1) / scale * scale;
    }

    @Override
    public String toString() {
        return "DisorderProfile{count=" + count() + ", disordered=" + disordered + ", disorder " + disorder + "}";
    }
}
