package io.tidemark.runtime;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.runtime.metrics.OperatorMetrics;
import java.time.Duration;
import java.util.List;

/** A handle on a running job: live metrics, cancellation, and the result. */
public interface JobClient {

    String getJobName();

    JobStatus getJobStatus();

    /** Every operator subtask's metrics, live (values are read when asked for). */
    List<OperatorMetrics> getMetrics();

    /** Stops the job; returns once every task thread has ended. */
    void cancel() throws InterruptedException;

    /** Waits for the job to end; throws if it failed or was cancelled. */
    JobExecutionResult getJobExecutionResult() throws JobExecutionException, InterruptedException;

    /** Waits at most {@code timeout} for the job to end; returns whether it ended. */
    boolean awaitTermination(Duration timeout) throws InterruptedException;
}
