package io.tidemark.cli.job;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The run summary printed at the end of {@code run} and {@code demo}. */
public final class Summary {

    private Summary() {}

    public static String format(RunReport r) {
        RunReport.Counts c = r.counts();
        List<String[]> rows = new ArrayList<>();
        if (r.engine().flink()) {
            rows.add(row("engine", r.engine().toString()));
        }
        if (r.stoppedBy() != null && r.checkpoints() != null) {
            rows.add(row("stopped", "by " + r.stoppedBy() + " at a checkpoint (see checkpoints below)"));
        } else if (r.stoppedBy() != null) {
            rows.add(row("stopped", "by " + r.stoppedBy() + ": the source stopped reading; " + openWindows(c, r.sliding())));
        } else if (r.inputEnded() != null) {
            rows.add(row("input ended", r.inputEnded()));
        }
        List<String> skipped = new ArrayList<>();
        if (c.empty() > 0) {
            skipped.add(c.empty() + " empty");
        }
        if (c.headers() > 0) {
            skipped.add(c.headers() + " header");
        }
        rows.add(row("lines read", c.lines() + (skipped.isEmpty() ? "" : " (" + String.join(", ", skipped) + ", skipped)")));
        rows.add(row("window results", c.results() + " (on-time " + c.onTime() + ", late re-firings " + c.lateFirings()
                + (c.early() > 0 ? ", early " + c.early() : "") + (c.drained() > 0 ? ", drained " + c.drained() : "") + ") for "
                + c.windows() + " windows"));
        rows.add(row("late records", Long.toString(c.late())));
        StringBuilder dl = new StringBuilder(Long.toString(c.deadLetterTotal()));
        if (!c.deadLetters().isEmpty()) {
            List<String> parts = new ArrayList<>();
            for (Map.Entry<String, Long> e : c.deadLetters().entrySet()) {
                parts.add(e.getKey() + " " + e.getValue());
            }
            dl.append(" (").append(String.join(", ", parts)).append(')');
        }
        if (r.overDeadLetterLimit()) {
            dl.append(" — ").append(percent(r.deadLetterShare())).append(" of the records, more than dead-letter-limit ")
                    .append(percent(r.deadLetterLimit())).append(": exit code 3");
        }
        rows.add(row("dead letters", dl.toString()));
        r.outputNotes().forEach((output, note) -> rows.add(row(output, note)));
        RunReport.Watermarks w = r.watermarks();
        rows.add(row("final watermark", w.finalWatermark() == null ? w.finalNotShown() : watermark(w.finalWatermark())));
        rows.add(row("max watermark lag", w.maxLag() == null ? w.lagNotShown()
                : w.maxLag() < 0 ? "n/a (no watermark reached the windows)" : w.maxLag() + " ms (processing time − watermark)"));
        rows.add(row("wall time", String.format(Locale.ROOT, "%.3f s", r.wallMillis() / 1000.0)));
        long records = c.records() - r.recordsBefore(); // this run's
        rows.add(row("events/s", String.format(Locale.ROOT, "%.0f",
                r.wallMillis() <= 0 ? records * 1000.0 : records * 1000.0 / r.wallMillis())));
        StringBuilder acc = new StringBuilder();
        acc.append(c.lines()).append(" lines read = ").append(c.inWindows()).append(r.sliding() ? " records in windows" : " in window results")
                .append(" + ").append(c.late()).append(" late + ").append(c.deadLetterTotal()).append(" dead letters");
        if (c.empty() > 0) {
            acc.append(" + ").append(c.empty()).append(" empty");
        }
        if (c.headers() > 0) {
            acc.append(" + ").append(c.headers()).append(" header");
        }
        // as of a checkpoint, records may be held by the time guard or (not for sliding windows: they count
        // the records that reached a window) in open windows, both in the checkpoint
        boolean asOf = r.stoppedAt() >= 0;
        long held = asOf ? c.held() : 0;
        long open = asOf && !r.sliding() ? c.unaccounted() - held : r.sliding() ? 0 : c.inOpenWindows();
        if (held > 0) {
            acc.append(" + ").append(held).append(" held by the time guard");
        }
        if (asOf && !r.sliding()) {
            acc.append(" + ").append(open).append(" in open windows");
        } else if (open > 0) {
            acc.append(" + ").append(open).append(" in open windows (not written)");
        }
        boolean ok = open >= 0 && c.unaccounted() == held + open;
        acc.append(": ").append(ok ? "OK" : "MISMATCH");
        if (asOf && ok) {
            acc.append(" as of checkpoint ").append(r.stoppedAt()).append(held + open > 0 ? " (the next run accounts for the records in it)" : "");
        }
        if (r.checkpoints() != null) {
            rows.add(row("checkpoints", r.checkpoints()));
        }
        boolean cut = r.checkpoints() == null || r.stoppedBy() == null || asOf; // else: counts of a stop not at a checkpoint's barriers
        rows.add(row("accounted", cut ? acc.toString() : "n/a: the counts are not those of a checkpoint"));
        if (r.warning() != null) {
            rows.add(row("warning", r.warning()));
        }
        StringBuilder sb = new StringBuilder("Summary of '" + r.jobName() + "'\n");
        for (String[] row : rows) {
            sb.append(String.format("  %-18s %s%n", row[0], row[1]));
        }
        return sb.toString();
    }

    /** What a stop did to the windows still open (a sliding window's records are in several: not counted). */
    private static String openWindows(RunReport.Counts c, boolean sliding) {
        if (c.drained() > 0) {
            return plural(c.drained(), "window") + " still open written with timing DRAINED (incomplete: their records so far)";
        }
        if (c.openWindows() > 0) {
            return plural(c.openWindows(), "window") + " still open not written" + (c.inOpenWindows() > 0 && !sliding ? " ("
                    + plural(c.inOpenWindows(), "record") + ")" : "") + ": they were incomplete (run --drain writes them, timing DRAINED)";
        }
        return "every line read is accounted for";
    }

    private static String plural(long n, String thing) {
        return n + " " + thing + (n == 1 ? "" : "s");
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f%%", share * 100).replace(".0%", "%");
    }

    private static String[] row(String name, String value) {
        return new String[] {name, value};
    }

    static String watermark(long w) {
        if (w == Long.MIN_VALUE) {
            return "none (no watermark before the end of input)";
        }
        return w + " (" + Instant.ofEpochMilli(w) + ")";
    }
}
