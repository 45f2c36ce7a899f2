package io.tidemark.core.execution;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.JobStatus;
import io.tidemark.api.common.metrics.SubtaskMetrics;
import java.time.Duration;
import java.util.List;

/** A handle on a running job, whichever engine runs it: status, live metrics, cancellation, the result. */
public interface JobClient {

    String getJobName();

    /** The job's id (Flink's {@code getJobID}); every engine's client gives it. */
    default io.tidemark.api.common.JobID getJobID() {
        throw new UnsupportedOperationException(getClass().getName() + " knows no job id");
    }

    JobStatus getJobStatus();

    /**
     * Every operator subtask's metrics, live where the engine offers that (the embedded engine reads
     * values when asked for); an engine without live metrics returns an empty list until the job ended.
     */
    List<SubtaskMetrics> getMetrics();

    /** Stops the job; returns once the engine has stopped it. */
    void cancel() throws InterruptedException;

    /**
     * Waits for the job to end; throws if it failed (the cause is the original error, the message
     * names the operator where the engine knows it) or was cancelled.
     */
    JobExecutionResult getJobExecutionResult() throws JobExecutionException, InterruptedException;

    /** Waits at most {@code timeout} for the job to end; returns whether it ended. */
    boolean awaitTermination(Duration timeout) throws InterruptedException;
}
