package io.tidemark.cli.profile;

import io.tidemark.api.common.eventtime.DisorderProfile;
import io.tidemark.cli.config.JobConfig;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * {@code tidemark profile}: one pass over the job's source measures the disorder ({@link Measurements})
 * and logs what the source emits ({@link EmissionLog}); the recommendation follows ({@link Advice});
 * then the log is replayed through a {@link Simulation} of a grid of bounds around the measured
 * quantiles — the job with only its bound changed — and of the recommendation itself, so that every
 * late share reported is the exact one of a run, not an estimate.
 */
record Profile(String job, Figures.Reading reading, Figures.Distribution disorder, Figures.Distribution delay,
        List<Figures.Split> splits, long bucketMs, List<Figures.Bucket> byTimeOfDay, Figures.Outliers outliers,
        List<Figures.Outcome> lateShareByBound, Recommendation recommendation, List<String> warnings) {

    /** The advice with what the simulation says it gives, with and without the covering lateness. */
    record Recommendation(long boundMs, String bound, double quantile, double factor, long quantileMs, long idlenessMs,
            String idleness, long allowedLatenessMs, long coveringLatenessMs, long maxFutureMs, String maxFuture,
            Figures.Outcome expected, Figures.Outcome withCoveringLateness, List<String> why) {}

    static Profile measure(JobConfig job, long durationMillis, long bucketMillis, double factor) throws IOException {
        return measure(job, durationMillis, bucketMillis, factor, true);
    }

    /** @param fastPath false: the input's lines take the general path alone (the same figures: for comparing the two) */
    static Profile measure(JobConfig job, long durationMillis, long bucketMillis, double factor, boolean fastPath) throws IOException {
        JobInput input = new JobInput(job, durationMillis, fastPath);
        Measurements m = new Measurements(bucketMillis);
        long start = input.startClock();
        try (EmissionLog log = new EmissionLog()) {
            input.read(Emissions.both(m, log));
            JobInput.Counts c = input.counts();
            DisorderProfile all = m.overall();
            List<String> warnings = new ArrayList<>();
            if (all.count() == 0) {
                return new Profile(job.name(), Figures.Reading.of(job, input, 0, m), Figures.Distribution.of(all.disorder()), null,
                        List.of(), bucketMillis, List.of(), outliers(c, m), List.of(), null,
                        List.of("no record was accepted: nothing to measure (see the dead letters)"));
            }
            Advice advice = Advice.of(m, factor, job.eventTime().maxFuture().toMillis());
            Long idleness = job.watermark().idleness() == null ? null : job.watermark().idleness().toMillis();
            List<Candidate.Spec> specs = new ArrayList<>();
            for (long b : grid(all, advice.boundMs(), job.watermark().boundMillis())) {
                specs.add(new Candidate.Spec(b, job.allowedLateness().toMillis(), idleness));
            }
            Candidate.Spec expected = new Candidate.Spec(advice.boundMs(), 0, advice.idlenessMs());
            Candidate.Spec covering = new Candidate.Spec(advice.boundMs(), advice.coveringLatenessMs(), advice.idlenessMs());
            specs.add(expected);
            specs.add(covering);
            Simulation sim = new Simulation(job, specs, start);
            log.replay(sim);
            List<Figures.Outcome> grid = new ArrayList<>();
            for (Candidate cand : sim.candidates().subList(0, specs.size() - 2)) {
                grid.add(Figures.Outcome.of(cand));
            }
            int n = sim.candidates().size();
            Recommendation r = new Recommendation(advice.boundMs(), Show.duration(advice.boundMs()), advice.quantile(), factor,
                    advice.quantileMs(), advice.idlenessMs(), Show.duration(advice.idlenessMs()), 0, advice.coveringLatenessMs(),
                    advice.maxFutureMs(), Show.duration(advice.maxFutureMs()), Figures.Outcome.of(sim.candidates().get(n - 2)),
                    Figures.Outcome.of(sim.candidates().get(n - 1)), advice.why());
            warnings(job, m, all, warnings);
            List<Figures.Split> splits = new ArrayList<>();
            for (Measurements.Split s : m.splits().values()) {
                splits.add(new Figures.Split(s.name, s.profile.count(), Figures.Distribution.of(s.profile.disorder()),
                        s.profile.delay().isEmpty() ? null : Figures.Distribution.of(s.profile.delay()),
                        s.gaps.valueAtQuantile(0.99), s.gaps.max(), List.copyOf(s.longest)));
            }
            return new Profile(job.name(), Figures.Reading.of(job, input, grid.get(0).noWindow(), m), Figures.Distribution.of(all.disorder()),
                    all.delay().isEmpty() ? null : Figures.Distribution.of(all.delay()), splits, bucketMillis, buckets(m),
                    outliers(c, m), grid, r, warnings);
        }
    }

    /** 0, the disorder's quantiles and maximum, the recommendation and the job's bound, rounded up to two digits. */
    static List<Long> grid(DisorderProfile all, long recommended, long jobBound) {
        TreeSet<Long> g = new TreeSet<>();
        g.add(0L);
        for (double q : Figures.QUANTILES) {
            g.add(DisorderProfile.roundUp(all.disorder().valueAtQuantile(q)));
        }
        g.add(DisorderProfile.roundUp(all.disorder().max()));
        g.add(recommended);
        g.add(jobBound);
        return new ArrayList<>(g);
    }

    private static Figures.Outliers outliers(JobInput.Counts c, Measurements m) {
        long far = c.deadLetters.getOrDefault(io.tidemark.cli.data.DeadLetter.TOO_FAR_AHEAD, 0L);
        long unit = c.deadLetters.getOrDefault(io.tidemark.cli.data.DeadLetter.WRONG_UNIT, 0L);
        return new Figures.Outliers(far, c.largestRejectedJump == Long.MIN_VALUE ? null : c.largestRejectedJump, c.rejectedExample,
                unit, c.wrongUnitExample, List.copyOf(m.jumps()));
    }

    private static List<Figures.Bucket> buckets(Measurements m) {
        List<Figures.Bucket> out = new ArrayList<>();
        Measurements.Bucket[] b = m.buckets();
        for (int i = 0; i < b.length; i++) {
            long from = i * m.bucketMillis();
            boolean delay = !b[i].delay.isEmpty();
            out.add(new Figures.Bucket(String.format(java.util.Locale.ROOT, "%02d:%02d", from / 3_600_000, from / 60_000 % 60),
                    b[i].disorder.count(), b[i].disorder.valueAtQuantile(0.5), b[i].disorder.valueAtQuantile(0.99),
                    b[i].disorder.max(), delay ? b[i].delay.valueAtQuantile(0.5) : null, delay ? b[i].delay.valueAtQuantile(0.99) : null));
        }
        return out;
    }

    private static void warnings(JobConfig job, Measurements m, DisorderProfile all, List<String> warnings) {
        long span = m.highest() - m.lowest();
        if (span < Measurements.DAY) {
            warnings.add("the profile covers " + Show.human(span) + " of event time, less than 24 h: peak and valley may "
                    + "not both be in it (seeds/003 §4.3: profile at least a day)");
        }
        if (all.count() < 10_000) {
            warnings.add("only " + all.count() + " records: the P99 rests on the " + Math.max(1, all.count() / 100)
                    + " farthest of them");
        }
        if (!job.source().replay() && !job.source().spec().live() && !m.arrivals()) {
            warnings.add("no arrival times: delay is not measured, and processing time is taken as the data's own clock "
                    + "(records arriving as they happen); set source.arrival-time-field for a replay's exact figures");
        }
        if (!job.source().replay() && !job.watermark().perEvent() && !job.source().spec().live()) {
            warnings.add("tidemark run on this file emits periodic watermarks on the wall clock, which the data does not "
                    + "follow, so its late records can differ from run to run; the figures here are those of the data arriving "
                    + "at its own pace");
        }
    }
}
