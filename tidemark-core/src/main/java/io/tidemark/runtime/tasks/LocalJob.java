package io.tidemark.runtime.tasks;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.JobID;
import io.tidemark.api.common.JobStatus;
import io.tidemark.api.common.metrics.SubtaskMetrics;
import io.tidemark.core.execution.JobClient;
import io.tidemark.core.execution.JobExecutionException;
import io.tidemark.runtime.metrics.OperatorMetrics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * A job running inside this JVM: one thread per task. The first failure — any exception or error of
 * any task or timer thread, {@link OutOfMemoryError} and {@link StackOverflowError} included — cancels
 * every other task; the job ends when every task thread has ended, so failure and cancellation leave no
 * threads behind.
 *
 * <p>Failing must work when memory has run out and stays out (the state that filled the heap is still
 * there): recording a failure and counting a task as finished allocate nothing; a finished task is
 * dropped (with the operator state it holds, once its thread has ended); and a reserve of
 * {@value #RESERVE_BYTES} bytes, held from the start, is released at the first failure, so that what
 * follows (cancelling, building the error, the caller printing it) has room. A task thread that does not
 * stop within {@link #CANCEL_TIMEOUT} of a failure (user code ignoring interrupts) no longer delays the
 * result: {@link #getJobExecutionResult} throws anyway and names it (task threads are daemons).
 *
 * <p>Task threads wait at a start gate until all of them are started (and the periodic checkpoints
 * scheduled): the caller of {@link #start} allocates while it starts threads, and must not meet a heap
 * that a task already filled. A failure to start (no memory, no native thread) fails the job.
 */
public final class LocalJob implements JobClient {

    /** How long after a failure the result waits for the remaining task threads to stop. */
    static final Duration CANCEL_TIMEOUT = Duration.ofSeconds(10);
    /** Heap kept in reserve for failing after an {@link OutOfMemoryError}. */
    static final int RESERVE_BYTES = 1 << 20;

    private final JobID id;
    private final String name;
    private final List<SubtaskMetrics> metrics;
    private final Task[] tasks;
    private final String[] taskNames;
    private final Thread[] threads;
    private int numTasks;
    /** Tasks not finished yet; guarded by this. */
    private int running;
    private volatile JobStatus status = JobStatus.CREATED;
    private volatile Throwable failure;
    private String failedTask;
    private long failureNanos;
    private volatile boolean cancelled;
    private long startNanos;
    private volatile long endNanos;
    @SuppressWarnings("unused")
    private byte[] reserve = new byte[RESERVE_BYTES];
    /** Takes the job's checkpoints; null when checkpointing is off. */
    private CheckpointCoordinator coordinator;
    /** The checkpoint the job was restored from, or -1. */
    private long restoredCheckpoint = -1;

    void setCheckpointing(CheckpointCoordinator coordinator, long restoredFrom) {
        this.coordinator = coordinator;
        this.restoredCheckpoint = restoredFrom;
    }

    /** The id of the checkpoint this job was restored from, or -1 for a fresh start. */
    public long getRestoredCheckpointId() {
        return restoredCheckpoint;
    }

    /**
     * Takes a checkpoint now (besides the periodic ones); completes with its id once it is complete
     * (every snapshot and its metadata written), exceptionally if it is aborted or cannot start (one is
     * under way; the job is ending; checkpointing is off).
     */
    public java.util.concurrent.CompletableFuture<Long> triggerCheckpoint() {
        CheckpointCoordinator c = coordinator;
        if (c == null) {
            return java.util.concurrent.CompletableFuture.failedFuture(new IllegalStateException("checkpointing is off for job '" + name + "'"));
        }
        return c.triggerCheckpoint();
    }

    /** Checkpoints failed more often than tolerated: fails the job like a task failure. */
    synchronized void checkpointFailed(Throwable t) {
        if (failure == null && !cancelled) {
            fail(t, -1);
        }
    }

    LocalJob(JobID id, String name, List<OperatorMetrics> metrics, int numTasks) {
        this.id = id;
        this.name = name;
        this.metrics = List.copyOf(metrics);
        this.tasks = new Task[numTasks];
        this.taskNames = new String[numTasks];
        this.threads = new Thread[numTasks];
    }

    void addTask(Task task) {
        taskNames[numTasks] = task.getName();
        tasks[numTasks++] = task;
        task.bind(this);
    }

    void start() {
        startNanos = System.nanoTime();
        status = JobStatus.RUNNING;
        synchronized (this) {
            running = numTasks;
        }
        if (numTasks == 0) {
            endNanos = System.nanoTime();
            status = JobStatus.FINISHED;
            return;
        }
        CountDownLatch gate = new CountDownLatch(1);
        for (int i = 0; i < numTasks; i++) {
            Task task = tasks[i];
            Thread t = new Thread(() -> {
                awaitGate(gate);
                task.run();
            }, task.getName());
            t.setDaemon(true);
            // last resort: whatever escapes a task's own handling still ends the task in the job
            t.setUncaughtExceptionHandler((thread, e) -> taskFinished(task, e));
            threads[i] = t;
        }
        int started = 0;
        try {
            for (; started < numTasks; started++) {
                threads[started].start();
            }
            if (coordinator != null && coordinator.isPeriodic()) {
                coordinator.start();
            }
        } catch (Throwable e) {
            // out of memory or of native threads while starting: the job fails, the caller gets it as such
            synchronized (this) {
                fail(e, -1);
            }
            for (int i = started; i < numTasks; i++) {
                threads[i] = null;
                Task task = tasks[i];
                if (task != null) {
                    taskFinished(task, null);
                }
            }
        } finally {
            gate.countDown();
        }
    }

    /**
     * Holds a task thread until every task thread of the job is started: starting threads allocates,
     * and a task that ran at once (and filled the heap) would make the caller of {@code execute} fail
     * instead of the job.
     */
    private static void awaitGate(CountDownLatch gate) {
        boolean interrupted = false;
        while (true) {
            try {
                gate.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * A task ended, with {@code t} as its failure or null. Idempotent per task. Allocates nothing before
     * the task counts as finished, so it works when memory has run out.
     */
    synchronized void taskFinished(Task task, Throwable t) {
        int at = indexOf(task);
        if (at < 0) {
            return; // reported already
        }
        tasks[at] = null; // the job no longer holds the task's operators and their state
        try {
            if (t != null) {
                fail(t, at);
            }
        } finally {
            if (--running == 0) {
                if (coordinator != null) {
                    coordinator.stop();
                }
                endNanos = System.nanoTime();
                status = failure != null ? JobStatus.FAILED : cancelled ? JobStatus.CANCELED : JobStatus.FINISHED;
            }
            notifyAll();
        }
    }

    /** A timer thread of {@code task} failed: fails the job like a task failure; every task is stopped. */
    synchronized void timerFailed(Task task, Throwable t) {
        int at = indexOf(task);
        if (failure == null && !cancelled) {
            fail(t, at);
            if (at >= 0) {
                tasks[at].cancel();
            }
        }
    }

    /** Records the first failure, releases the reserve, cancels the other tasks. Called holding this. */
    private void fail(Throwable t, int at) {
        if (failure != null || cancelled) {
            return;
        }
        failure = t;
        if (coordinator != null) {
            coordinator.stop();
        }
        failedTask = at >= 0 ? taskNames[at] : null;
        failureNanos = System.nanoTime();
        reserve = null;
        for (int i = 0; i < numTasks; i++) {
            Task other = tasks[i];
            if (other != null && i != at) {
                try {
                    other.cancel();
                } catch (Throwable e) {
                    // a source whose cancel() fails is interrupted anyway; the first failure stands
                }
            }
        }
    }

    private int indexOf(Task task) {
        for (int i = 0; i < numTasks; i++) {
            if (tasks[i] == task) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public String getJobName() {
        return name;
    }

    @Override
    public JobID getJobID() {
        return id;
    }

    @Override
    public JobStatus getJobStatus() {
        return status;
    }

    @Override
    public List<SubtaskMetrics> getMetrics() {
        return metrics;
    }

    @Override
    public void cancel() throws InterruptedException {
        synchronized (this) {
            if (running == 0) {
                return;
            }
            cancelled = true;
            if (coordinator != null) {
                coordinator.stop();
            }
            for (int i = 0; i < numTasks; i++) {
                if (tasks[i] != null) {
                    tasks[i].cancel();
                }
            }
        }
        awaitEnd(Long.MAX_VALUE);
        joinThreads();
    }

    /**
     * Waits until every task has finished, or {@code timeoutNanos} passed, or {@link #CANCEL_TIMEOUT}
     * passed after a failure; returns whether every task finished.
     */
    private synchronized boolean awaitEnd(long timeoutNanos) throws InterruptedException {
        long deadline = timeoutNanos == Long.MAX_VALUE ? Long.MAX_VALUE : System.nanoTime() + timeoutNanos;
        while (running > 0) {
            long now = System.nanoTime();
            long until = deadline;
            if (failure != null) {
                until = Math.min(until, failureNanos + CANCEL_TIMEOUT.toNanos());
            }
            if (until != Long.MAX_VALUE && now - until >= 0) {
                return false;
            }
            long waitMillis = until == Long.MAX_VALUE ? 0 : Math.max(1, (until - now) / 1_000_000L);
            wait(waitMillis);
        }
        return true;
    }

    /**
     * Waits for the task threads to exit (each has reported already), at most the cancel timeout each,
     * then for the checkpoint coordinator's threads (stopped when the last task finished) to finish what
     * they were writing: once the job's result is known, nothing of it still writes to its checkpoint
     * directory.
     */
    private void joinThreads() throws InterruptedException {
        for (int i = 0; i < numTasks; i++) {
            Thread t = threads[i];
            if (t != null) {
                t.join(CANCEL_TIMEOUT.toMillis());
            }
        }
        if (coordinator != null) {
            coordinator.awaitStopped(CANCEL_TIMEOUT);
        }
    }

    @Override
    public boolean awaitTermination(Duration timeout) throws InterruptedException {
        return awaitEnd(timeout.toNanos()) && running() == 0;
    }

    private synchronized int running() {
        return running;
    }

    @Override
    public JobExecutionResult getJobExecutionResult() throws JobExecutionException, InterruptedException {
        boolean allEnded = awaitEnd(Long.MAX_VALUE);
        if (allEnded) {
            joinThreads();
        }
        Throwable f = failure;
        if (f != null) {
            String where;
            Throwable cause;
            if (f instanceof OperatorException) {
                OperatorException oe = (OperatorException) f;
                where = " in operator '" + oe.getOperatorName() + "' (subtask " + oe.getSubtaskIndex() + ")";
                cause = oe.getCause();
            } else {
                where = failedTask == null ? "" : " in task '" + failedTask + "'";
                cause = f;
            }
            String fatal = cause instanceof VirtualMachineError ? "a fatal error" : "";
            throw new JobExecutionException("job '" + name + "' failed" + where + ": " + (fatal.isEmpty() ? "" : fatal + ", ")
                    + cause + (allEnded ? "" : "; still running " + CANCEL_TIMEOUT.toSeconds() + " s after the failure: "
                    + stillRunning()), cause);
        }
        if (cancelled) {
            throw new JobExecutionException("job '" + name + "' was cancelled", null);
        }
        return new JobExecutionResult(id, name, (endNanos - startNanos) / 1_000_000L, metrics);
    }

    private List<String> stillRunning() {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < numTasks; i++) {
            if (threads[i] != null && threads[i].isAlive()) {
                names.add(taskNames[i]);
            }
        }
        return names;
    }
}
