package io.tidemark.cli.job;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The command's output flusher: a daemon thread that runs a flush step (the outputs whose records have
 * waited {@link RunContext#FLUSH_MILLIS}) every {@code periodMillis} until closed.
 *
 * <p>Closing never interrupts the thread: an interrupt during a write breaks outputs whose I/O is
 * interruptible — an embedded H2 database closes its file on {@code ClosedByInterruptException} and the
 * commit fails, failing a run that had nothing wrong. {@link #close} opens a latch the thread waits on
 * between steps and joins it, so a flush under way finishes first; the join waits at most
 * {@value #JOIN_MILLIS} ms (a flush that takes longer is still under way, holding its output's lock, and
 * the run's final commit of that output waits for it).
 */
final class OutputFlusher implements AutoCloseable {

    static final long JOIN_MILLIS = 5_000;

    private final CountDownLatch closed = new CountDownLatch(1);
    private final Thread thread;

    OutputFlusher(String name, long periodMillis, Runnable step) {
        thread = new Thread(() -> {
            try {
                while (!closed.await(periodMillis, TimeUnit.MILLISECONDS)) {
                    step.run();
                }
            } catch (InterruptedException e) {
                // only the JVM going down interrupts this thread
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Stops the steps; returns once a step under way has finished, or after {@value #JOIN_MILLIS} ms. */
    @Override
    public void close() {
        closed.countDown();
        try {
            thread.join(JOIN_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
