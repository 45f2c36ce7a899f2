package io.tidemark.cli.job;

import io.tidemark.core.execution.JobClient;
import java.util.function.Consumer;

/**
 * The command's hold on the run in progress, for its signal handler: {@link #stop} asks the source to
 * stop reading, so that the job ends (outputs end in complete lines; the windows still open are not
 * written, or with {@code --drain} written marked DRAINED: {@link RunContext#stops}) and the run ends
 * with a summary. A stop that comes before the source has linked is delivered when it links.
 */
public final class RunControl {

    private Runnable stopSources;
    private Consumer<Throwable> onFatal;
    private Consumer<JobClient> watcher;
    private String stoppedBy;
    /** Read by the link threads without the lock: a stop holds it while it tells the source. */
    private volatile boolean cutsWindows;
    private int exitCode;
    private String howItStops = ENDS;

    private static final String ENDS = "the source stops reading; windows still open are not written (run --drain writes "
            + "them, marked DRAINED); then the summary";

    /**
     * Stops the run; {@code why} is how the summary names it (e.g. {@code SIGTERM}), {@code exitCode}
     * the command's exit code then. Returns whether a run was in progress to stop.
     */
    public boolean stop(String why, int exitCode) {
        return stop(why, exitCode, true);
    }

    /**
     * Ends the run's input because it is complete ({@code why}: how the summary names it), with exit code 0:
     * unlike {@link #stop}, the windows still open then fire as final results, as at the input's end (the
     * Kafka demo, once every order it wrote was read). Returns whether a run was in progress.
     */
    public boolean endInput(String why) {
        return stop(why, 0, false);
    }

    /** The first stop decides how the run ended ({@code cuts}: a signal's, before the source is told). */
    private synchronized boolean stop(String why, int exitCode, boolean cuts) {
        if (stoppedBy == null) {
            stoppedBy = why;
            this.exitCode = exitCode;
            cutsWindows = cuts;
        }
        if (stopSources != null) {
            stopSources.run();
            return true;
        }
        return false;
    }

    /** Whether a stop cut the windows still open short (a signal's), as opposed to {@link #endInput}. */
    boolean cutsWindows() {
        return cutsWindows;
    }

    /** What a stop does to the run in progress, for the signal handler's message. */
    public synchronized String howItStops() {
        return howItStops;
    }

    /** The run in progress stops at a checkpoint (instead of draining): on Flink, at the latest one it completed. */
    synchronized void stopsAtCheckpoint(boolean flink) {
        howItStops = flink ? "the Flink job is cancelled; its latest completed checkpoint is kept for the next run to resume "
                + "from, then the summary" : "a checkpoint is taken and kept for the next run to resume from, then the summary";
    }

    /** The run in progress drains at a stop: the windows still open are written, marked DRAINED. */
    synchronized void drains() {
        howItStops = "the source stops reading; windows still open are written, marked DRAINED (incomplete); then the summary";
    }

    synchronized void bind(Runnable stopSources, Consumer<Throwable> onFatal) {
        this.stopSources = stopSources;
        this.onFatal = onFatal;
        if (stoppedBy != null) {
            stopSources.run();
        }
    }

    synchronized void unbind() {
        howItStops = ENDS;
        stopSources = null;
        onFatal = null;
    }

    /**
     * A JVM error (out of memory, …) in a thread the engine does not watch: the run in progress fails
     * (its outputs are put back). Returns whether a run was in progress.
     */
    public boolean fatal(Throwable error) {
        Consumer<Throwable> f;
        synchronized (this) {
            f = onFatal;
        }
        if (f == null) {
            return false;
        }
        f.accept(error);
        return true;
    }

    /**
     * Lets {@code watcher} see the job of the next run on the embedded engine as soon as it started
     * (its live metrics: the Kafka demo prints each partition's watermark). Called on the run's thread.
     */
    public synchronized void watch(Consumer<JobClient> watcher) {
        this.watcher = watcher;
    }

    synchronized void started(JobClient job) {
        if (watcher != null) {
            watcher.accept(job);
        }
    }

    /** What stopped the run, or null. */
    public synchronized String stoppedBy() {
        return stoppedBy;
    }

    /** The exit code a stop asked for (0 if none). */
    public synchronized int exitCode() {
        return exitCode;
    }
}
