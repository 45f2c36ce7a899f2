package io.tidemark.runtime.tasks;

import io.tidemark.runtime.checkpoint.CheckpointStorage;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.streaming.api.environment.CheckpointConfig;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Takes a job's checkpoints on the embedded engine.
 *
 * <p>Design: one checkpoint at a time. Every interval (or on {@link #triggerCheckpoint}) the
 * coordinator numbers a checkpoint and asks each running source task to snapshot and inject its
 * barrier under the task lock; the other tasks snapshot when the barrier has reached them on every
 * channel (aligned) and forward it. Each task acknowledges with the snapshots of its operators (byte
 * copies taken on its thread); a single writer thread writes them to {@code chk-N/} as they come, so
 * no task waits for the disk. When every task has acknowledged, the writer writes {@code _metadata}
 * (the checkpoint is now complete), deletes checkpoints beyond the retained ones, and every task hears
 * {@code notifyCheckpointComplete} on its own thread (sinks commit there).
 *
 * <p>Tasks that have finished their input take part with the snapshot they took at their end, and wait
 * (not closed) for the job's <i>final checkpoint</i>: when every task has finished, that snapshot set
 * is written as a checkpoint marked finished, and then every task hears its completion (sinks commit
 * their last output) and closes. A restore from a finished checkpoint only commits.
 *
 * <p>Failures: a checkpoint that cannot be written (full disk, unwritable directory) or times out is
 * aborted ({@code notifyCheckpointAborted} everywhere, alignments released); up to the configured
 * number of consecutive failures the job continues with a warning on standard error, one more fails
 * it, naming the checkpoint, the directory and the cause. Locks: a source task's lock is taken before
 * the coordinator's, never the other way round (triggering and notifying hold no coordinator lock).
 */
final class CheckpointCoordinator {

    /** One operator subtask's snapshot in an acknowledgement. */
    record Ack(String operator, int subtask, int parallelism, StateSnapshot snapshot) {}

    /** A task's side of checkpoints. */
    interface Participant {
        String getName();

        /**
         * Source tasks: takes the snapshot of the source and its chain and injects the barrier, under the
         * task lock; acknowledges through {@link #acknowledge}. Returns false if the task cannot take part
         * yet (not open).
         */
        default boolean triggerCheckpoint(long id, long timestamp) throws Exception {
            return true;
        }

        /** Runs {@code action} on the task's thread (or under its lock), soon. */
        void runInTask(TaskAction action);
    }

    /** An action on a task's operators. */
    @FunctionalInterface
    interface TaskAction {
        void run() throws Exception;
    }

    private final CheckpointConfig config;
    private final CheckpointStorage storage;
    private LocalJob job;
    private final List<Participant> sources = new ArrayList<>();
    private final List<Participant> all = new ArrayList<>();
    private final ExecutorService writer;
    /** Hands completions and aborts to the tasks, so that a busy source's lock never holds up the writer. */
    private final ExecutorService notifier;
    /** Final snapshots of the tasks that finished their input. */
    private final Map<Participant, List<Ack>> finished = new IdentityHashMap<>();
    private final CountDownLatch finalDone = new CountDownLatch(1);
    private volatile long finalId = -1;
    private volatile Throwable finalFailure;
    private long nextId;
    private Pending pending;
    private int consecutiveFailures;
    private volatile boolean stopped;
    private Thread timer;

    /** The checkpoint being taken. */
    private final class Pending {
        final long id;
        final long timestamp;
        final long startNanos = System.nanoTime();
        final Set<Participant> acked = new HashSet<>();
        final List<CompletableFuture<CheckpointStorage.Entry>> files = new ArrayList<>();
        final CompletableFuture<Long> result = new CompletableFuture<>();

        Pending(long id, long timestamp) {
            this.id = id;
            this.timestamp = timestamp;
        }
    }

    private final String jobName;

    CheckpointCoordinator(CheckpointConfig config, CheckpointStorage storage, String jobName, long firstId) {
        this.config = config;
        this.storage = storage;
        this.jobName = jobName;
        this.nextId = firstId;
        this.writer = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, jobName + "-checkpoint-writer");
            t.setDaemon(true);
            return t;
        });
        this.notifier = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, jobName + "-checkpoint-notifier");
            t.setDaemon(true);
            return t;
        });
    }

    void bind(LocalJob job) {
        this.job = job;
    }

    void add(Participant p, boolean source) {
        all.add(p);
        if (source) {
            sources.add(p);
        }
    }

    /** Whether checkpoints are taken periodically (else the job only restored, or triggers by hand). */
    boolean isPeriodic() {
        return config.isCheckpointingEnabled();
    }

    /** Starts the periodic trigger. */
    void start() {
        long interval = config.getCheckpointInterval() * 1_000_000L;
        Thread t = new Thread(() -> {
            long next = System.nanoTime() + interval;
            while (!stopped) {
                long wait = next - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(Math.min(wait, 100_000_000L));
                    checkTimeout();
                    continue;
                }
                next += interval;
                if (next - System.nanoTime() < 0) {
                    next = System.nanoTime() + interval; // a slow checkpoint: no burst of triggers after it
                }
                triggerCheckpoint();
            }
        }, jobName + "-checkpoint-timer");
        t.setDaemon(true);
        timer = t;
        t.start();
    }

    /**
     * Stops triggering and the writer (the job has ended, failed or is being cancelled). A checkpoint
     * under way never completes now (its metadata is not written): its future fails at once.
     */
    void stop() {
        Pending p;
        synchronized (this) {
            stopped = true;
            p = pending;
            pending = null;
        }
        if (p != null) {
            p.result.completeExceptionally(new IllegalStateException("checkpoint " + p.id
                    + " did not complete: the job ended, failed or was cancelled first"));
        }
        Thread t = timer;
        if (t != null) {
            LockSupport.unpark(t);
        }
        writer.shutdown();
        notifier.shutdown();
    }

    /**
     * After {@link #stop}: waits until the writer has finished the snapshot files it was given, the
     * notifier its notifications and the periodic trigger its loop, at most {@code timeout}; returns
     * whether they have. A job counts as ended only then: a job started afterwards on the same
     * directory (a restart in this JVM) must not meet this one's writer still writing {@code chk-N}.
     */
    boolean awaitStopped(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        if (!writer.awaitTermination(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)
                || !notifier.awaitTermination(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
            return false;
        }
        Thread t = timer;
        if (t != null) {
            t.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000L));
            return !t.isAlive();
        }
        return true;
    }

    /**
     * Starts a checkpoint now, unless one is under way or the job is ending; the future completes with
     * its id when it is complete, exceptionally when it is aborted or cannot start.
     */
    CompletableFuture<Long> triggerCheckpoint() {
        Pending p;
        synchronized (this) {
            if (stopped || pending != null || finished.size() == all.size()) {
                return CompletableFuture.failedFuture(new IllegalStateException(
                        stopped || finished.size() == all.size() ? "the job is ending" : "checkpoint " + pending.id + " is under way"));
            }
            p = new Pending(nextId++, System.currentTimeMillis());
            pending = p;
            for (Map.Entry<Participant, List<Ack>> e : finished.entrySet()) {
                acknowledgeLocked(p, e.getKey(), e.getValue());
            }
        }
        for (Participant s : sources) {
            boolean ok;
            try {
                ok = s.triggerCheckpoint(p.id, p.timestamp);
            } catch (Throwable t) {
                abort(p.id, "source task " + s.getName() + " could not take its snapshot: " + t, true);
                return p.result;
            }
            if (!ok) {
                abort(p.id, "source task " + s.getName() + " is not running yet", false);
                return p.result;
            }
        }
        return p.result;
    }

    /** A task's snapshots for checkpoint {@code id}, taken on its thread. */
    synchronized void acknowledge(long id, Participant task, List<Ack> acks) {
        if (!stopped && pending != null && pending.id == id) {
            acknowledgeLocked(pending, task, acks);
        }
    }

    private void acknowledgeLocked(Pending p, Participant task, List<Ack> acks) {
        if (!p.acked.add(task)) {
            return;
        }
        for (Ack a : acks) {
            p.files.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return storage.writeSnapshot(p.id, a.operator(), a.subtask(), a.parallelism(), a.snapshot());
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }, writer));
        }
        if (p.acked.size() == all.size()) {
            writer.execute(() -> complete(p));
        }
    }

    /** On the writer thread: every file is written (the writer runs in order); writes the metadata. */
    private void complete(Pending p) {
        List<CheckpointStorage.Entry> entries = new ArrayList<>();
        try {
            for (CompletableFuture<CheckpointStorage.Entry> f : p.files) {
                entries.add(f.join());
            }
            if (stopped) {
                return; // the job was cancelled or failed: a checkpoint no longer completes
            }
            storage.writeMetadata(p.id, p.timestamp, false, entries);
            storage.retain(config.getNumRetainedCheckpoints());
        } catch (Throwable t) {
            Throwable cause = t instanceof java.util.concurrent.CompletionException && t.getCause() != null ? t.getCause() : t;
            abort(p.id, "it could not be written to " + storage.directory() + ": " + describe(cause), true);
            return;
        }
        synchronized (this) {
            if (pending != p) {
                return; // timed out meanwhile: aborted
            }
            pending = null;
            consecutiveFailures = 0;
        }
        for (Participant task : all) {
            tell(() -> task.runInTask(() -> notifyComplete(task, p.id)));
        }
        p.result.complete(p.id);
    }

    private void notifyComplete(Participant task, long id) throws Exception {
        if (task instanceof CheckpointParticipant c) {
            c.notifyCheckpointComplete(id);
        }
    }

    private void checkTimeout() {
        Pending p;
        synchronized (this) {
            p = pending;
        }
        if (p != null && System.nanoTime() - p.startNanos > config.getCheckpointTimeout() * 1_000_000L) {
            abort(p.id, "it did not complete within the timeout of " + config.getCheckpointTimeout() + " ms", true);
        }
    }

    /** Aborts checkpoint {@code id}; a failure counts against the tolerable number, a declined one does not. */
    private void abort(long id, String why, boolean failure) {
        Pending p;
        boolean fail = false;
        synchronized (this) {
            p = pending;
            if (p == null || p.id != id) {
                return;
            }
            pending = null;
            if (failure) {
                consecutiveFailures++;
                fail = consecutiveFailures > config.getTolerableCheckpointFailureNumber();
            }
        }
        String message = "checkpoint " + id + " failed: " + why;
        if (fail) {
            job.checkpointFailed(new IOException(message + " (tolerable checkpoint failures: "
                    + config.getTolerableCheckpointFailureNumber() + ")"));
            p.result.completeExceptionally(new IOException(message));
            return;
        }
        if (failure) {
            System.err.println("tidemark: " + message + "; the job continues without it (" + consecutiveFailures + " failed in a row, "
                    + config.getTolerableCheckpointFailureNumber() + " tolerated)");
        }
        p.result.completeExceptionally(new IOException(message));
        for (Participant task : all) {
            tell(() -> task.runInTask(() -> {
                if (task instanceof CheckpointParticipant c) {
                    c.notifyCheckpointAborted(id);
                }
            }));
        }
    }

    /**
     * {@code task} finished its input; {@code acks} is its final snapshot. It counts for the checkpoint
     * under way and every later one; when it is the last task, the final checkpoint is written.
     */
    void taskFinished(Participant task, List<Ack> acks) {
        boolean last;
        long id;
        synchronized (this) {
            if (stopped) {
                return; // cancelled or failed: the task is being stopped
            }
            finished.put(task, acks);
            if (pending != null) {
                acknowledgeLocked(pending, task, acks);
            }
            last = finished.size() == all.size();
            id = last ? nextId++ : -1;
        }
        if (last) {
            writer.execute(() -> writeFinal(id));
        }
    }

    private void writeFinal(long id) {
        try {
            List<Ack> all = new ArrayList<>();
            synchronized (this) {
                finished.values().forEach(all::addAll);
            }
            List<CheckpointStorage.Entry> entries = new ArrayList<>();
            for (Ack a : all) {
                entries.add(storage.writeSnapshot(id, a.operator(), a.subtask(), a.parallelism(), a.snapshot()));
            }
            storage.writeMetadata(id, System.currentTimeMillis(), true, entries);
            storage.retain(config.getNumRetainedCheckpoints());
            finalId = id;
        } catch (Throwable t) {
            String message = "the final checkpoint " + id + " could not be written to " + storage.directory() + ": " + describe(t);
            boolean tolerated;
            synchronized (this) {
                tolerated = ++consecutiveFailures <= config.getTolerableCheckpointFailureNumber();
            }
            if (tolerated) {
                System.err.println("tidemark: " + message + "; the job commits its last output anyway (checkpoint failures are "
                        + "tolerated), so a restore from an earlier checkpoint would repeat it");
                finalId = id;
            } else {
                finalFailure = new IOException(message + "; the job's last output is not committed", t);
            }
        } finally {
            finalDone.countDown();
        }
    }

    /**
     * Waits (on a finished task's thread) for the final checkpoint; returns its id. Throws if it could
     * not be written; interrupted when the job is cancelled or fails.
     */
    long awaitFinal() throws Exception {
        finalDone.await();
        if (finalFailure != null) {
            throw (Exception) finalFailure;
        }
        return finalId;
    }

    private void tell(Runnable r) {
        try {
            notifier.execute(r);
        } catch (java.util.concurrent.RejectedExecutionException ended) {
            // the job has ended: nobody is left to tell
        }
    }

    private static String describe(Throwable t) {
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getClass().getSimpleName() + ": " + t.getMessage();
    }

    /** What a task does when a checkpoint completes or is aborted (on its own thread). */
    interface CheckpointParticipant extends Participant {
        void notifyCheckpointComplete(long id) throws Exception;

        void notifyCheckpointAborted(long id) throws Exception;
    }
}
