package io.tidemark.cli.job;

import io.tidemark.core.execution.JobClient;
import io.tidemark.runtime.tasks.LocalJob;
import java.io.PrintStream;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The command's stop (Ctrl-C, SIGTERM) of a job that takes checkpoints: instead of ending the input and
 * firing every open window (which would end the job, with nothing left to resume), it takes a
 * checkpoint at once, waits for every link to commit it (at most {@link #COMMIT_MILLIS}), then cancels
 * the job. The outputs then hold exactly what that checkpoint committed, and the next run resumes from
 * it. A stop before the job started takes effect as soon as it has; a stop when the job is ending
 * anyway (its input read) lets it end.
 *
 * <p>On Flink, whose job client cannot trigger a checkpoint, the stop cancels the job at once: Flink
 * retains its latest completed checkpoint on cancel, and that one, {@link #stoppedAt}, is what the next
 * run resumes from (what the outputs staged after it is discarded then). A stop before any checkpoint
 * completed leaves none: the next run starts from the beginning.
 */
final class CheckpointStop {

    /** How long the stop waits for a checkpoint to complete. */
    static final long CHECKPOINT_MILLIS = 120_000;
    /** How long it then waits for the links to commit it (they would be committed by the next run otherwise). */
    static final long COMMIT_MILLIS = 10_000;

    private final RunContext run;
    private final int links;
    private final PrintStream err;
    /** On Flink: the latest retained checkpoint's id (-1 if none); null on the embedded engine. */
    private final java.util.function.LongSupplier retained;
    private JobClient client;
    private boolean requested;
    private volatile long stoppedAt = -1;

    CheckpointStop(RunContext run, int links, PrintStream err, java.util.function.LongSupplier retained) {
        this.run = run;
        this.links = links;
        this.err = err;
        this.retained = retained;
    }

    /** The command was asked to stop. */
    synchronized void request() {
        if (requested) {
            return;
        }
        requested = true;
        if (client != null) {
            begin();
        }
    }

    /** The job started. */
    synchronized void started(JobClient c) {
        client = c;
        if (requested) {
            begin();
        }
    }

    /** The stop cancelled the Flink job. */
    private volatile boolean cancelled;

    /**
     * The checkpoint the run stopped at, or -1 (not stopped, or the job ended on its own first); on
     * Flink, once the cancelled job ended: the latest it retained (-1 if none completed).
     */
    long stoppedAt() {
        return retained != null ? (cancelled ? retained.getAsLong() : -1) : stoppedAt;
    }

    private void begin() {
        JobClient c = client;
        Thread t = new Thread(() -> stop(c), "tidemark-stop-at-checkpoint");
        t.setDaemon(true);
        t.start();
    }

    private void stop(JobClient c) {
        if (retained != null) {
            err.println("tidemark: stopping: cancelling the Flink job, which keeps its latest completed checkpoint");
            cancelled = true;
            try {
                c.cancel();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return;
        }
        if (!(c instanceof LocalJob job)) {
            return;
        }
        err.println("tidemark: stopping: taking a checkpoint to resume from");
        long deadline = System.nanoTime() + CHECKPOINT_MILLIS * 1_000_000L;
        String said = null;
        while (System.nanoTime() < deadline && job.getJobStatus().ordinal() <= io.tidemark.api.common.JobStatus.RUNNING.ordinal()) {
            try {
                long id = job.triggerCheckpoint().get(CHECKPOINT_MILLIS, TimeUnit.MILLISECONDS);
                run.awaitCommitted(id, links, COMMIT_MILLIS);
                stoppedAt = id;
                job.cancel();
                return;
            } catch (ExecutionException e) {
                String m = String.valueOf(e.getCause() == null ? e : e.getCause().getMessage());
                if (m.contains("is ending")) {
                    return; // the input is read: the job ends with its final checkpoint
                }
                if (!m.contains("under way") && !m.contains("not running yet") && !m.equals(said)) {
                    err.println("tidemark: the checkpoint to stop at failed (" + m + "); trying again");
                    said = m;
                }
                java.util.concurrent.locks.LockSupport.parkNanos(10_000_000L); // the one under way completes first
            } catch (TimeoutException e) {
                err.println("tidemark: no checkpoint completed within " + CHECKPOINT_MILLIS / 1000 + " s; stopping without one");
                break;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        try {
            job.cancel();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
