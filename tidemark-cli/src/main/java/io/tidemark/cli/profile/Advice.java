package io.tidemark.cli.profile;

import io.tidemark.api.common.eventtime.DisorderProfile;
import java.util.ArrayList;
import java.util.List;

/**
 * The recommendation of {@code tidemark profile}, each value with why (the seeds' recipe):
 * <ul>
 *   <li><b>bound</b> = the disorder's P99 × factor (default 1.3; seeds/003 §4.2: P99 × 1.2–1.5, never the
 *       maximum, which one outlier sets, nor the mean, which hides the tail), rounded up to two digits;
 *   <li><b>idleness</b> = 3 × the bound (seeds/002 §4.3: 2–4 ×), at least 1 s, raised above the gaps a
 *       split has between its records in normal traffic (P99.9 of them × 1.5), so that a split is not
 *       declared idle between two of its records (its next one could then be late);
 *   <li><b>allowed lateness</b> = 0 to start (seeds/002 §5.2), and what would cover the disorder's
 *       P99.9 (P99.9 − bound) when late records must update results;
 *   <li><b>max-future</b> = twice the largest move the data makes ahead on its own (the largest event time
 *       after its arrival in replay, else the largest forward jump of the highest event time), at least 1 m.
 * </ul>
 */
record Advice(long boundMs, double quantile, double factor, long quantileMs, long idlenessMs, long latenessMs,
        long coveringLatenessMs, long maxFutureMs, List<String> why) {

    static final long MIN_IDLENESS = 1000;
    static final long MIN_MAX_FUTURE = 60_000;

    static Advice of(Measurements m, double factor, long jobMaxFuture) {
        DisorderProfile all = m.overall();
        List<String> why = new ArrayList<>();
        double q = DisorderProfile.DEFAULT_QUANTILE;
        long p99 = all.disorder().valueAtQuantile(q);
        long bound = all.recommendedBound(q, factor).toMillis();
        why.add("bound " + Show.duration(bound) + " = disorder P99 " + Show.human(p99) + " × " + factor
                + ", rounded up (seeds: P99 × 1.2–1.5; not the maximum " + Show.human(all.disorder().max())
                + ", which the few farthest records set; not the mean)");
        if (p99 == 0) {
            why.add("  99 % of the records came in order: a bound of 0 (or watermark.strategy: monotonous) loses at most "
                    + Show.percent(all.disorderedShare()) + " of them");
        }
        long idleness = Math.max(MIN_IDLENESS, DisorderProfile.IDLENESS_FACTOR * bound);
        long gapP999 = m.gaps().valueAtQuantile(0.999);
        String idleWhy = "idleness " + Show.duration(idleness) + " = 3 × the bound (seeds: 2–4 ×)";
        if (gapP999 * 3 / 2 > idleness) {
            idleness = DisorderProfile.roundUp(gapP999 * 3 / 2);
            idleWhy = "idleness " + Show.duration(idleness) + ": more than 3 × the bound, because a split's records are up to "
                    + Show.human(gapP999) + " apart in normal traffic (P99.9 of the gaps, × 1.5): a shorter idleness "
                    + "would declare splits idle between two of their records, and their next record could be late";
        }
        why.add(idleWhy);
        if (m.splits().size() == 1) {
            why.add("  one split: idleness only matters once the source has several (it never moves the watermark by itself)");
        }
        long p999 = all.disorder().valueAtQuantile(0.999);
        long covering = DisorderProfile.roundUp(Math.max(0, p999 - bound));
        why.add("allowed-lateness 0 to start (seeds: add it only when late records must update results); "
                + (covering > 0 ? Show.duration(covering) + " would cover the disorder's P99.9 (" + Show.human(p999) + ")"
                        : "the bound already covers the disorder's P99.9 (" + Show.human(p999) + ")"));
        long ahead = m.arrivals() ? m.maxAhead() : m.jumps().isEmpty() ? 0 : m.jumps().get(0).jump();
        long maxFuture = Math.max(MIN_MAX_FUTURE, DisorderProfile.roundUp(2 * Math.max(0, ahead)));
        why.add("max-future " + Show.duration(maxFuture) + " = 2 × " + (m.arrivals()
                ? "the largest event time after its arrival (" + Show.human(Math.max(0, ahead)) + ")"
                : "the largest forward jump of the highest event time (" + Show.human(Math.max(0, ahead)) + ")")
                + ", at least 1m (the job has " + Show.duration(jobMaxFuture) + ")");
        return new Advice(bound, q, factor, p99, idleness, 0, covering, maxFuture, why);
    }
}
