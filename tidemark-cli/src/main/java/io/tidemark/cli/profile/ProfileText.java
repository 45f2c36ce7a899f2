package io.tidemark.cli.profile;

import java.util.List;
import java.util.Map;

/** The text report of {@code tidemark profile}: what was read, the disorder, the grid, the recommendation. */
final class ProfileText {

    private ProfileText() {}

    static String format(Profile p) {
        StringBuilder sb = new StringBuilder();
        Figures.Reading r = p.reading();
        sb.append("tidemark profile: ").append(p.job()).append(" — ").append(r.source()).append('\n');
        sb.append(line("read", r.lines() + " lines: " + r.records() + " records, " + deadLetters(r.deadLetterTotal(), r.deadLetters())
                + (r.empty() > 0 ? ", " + r.empty() + " empty" : "") + (r.headers() > 0 ? ", " + r.headers() + " header" : "")));
        if (r.firstEventTime() != null) {
            sb.append(line("event time", Show.instant(r.firstEventTime()) + " … " + Show.instant(r.lastEventTime()) + " ("
                    + Show.human(r.eventTimeSpanMs()) + "), " + r.splits() + (r.splits() == 1 ? " split, " : " splits, ")
                    + r.keys() + (r.keys() == 1 ? " key" : " keys")));
        }
        sb.append(line("clock", r.clock()));
        if (p.recommendation() == null) {
            appendWarnings(sb, p.warnings());
            return sb.toString();
        }
        sb.append('\n');
        Figures.Distribution d = p.disorder();
        sb.append("disorder  (the split's highest event time so far − the record's: what the bound must cover)\n");
        sb.append("  ").append(d.count()).append(" records, ").append(Show.percent(d.aboveZeroShare())).append(" behind the highest before them\n");
        sb.append("  ").append(quantiles(d)).append('\n');
        if (p.delay() != null) {
            sb.append("delay  (arrival − event time)\n  ").append(quantiles(p.delay()));
            if (p.delay().negatives() > 0) {
                sb.append("   (").append(p.delay().negatives()).append(" arrived before their event time: counted as 0)");
            }
            sb.append('\n');
        }
        sb.append('\n').append("by time of day (UTC, ").append(Show.duration(p.bucketMs())).append(" buckets)\n");
        Table t = new Table("from", "records", "disorder p50", "p99", "max", "delay p50", "p99");
        for (Figures.Bucket b : p.byTimeOfDay()) {
            if (b.records() > 0) {
                t.row(b.from(), b.records(), Show.human(b.disorderP50Ms()), Show.human(b.disorderP99Ms()),
                        Show.human(b.disorderMaxMs()), b.delayP50Ms() == null ? null : Show.human(b.delayP50Ms()),
                        b.delayP99Ms() == null ? null : Show.human(b.delayP99Ms()));
            }
        }
        sb.append(t.format("  "));
        sb.append('\n').append("splits  (idle gaps: processing time without a record of the split)\n");
        Table s = new Table("split", "records", "disorder p99", "max", "delay p99", "gap p99", "longest gaps");
        for (Figures.Split x : p.splits()) {
            StringBuilder gaps = new StringBuilder();
            for (Measurements.Gap g : x.longestGaps()) {
                gaps.append(gaps.length() == 0 ? "" : ", ").append(Show.human(g.length()));
            }
            s.row(x.split(), x.records(), Show.human(x.disorder().p("p99")), Show.human(x.disorder().maxMs()),
                    x.delay() == null ? null : Show.human(x.delay().p("p99")), Show.human(x.gapP99Ms()), gaps);
        }
        sb.append(s.format("  "));
        appendOutliers(sb, p.outliers());
        sb.append('\n').append("late share by bound  (the job with only max-out-of-orderness changed; simulated with the engine's rules)\n");
        sb.append(outcomes(p.lateShareByBound()));
        appendRecommendation(sb, p.recommendation());
        appendWarnings(sb, p.warnings());
        return sb.toString();
    }

