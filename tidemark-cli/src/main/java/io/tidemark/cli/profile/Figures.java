package io.tidemark.cli.profile;

import io.tidemark.api.common.eventtime.DisorderSketch;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The figures {@code tidemark profile} and {@code tune} report, as plain records: the text report, the
 * JSON ({@code --json}) and the HTML page are all written from them. Durations are milliseconds
 * (fields ending in {@code Ms}); shares are fractions (0–1).
 */
final class Figures {

    private Figures() {}

    /** The quantiles reported for a distribution, by name. */
    static final double[] QUANTILES = {0.5, 0.9, 0.95, 0.99, 0.999, 0.9999};
    static final String[] QUANTILE_NAMES = {"p50", "p90", "p95", "p99", "p99.9", "p99.99"};

    /**
     * What was read, counted as the run summary counts it: the records in windows, and the dead letters
     * (with {@code no-window}, the records of sliding windows' gaps, which the windows turn away).
     */
    record Reading(String source, long lines, long records, long empty, long headers, Map<String, Long> deadLetters,
            long deadLetterTotal, long splits, long keys, Long firstEventTime, Long lastEventTime, long eventTimeSpanMs,
            String clock) {

        /** {@code input}'s counts, {@code noWindow} records in no window, and the event times {@code m} saw (null: not measured). */
        static Reading of(io.tidemark.cli.config.JobConfig job, JobInput input, long noWindow, Measurements m) {
            JobInput.Counts c = input.counts();
            Map<String, Long> dead = new java.util.TreeMap<>(c.deadLetters);
            if (noWindow > 0) {
                dead.put(io.tidemark.cli.data.DeadLetter.NO_WINDOW, noWindow);
            }
            boolean times = m != null && c.accepted > 0;
            return new Reading(job.source().spec().describe(), c.lines, c.accepted - noWindow, c.empty, c.headers, dead,
                    dead.values().stream().mapToLong(Long::longValue).sum(), m == null ? -1 : m.splits().size(), input.keys(),
                    times ? m.lowest() : null, times ? m.highest() : null, times ? m.highest() - m.lowest() : 0, clock(job));
        }

        /** The processing time the figures are on, in words. */
        static String clock(io.tidemark.cli.config.JobConfig job) {
            if (job.source().replay()) {
                return "replayed: the arrival-time field " + job.source().arrivalTimeField();
            }
            if (job.source().spec() instanceof io.tidemark.cli.source.KafkaSourceType.Spec) {
                return "the Kafka records' timestamps (each record's arrival)";
            }
            if (job.source().spec().live()) {
                return "the wall clock at read";
            }
            return "the data's own: the highest event time read so far (no arrival times)";
        }
    }

    /** A point of a cumulative distribution: the share of values at or below {@code ms}. */
    record Point(long ms, double share) {}

    /** A distribution of durations: count, share above 0, quantiles, maximum and its CDF (for charts). */
    record Distribution(long count, double aboveZeroShare, long negatives, Map<String, Long> quantilesMs, long maxMs,
            List<Point> cdf) {

        static Distribution of(DisorderSketch s) {
            Map<String, Long> q = new LinkedHashMap<>();
            for (int i = 0; i < QUANTILES.length; i++) {
                q.put(QUANTILE_NAMES[i], s.valueAtQuantile(QUANTILES[i]));
            }
            return new Distribution(s.count(), s.count() == 0 ? 0 : (double) s.countAbove(0) / s.count(), s.negatives(), q,
                    s.max(), Figures.cdf(s));
        }

        long p(String name) {
            return quantilesMs.get(name);
        }
    }

    /** The CDF at 0 and at about 12 points per power of ten up to the maximum. */
    static List<Point> cdf(DisorderSketch s) {
        List<Point> out = new ArrayList<>();
        if (s.count() == 0) {
            return out;
        }
        long max = s.max();
        out.add(new Point(0, 1 - (double) s.countAbove(0) / s.count()));
        double x = 1;
        long previous = 0;
        while (previous < max) {
            long v = Math.min(max, (long) Math.ceil(x));
            if (v > previous) {
                out.add(new Point(v, 1 - (double) s.countAbove(v) / s.count()));
                previous = v;
            }
            x *= 1.2;
        }
        return out;
    }

    /** One split: its records, disorder and delay, and its idle gaps (processing time without a record). */
    record Split(String split, long records, Distribution disorder, Distribution delay, long gapP99Ms, long gapMaxMs,
            List<Measurements.Gap> longestGaps) {}

    /** One time-of-day bucket (UTC). */
    record Bucket(String from, long records, long disorderP50Ms, long disorderP99Ms, long disorderMaxMs, Long delayP50Ms,
            Long delayP99Ms) {}

    /** What the time guard and the unit check kept out, and the largest jumps that went in. */
    record Outliers(long tooFarAhead, Long largestRejectedJumpMs, String tooFarAheadExample, long wrongUnit,
            String wrongUnitExample, List<Measurements.Jump> largestAcceptedJumps) {}

    /** One simulated candidate: what a run with this bound (lateness, idleness) would do. */
    record Outcome(long boundMs, String bound, long latenessMs, Long idlenessMs, long records, long late, double lateShare,
            long windows, long reFirings, long firedAtEnd, Long firingDelayP50Ms, Long firingDelayP99Ms, long peakOpenWindows,
            long noWindow) {

        static Outcome of(Candidate c) {
            Tally t = c.tally();
            Candidate.Spec s = c.spec();
            boolean delays = !t.firingDelay.isEmpty();
            return new Outcome(s.bound(), Show.duration(s.bound()), s.lateness(), s.idleness(), t.records, t.late,
                    t.records == 0 ? 0 : (double) t.late / t.records, t.fired, t.reFirings, t.firedAtEnd,
                    delays ? t.firingDelay.valueAtQuantile(0.5) : null, delays ? t.firingDelay.valueAtQuantile(0.99) : null,
                    t.peakOpen, t.noWindow);
        }
    }
}
