package io.tidemark.connector.jdbc;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Flushes a {@link JdbcWriter} whose oldest buffered row has waited the batch interval, from a daemon
 * thread that looks every interval (so a row waits at most twice the interval when records stop
 * coming). A failure of that flush is kept and thrown by the next {@link #check()}: the task thread
 * fails the job, not the timer thread.
 */
final class IntervalFlusher implements AutoCloseable {

    private final ScheduledExecutorService timer;
    private volatile RuntimeException failure;

    private IntervalFlusher(JdbcWriter<?> writer, long intervalMillis, String name) {
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "jdbc-flush " + name);
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(() -> {
            if (failure != null) {
                return;
            }
            try {
                writer.flushIfDue(System.currentTimeMillis());
            } catch (RuntimeException e) {
                failure = e;
            }
        }, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
    }

    /** A flusher for {@code writer}, or null when {@code options} flush by size only. */
    static IntervalFlusher start(JdbcWriter<?> writer, JdbcExecutionOptions options, String name) {
        return options.batchIntervalMillis() > 0 ? new IntervalFlusher(writer, options.batchIntervalMillis(), name) : null;
    }

    /** Throws the timer's flush failure, if any. */
    void check() {
        RuntimeException f = failure;
        if (f != null) {
            throw f;
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
