package io.tidemark.cli.job;

import io.tidemark.api.common.metrics.SubtaskMetrics;
import io.tidemark.core.execution.JobClient;
import io.tidemark.time.Clock;
import java.io.PrintStream;
import java.time.Instant;
import java.util.function.Supplier;

/**
 * A one-line progress display on a terminal, redrawn a few times a second: for a file a bar, and for
 * every source the lines read and the window operator's watermark, with its lag where the lag means
 * something (replay, or a live source).
 */
final class Progress {

    private static final int WIDTH = 30;
    /** The widest line drawn, to clear it. */
    private static final int LINE = 120;

    private Progress() {}

    /** Starts redrawing; {@code totalBytes} is the file's size, or -1 for a source without one. */
    static Thread start(RunStats stats, long totalBytes, Supplier<String> watermark, PrintStream err) {
        Thread t = new Thread(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    err.print("\r" + line(stats.source(), totalBytes, watermark.get()));
                    err.flush();
                    Thread.sleep(200);
                }
            } catch (InterruptedException e) {
                // stopped
            }
        }, "tidemark-progress");
        t.setDaemon(true);
        t.start();
        return t;
    }

    static void stop(Thread t, PrintStream err) {
        t.interrupt();
        try {
            t.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        err.print("\r" + " ".repeat(LINE) + "\r");
        err.flush();
    }

    /** The line: the bar (with a total), the lines read, the watermark text; padded to clear the last one. */
    static String line(SourceCounts c, long total, String watermark) {
        StringBuilder sb = new StringBuilder();
        if (total >= 0) {
            long done = Math.min(c.bytes(), total);
            double f = total == 0 ? 1 : (double) done / total;
            int filled = (int) Math.round(f * WIDTH);
            sb.append('[').append("#".repeat(filled)).append("-".repeat(WIDTH - filled)).append("] ")
                    .append(String.format("%3d%%", Math.round(f * 100))).append("  ");
        }
        sb.append(c.lines()).append(" lines");
        if (!watermark.isEmpty()) {
            sb.append("  ").append(watermark);
        }
        String s = sb.length() > LINE ? sb.substring(0, LINE) : sb.toString();
        return s + " ".repeat(LINE - s.length());
    }

    /**
     * The window operator's watermark (the minimum over its subtasks) and its lag, e.g.
     * {@code watermark 2024-01-01T08:04:59.999Z  lag 3.2 s}; empty before the job runs.
     */
    static String watermark(JobClient job, boolean lagMeans, Clock clock) {
        if (job == null) {
            return "";
        }
        long w = Long.MAX_VALUE;
        boolean any = false;
        for (SubtaskMetrics m : job.getMetrics()) {
            if (m.getOperatorName().equals(JobRunner.WINDOW_OPERATOR)) {
                w = Math.min(w, m.snapshot().get(SubtaskMetrics.CURRENT_INPUT_WATERMARK));
                any = true;
            }
        }
        if (!any || w == Long.MIN_VALUE) {
            return "watermark none yet";
        }
        if (w == Long.MAX_VALUE) {
            return "watermark end of input";
        }
        String s = "watermark " + Instant.ofEpochMilli(w);
        return lagMeans ? s + String.format("  lag %.1f s", (clock.currentTimeMillis() - w) / 1000.0) : s;
    }
}
