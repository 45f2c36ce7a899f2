package io.tidemark.cli.job;

import java.io.PrintStream;

/** A one-line progress bar for file inputs, redrawn a few times a second on a terminal. */
final class Progress {

    private static final int WIDTH = 30;

    private Progress() {}

    static Thread start(RunStats stats, long totalBytes, PrintStream err) {
        Thread t = new Thread(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    draw(stats, totalBytes, err);
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
        err.print("\r" + " ".repeat(WIDTH + 40) + "\r");
        err.flush();
    }

    private static void draw(RunStats stats, long total, PrintStream err) {
        SourceCounts c = stats.source();
        long done = Math.min(c.bytes(), total);
        double f = total <= 0 ? 1 : (double) done / total;
        int filled = (int) Math.round(f * WIDTH);
        err.print("\r[" + "#".repeat(filled) + "-".repeat(WIDTH - filled) + "] "
                + String.format("%3d%%", Math.round(f * 100)) + "  " + c.lines() + " lines");
        err.flush();
    }
}
