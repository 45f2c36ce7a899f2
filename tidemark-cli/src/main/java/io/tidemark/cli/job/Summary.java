package io.tidemark.cli.job;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The run summary printed at the end of {@code run} and {@code demo}. On Flink the figures Flink does
 * not report to the command say so ("n/a on flink") instead of being estimated.
 */
public final class Summary {

    static final String NA_FLINK = "n/a on flink";
    static final String NA_REMOTE = "n/a on a remote flink cluster (counted on the TaskManagers)";

    private Summary() {}

    public static String format(RunReport r) {
        Engine engine = r.engine() == null ? Engine.EMBEDDED : r.engine();
        List<String[]> rows = new ArrayList<>();
        if (engine.flink()) {
            rows.add(row("engine", engine.toString()));
        }
        if (r.linesRead() == RunReport.UNKNOWN) {
            rows.add(row("records read", NA_REMOTE + "; records the source emitted: " + r.accepted()));
        } else {
            rows.add(row("records read", r.linesRead() + (r.blankLines() > 0 ? " (blank lines skipped: " + r.blankLines() + ")" : "")));
        }
        if (r.onTime() == RunReport.UNKNOWN) {
            rows.add(row("window results", r.results() + " (on-time / late re-firings / windows: " + NA_REMOTE + ")"));
        } else {
            rows.add(row("window results", r.results() + " (on-time " + r.onTime() + ", late re-firings " + r.lateFirings()
                    + (r.early() > 0 ? ", early " + r.early() : "") + ") for " + r.windows() + " windows"));
        }
        rows.add(row("late records", Long.toString(r.lateRecords())
                + (r.lateDropped() > 0 ? " (and " + r.lateDropped() + " dropped)" : "")));
        if (r.deadLetterTotal() == RunReport.UNKNOWN) {
            rows.add(row("dead letters", NA_REMOTE));
        } else {
            StringBuilder dl = new StringBuilder(Long.toString(r.deadLetterTotal()));
            if (!r.deadLetters().isEmpty()) {
                List<String> parts = new ArrayList<>();
                for (Map.Entry<String, Long> e : r.deadLetters().entrySet()) {
                    parts.add(e.getKey() + " " + e.getValue());
                }
                dl.append(" (").append(String.join(", ", parts)).append(')');
            }
            rows.add(row("dead letters", dl.toString()));
        }
        if (engine.flink()) {
            rows.add(row("final watermark", NA_FLINK));
            rows.add(row("max watermark lag", NA_FLINK));
        } else {
            rows.add(row("final watermark", watermark(r.finalWatermark())));
            rows.add(row("max watermark lag", r.maxWatermarkLag() < 0 ? "n/a" : r.maxWatermarkLag() + " ms"));
        }
        rows.add(row("wall time", String.format(java.util.Locale.ROOT, "%.3f s", r.wallMillis() / 1000.0)));
        long counted = r.linesRead() == RunReport.UNKNOWN ? r.accepted() : r.linesRead();
        rows.add(row("events/s", String.format(java.util.Locale.ROOT, "%.0f",
                r.wallMillis() <= 0 ? counted * 1000.0 : counted * 1000.0 / r.wallMillis())));
        String inWindows = r.windowType() == io.tidemark.cli.config.JobConfig.WindowType.SLIDING
                ? " records in windows" : " in window results";
        if (r.linesRead() == RunReport.UNKNOWN) {
            rows.add(row("accounted", NA_REMOTE));
        } else {
            rows.add(row("accounted", r.linesRead() + " records read = " + r.recordsInWindowResults() + inWindows + " + "
                    + (r.lateRecords() + r.lateDropped()) + " late + " + r.deadLetterTotal() + " dead letters: "
                    + (r.accounted() ? "OK" : "MISMATCH")));
        }
        StringBuilder sb = new StringBuilder("Summary of '" + r.jobName() + "'\n");
        for (String[] row : rows) {
            sb.append(String.format("  %-18s %s%n", row[0], row[1]));
        }
        return sb.toString();
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
