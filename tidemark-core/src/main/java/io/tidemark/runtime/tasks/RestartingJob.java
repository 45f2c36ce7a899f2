package io.tidemark.runtime.tasks;

import io.tidemark.api.common.ExecutionConfig;
import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.JobID;
import io.tidemark.api.common.JobStatus;
import io.tidemark.api.common.metrics.SubtaskMetrics;
import io.tidemark.core.execution.JobClient;
import io.tidemark.core.execution.JobExecutionException;
import io.tidemark.core.execution.Pipeline;
import io.tidemark.core.execution.RestartStrategy;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A job under a restart strategy ({@code restart-strategy.type: fixed-delay}): when an attempt fails,
 * the job starts again as the next attempt (same job id, {@code getAttemptNumber()} one more) after
 * the strategy's delay, from its latest completed checkpoint when it takes checkpoints, from the
 * beginning of its inputs when it does not; after the strategy's last attempt a failure fails the job.
 * Every attempt runs fresh copies of the program's functions, as Flink deserializes them anew.
 *
 * <p>Bounds: at most {@code attempts + 1} runs; the time to a restart is the delay plus the failed
 * attempt's stopping (at most {@link LocalJob#CANCEL_TIMEOUT}). One thread watches the attempts.
 */
final class RestartingJob implements JobClient {

    private final Pipeline pipeline;
    private final RestartStrategy strategy;
    private final JobID id = JobID.generate();
    private final CompletableFuture<JobExecutionResult> result = new CompletableFuture<>();
    private final Thread watcher;
    /** The attempt running now; guarded by this. */
    private LocalJob current;
    private volatile boolean cancelled;

    private RestartingJob(Pipeline pipeline, RestartStrategy strategy) {
        this.pipeline = pipeline;
        this.strategy = strategy;
        this.current = LocalExecutor.start(pipeline, id, 0, true);
        this.watcher = new Thread(this::watch, "tidemark-restarts-" + pipeline.jobName());
        watcher.setDaemon(true);
    }

    /** Starts {@code pipeline}'s first attempt. */
    static RestartingJob start(Pipeline pipeline, RestartStrategy strategy) {
        RestartingJob job = new RestartingJob(pipeline, strategy);
        job.watcher.start();
        return job;
    }

    private void watch() {
        for (int attempt = 0; ; attempt++) {
            LocalJob job;
            synchronized (this) {
                job = current;
            }
            try {
                result.complete(job.getJobExecutionResult());
                return;
            } catch (JobExecutionException e) {
                if (cancelled || e.getCause() == null || attempt >= strategy.attempts()) {
                    result.completeExceptionally(e);
                    return;
                }
                System.err.println("tidemark: " + e.getMessage() + "; restarting (attempt " + (attempt + 1) + " of "
                        + strategy.attempts() + ") in " + strategy.delay().toMillis() + " ms");
            } catch (InterruptedException | RuntimeException e) {
                result.completeExceptionally(e);
                return;
            }
            try {
                Thread.sleep(strategy.delay().toMillis());
            } catch (InterruptedException e) {
                result.completeExceptionally(e);
                return;
            }
            synchronized (this) {
                if (cancelled) {
                    result.completeExceptionally(new JobExecutionException("job '" + pipeline.jobName() + "' was cancelled", null));
                    return;
                }
                current = LocalExecutor.start(restored(), id, attempt + 1, true);
            }
        }
    }

    /** The pipeline restoring its latest checkpoint: the checkpoint directory as its recovery path. */
    private Pipeline restored() {
        ExecutionConfig config = pipeline.config();
        if (!config.getCheckpointConfig().isCheckpointingEnabled()) {
            return pipeline;
        }
        ExecutionConfig c = Copies.copy(config, "the execution config");
        c.getCheckpointConfig().setStateRecoveryPath(config.getCheckpointConfig().getCheckpointStorage());
        return new Pipeline(pipeline.jobName(), pipeline.transformations(), c, pipeline.clock(), pipeline.parallelism(),
                pipeline.configuration());
    }

    @Override
    public String getJobName() {
        return pipeline.jobName();
    }

    @Override
    public JobID getJobID() {
        return id;
    }

    @Override
    public JobStatus getJobStatus() {
        if (!result.isDone()) {
            return JobStatus.RUNNING;
        }
        if (!result.isCompletedExceptionally()) {
            return JobStatus.FINISHED;
        }
        return cancelled ? JobStatus.CANCELED : JobStatus.FAILED;
    }

    @Override
    public synchronized List<SubtaskMetrics> getMetrics() {
        return current.getMetrics();
    }

    @Override
    public void cancel() throws InterruptedException {
        LocalJob job;
        synchronized (this) {
            cancelled = true;
            job = current;
        }
        job.cancel();
        watcher.interrupt();
        watcher.join();
    }

    @Override
    public JobExecutionResult getJobExecutionResult() throws JobExecutionException, InterruptedException {
        try {
            return result.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof JobExecutionException j) {
                throw j;
            }
            if (cancelled) {
                throw new JobExecutionException("job '" + pipeline.jobName() + "' was cancelled", null);
            }
            throw new JobExecutionException("job '" + pipeline.jobName() + "' failed: " + e.getCause(), e.getCause());
        }
    }

    @Override
    public boolean awaitTermination(Duration timeout) throws InterruptedException {
        try {
            result.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            // ended
        } catch (TimeoutException e) {
            return false;
        }
        return true;
    }
}