    static String outcomes(List<Figures.Outcome> outcomes) {
        Table t = new Table("bound", "lateness", "late", "late share", "windows", "re-firings", "firing delay p50", "p99",
                "peak open windows");
        for (Figures.Outcome o : outcomes) {
            t.row(o.bound(), Show.duration(o.latenessMs()), o.late(), Show.percent(o.lateShare()), o.windows(), o.reFirings(),
                    o.firingDelayP50Ms() == null ? null : Show.human(o.firingDelayP50Ms()),
                    o.firingDelayP99Ms() == null ? null : Show.human(o.firingDelayP99Ms()), o.peakOpenWindows());
        }
        return t.format("  ");
    }

    private static void appendOutliers(StringBuilder sb, Figures.Outliers o) {
        sb.append('\n').append("outliers\n");
        if (o.tooFarAhead() > 0) {
            sb.append("  ").append(o.tooFarAhead()).append(" too far ahead (kept out by the time guard)");
            if (o.largestRejectedJumpMs() != null) {
                sb.append(": the largest would have moved the watermark ").append(Show.human(o.largestRejectedJumpMs())).append(" at once");
            }
            sb.append('\n');
        }
        if (o.wrongUnit() > 0) {
            sb.append("  ").append(o.wrongUnit()).append(" in another unit (kept out by the unit check), e.g. ")
                    .append(o.wrongUnitExample()).append('\n');
        }
        if (!o.largestAcceptedJumps().isEmpty()) {
            Measurements.Jump j = o.largestAcceptedJumps().get(0);
            sb.append("  largest forward jump accepted: ").append(Show.human(j.jump())).append(" (split ").append(j.split())
                    .append(", to ").append(Show.instant(j.to())).append(")\n");
        }
        if (o.tooFarAhead() == 0 && o.wrongUnit() == 0 && o.largestAcceptedJumps().isEmpty()) {
            sb.append("  none\n");
        }
    }

    private static void appendRecommendation(StringBuilder sb, Profile.Recommendation r) {
        sb.append('\n').append("recommendation\n");
        sb.append("  watermark:\n    max-out-of-orderness: ").append(r.bound()).append("\n    idleness: ").append(r.idleness()).append('\n');
        sb.append("  allowed-lateness: 0s\n");
        sb.append("  event-time:\n    max-future: ").append(r.maxFuture()).append('\n');
        Figures.Outcome e = r.expected();
        sb.append("  expected: ").append(Show.percent(e.lateShare())).append(" late (").append(e.late()).append(" records), firing delay p50 ")
                .append(e.firingDelayP50Ms() == null ? "-" : Show.human(e.firingDelayP50Ms())).append(", p99 ")
                .append(e.firingDelayP99Ms() == null ? "-" : Show.human(e.firingDelayP99Ms())).append(", at most ")
                .append(e.peakOpenWindows()).append(" windows open\n");
        if (r.coveringLatenessMs() > 0) {
            Figures.Outcome c = r.withCoveringLateness();
            sb.append("  with allowed-lateness ").append(Show.duration(r.coveringLatenessMs())).append(": ").append(Show.percent(c.lateShare()))
                    .append(" late (").append(c.late()).append("), ").append(c.reFirings()).append(" re-firings, at most ")
                    .append(c.peakOpenWindows()).append(" windows open\n");
        }
        for (String w : r.why()) {
            sb.append("  ").append(w.startsWith("  ") ? "  " + w.strip() : "why: " + w).append('\n');
        }
    }

    static void appendWarnings(StringBuilder sb, List<String> warnings) {
        if (!warnings.isEmpty()) {
            sb.append('\n');
            for (String w : warnings) {
                sb.append("warning: ").append(w).append('\n');
            }
        }
    }

    static String quantiles(Figures.Distribution d) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Long> q : d.quantilesMs().entrySet()) {
            sb.append(q.getKey()).append(' ').append(Show.human(q.getValue())).append("   ");
        }
        return sb.append("max ").append(Show.human(d.maxMs())).toString();
    }

    static String deadLetters(long total, Map<String, Long> byReason) {
        if (total == 0) {
            return "0 dead letters";
        }
        StringBuilder sb = new StringBuilder().append(total).append(" dead letters (");
        boolean first = true;
        for (Map.Entry<String, Long> e : byReason.entrySet()) {
            sb.append(first ? "" : ", ").append(e.getKey()).append(' ').append(e.getValue());
            first = false;
        }
        return sb.append(')').toString();
    }

    private static String line(String label, String value) {
        return String.format(java.util.Locale.ROOT, "%-11s %s%n", label, value);
    }
}
