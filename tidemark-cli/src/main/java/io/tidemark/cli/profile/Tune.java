package io.tidemark.cli.profile;

import io.tidemark.cli.config.JobConfig;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code tidemark tune}: the what-if. One pass over the job's source; every candidate (bound × allowed
 * lateness) simulated side by side on what the source emits ({@link Simulation}), with the job's
 * idleness, windows and emission. Names the smallest bound within the late-share budget and the largest
 * within the firing-delay budget (P99), or says that none satisfies both and by how much.
 */
record Tune(String job, Figures.Reading reading, List<Figures.Outcome> candidates, Double maxLateShare, Long maxDelayMs,
        Verdict verdict, List<String> warnings) {

    /** The budgets' answer: bounds in ms (null: none), and the sentence that says it. */
    record Verdict(Long smallestWithinLateShareMs, Long largestWithinDelayMs, Boolean bothMet, String text) {}

    static Tune run(JobConfig job, List<Long> bounds, List<Long> latenesses, Double maxLateShare, Long maxDelayMs, long durationMillis)
            throws IOException {
        return run(job, bounds, latenesses, maxLateShare, maxDelayMs, durationMillis, true);
    }

    /** @param fastPath false: the input's lines take the general path alone (the same figures: for comparing the two) */
    static Tune run(JobConfig job, List<Long> bounds, List<Long> latenesses, Double maxLateShare, Long maxDelayMs, long durationMillis,
            boolean fastPath) throws IOException {
        Long idleness = job.watermark().idleness() == null ? null : job.watermark().idleness().toMillis();
        List<Candidate.Spec> specs = new ArrayList<>();
        for (long l : latenesses) {
            for (long b : bounds) {
                specs.add(new Candidate.Spec(b, l, idleness));
            }
        }
        JobInput input = new JobInput(job, durationMillis, fastPath);
        Simulation sim = new Simulation(job, specs, input.startClock());
        input.read(sim);
        List<Figures.Outcome> outcomes = new ArrayList<>();
        for (Candidate c : sim.candidates()) {
            outcomes.add(Figures.Outcome.of(c));
        }
        Figures.Reading reading = Figures.Reading.of(job, input, outcomes.isEmpty() ? 0 : outcomes.get(0).noWindow(), null);
        List<String> warnings = new ArrayList<>();
        if (!job.source().replay() && !job.watermark().perEvent() && !job.source().spec().live()) {
            warnings.add("no arrival times: processing time is taken as the data's own clock (records arriving as they happen); "
                    + "tidemark run on this file emits periodic watermarks on the wall clock, so its late records can differ "
                    + "(set source.arrival-time-field, or watermark.emit: per-event, for a run these figures equal exactly)");
        }
        return new Tune(job.name(), reading, outcomes, maxLateShare, maxDelayMs, verdict(outcomes, maxLateShare, maxDelayMs), warnings);
    }

    static Verdict verdict(List<Figures.Outcome> outcomes, Double maxLateShare, Long maxDelayMs) {
        if (maxLateShare == null && maxDelayMs == null) {
            return new Verdict(null, null, null, "give --max-late-share and/or --max-delay to have a bound chosen");
        }
        Figures.Outcome smallest = null;
        Figures.Outcome largest = null;
        for (Figures.Outcome o : outcomes) {
            if (maxLateShare != null && o.lateShare() <= maxLateShare && (smallest == null || o.boundMs() < smallest.boundMs())) {
                smallest = o;
            }
            if (maxDelayMs != null && delay(o) <= maxDelayMs && (largest == null || o.boundMs() > largest.boundMs())) {
                largest = o;
            }
        }
        List<String> parts = new ArrayList<>();
        if (maxLateShare != null) {
            parts.add(smallest == null ? "no candidate keeps late records within " + Show.percent(maxLateShare) + " (the best: "
                    + best(outcomes) + ")"
                    : "the smallest bound within " + Show.percent(maxLateShare) + " late: " + label(smallest) + " ("
                            + Show.percent(smallest.lateShare()) + ")");
        }
        if (maxDelayMs != null) {
            parts.add(largest == null ? "no candidate fires within " + Show.duration(maxDelayMs) + " (P99)"
                    : "the largest bound firing within " + Show.duration(maxDelayMs) + " (P99): " + label(largest) + " (P99 "
                            + Show.human(delay(largest)) + ")");
        }
        Boolean both = null;
        if (maxLateShare != null && maxDelayMs != null) {
            both = smallest != null && largest != null && smallest.boundMs() <= largest.boundMs()
                    && delay(smallest) <= maxDelayMs;
            if (both) {
                parts.add("both budgets hold for " + Show.duration(smallest.boundMs()) + " to " + Show.duration(largest.boundMs())
                        + ": " + Show.duration(smallest.boundMs()) + " fires soonest, " + Show.duration(largest.boundMs())
                        + " loses fewest");
            } else if (smallest != null && largest != null) {
                parts.add("none satisfies both: at " + label(smallest) + " the firing delay P99 is " + Show.human(delay(smallest)) + ", "
                        + Show.human(delay(smallest) - maxDelayMs) + " over --max-delay; at " + label(largest) + " "
                        + Show.percent(largest.lateShare()) + " are late, " + Show.percent(largest.lateShare() - maxLateShare)
                        + " over --max-late-share");
            } else {
                parts.add("none satisfies both");
            }
        }
        return new Verdict(smallest == null ? null : smallest.boundMs(), largest == null ? null : largest.boundMs(), both,
                String.join("; ", parts));
    }

    private static long delay(Figures.Outcome o) {
        return o.firingDelayP99Ms() == null ? 0 : o.firingDelayP99Ms();
    }

    private static String label(Figures.Outcome o) {
        return o.bound() + (o.latenessMs() > 0 ? " with allowed-lateness " + Show.duration(o.latenessMs()) : "");
    }

    private static String best(List<Figures.Outcome> outcomes) {
        Figures.Outcome b = null;
        for (Figures.Outcome o : outcomes) {
            if (b == null || o.lateShare() < b.lateShare()) {
                b = o;
            }
        }
        return b == null ? "none" : label(b) + ", " + Show.percent(b.lateShare());
    }

    String text() {
        StringBuilder sb = new StringBuilder();
        sb.append("tidemark tune: ").append(job).append(" — ").append(reading.source()).append('\n');
        sb.append(String.format(java.util.Locale.ROOT, "%-11s %s%n", "read", reading.lines() + " lines: " + reading.records() + " records, "
                + ProfileText.deadLetters(reading.deadLetterTotal(), reading.deadLetters())));
        sb.append(String.format(java.util.Locale.ROOT, "%-11s %s%n", "clock", reading.clock()));
        sb.append('\n').append("candidates  (one pass; each simulated with the engine's rules: late counts are those of tidemark run)\n");
        sb.append(ProfileText.outcomes(candidates));
        sb.append('\n').append(verdict.text()).append('\n');
        ProfileText.appendWarnings(sb, warnings);
        return sb.toString();
    }
}
