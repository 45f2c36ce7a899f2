package io.tidemark.runtime.tasks;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.JobStatus;
import io.tidemark.api.common.metrics.SubtaskMetrics;
import io.tidemark.core.execution.JobClient;
import io.tidemark.core.execution.JobExecutionException;
import io.tidemark.runtime.metrics.OperatorMetrics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A job running inside this JVM: one thread per task. The first failure cancels every other task;
 * the job ends when every task thread has ended, so failure and cancellation leave no threads behind.
 */
public final class LocalJob implements JobClient {

    private final String id = java.util.UUID.randomUUID().toString().replace("-", "");
    private final String name;
    private final List<Task> tasks = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final List<SubtaskMetrics> metrics;
    private final CountDownLatch done;
    private volatile JobStatus status = JobStatus.CREATED;
    private volatile Throwable failure;
    private volatile boolean cancelled;
    private long startNanos;
    private volatile long endNanos;

    LocalJob(String name, List<OperatorMetrics> metrics, int numTasks) {
        this.name = name;
        this.metrics = List.copyOf(metrics);
        this.done = new CountDownLatch(numTasks);
    }

    void addTask(Task task) {
        tasks.add(task);
        task.bind(this);
    }

    void start() {
        startNanos = System.nanoTime();
        status = JobStatus.RUNNING;
        if (tasks.isEmpty()) {
            endNanos = System.nanoTime();
            status = JobStatus.FINISHED;
            return;
        }
        for (Task task : tasks) {
            Thread t = new Thread(task, task.getName());
            t.setDaemon(true);
            threads.add(t);
        }
        for (Thread t : threads) {
            t.start();
        }
    }

    synchronized void taskFinished(Task task, Throwable t) {
        if (t != null && failure == null && !cancelled) {
            failure = t;
            for (Task other : tasks) {
                if (other != task) {
                    other.cancel();
                }
            }
        }
        done.countDown();
        if (done.getCount() == 0) {
            endNanos = System.nanoTime();
            status = failure != null ? JobStatus.FAILED : cancelled ? JobStatus.CANCELED : JobStatus.FINISHED;
        }
    }

    synchronized void timerFailed(Task task, Throwable t) {
        // a timer failure fails the job like a task failure; every task is stopped
        if (failure == null && !cancelled) {
            failure = t;
            for (Task each : tasks) {
                each.cancel();
            }
        }
    }

    @Override
    public String getJobName() {
        return name;
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
            if (done.getCount() == 0) {
                return;
            }
            cancelled = true;
            for (Task task : tasks) {
                task.cancel();
            }
        }
        joinThreads();
    }

    private void joinThreads() throws InterruptedException {
        for (Thread t : threads) {
            t.join();
        }
    }

    @Override
    public boolean awaitTermination(Duration timeout) throws InterruptedException {
        return done.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public JobExecutionResult getJobExecutionResult() throws JobExecutionException, InterruptedException {
        done.await();
        joinThreads();
        Throwable f = failure;
        if (f != null) {
            if (f instanceof OperatorException) {
                OperatorException oe = (OperatorException) f;
                throw new JobExecutionException("job '" + name + "' failed in operator '" + oe.getOperatorName()
                        + "' (subtask " + oe.getSubtaskIndex() + "): " + oe.getCause(), oe.getCause());
            }
            throw new JobExecutionException("job '" + name + "' failed: " + f, f);
        }
        if (cancelled) {
            throw new JobExecutionException("job '" + name + "' was cancelled", null);
        }
        return new JobExecutionResult(id, name, (endNanos - startNanos) / 1_000_000L, metrics);
    }
}
