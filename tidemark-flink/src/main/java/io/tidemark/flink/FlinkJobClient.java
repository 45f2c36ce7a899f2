package io.tidemark.flink;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.JobStatus;
import io.tidemark.api.common.metrics.SubtaskMetrics;
import io.tidemark.core.execution.JobClient;
import io.tidemark.core.execution.JobExecutionException;
import io.tidemark.flink.bridge.Runtime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A Tidemark {@link JobClient} over Flink's. Flink reports the translated functions' counters when the
 * job ends ({@link FlinkRunner.Result#getOperatorCounters}): one {@link SubtaskMetrics} per operator,
 * summed over its subtasks (subtask index -1); there are no live metrics.
 */
final class FlinkJobClient implements JobClient {

    /** One operator's counters, summed over its subtasks. */
    private record OperatorCounters(String getOperatorName, Map<String, Long> snapshot) implements SubtaskMetrics {
        @Override
        public int getSubtaskIndex() {
            return -1;
        }

        @Override
        public String toString() {
            return getOperatorName + " " + snapshot;
        }
    }

    private final String jobName;
    private final org.apache.flink.core.execution.JobClient flink;
    private volatile boolean cancelled;
    private volatile JobExecutionResult result;

    FlinkJobClient(String jobName, org.apache.flink.core.execution.JobClient flink) {
        this.jobName = jobName;
        this.flink = flink;
    }

    @Override
    public String getJobName() {
        return jobName;
    }

    @Override
    public io.tidemark.api.common.JobID getJobID() {
        return Runtime.jobId(flink.getJobID());
    }

    @Override
    public JobStatus getJobStatus() {
        try {
            return switch (flink.getJobStatus().get()) {
                case INITIALIZING, CREATED -> JobStatus.CREATED;
                case FINISHED -> JobStatus.FINISHED;
                case FAILED -> JobStatus.FAILED;
                case CANCELED -> JobStatus.CANCELED;
                default -> JobStatus.RUNNING; // running, failing, cancelling, restarting, suspended, reconciling
            };
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return JobStatus.RUNNING;
        } catch (ExecutionException e) {
            // a local MiniCluster is gone once its job ended: the result tells how
            JobExecutionResult r = result;
            return r != null ? JobStatus.FINISHED : cancelled ? JobStatus.CANCELED : JobStatus.FAILED;
        }
    }

    @Override
    public List<SubtaskMetrics> getMetrics() {
        JobExecutionResult r = result;
        return r == null ? List.of() : r.getMetrics();
    }

    @Override
    public void cancel() throws InterruptedException {
        cancelled = true;
        try {
            flink.cancel().get();
        } catch (ExecutionException e) {
            // the job had ended already
        }
    }

    @Override
    public JobExecutionResult getJobExecutionResult() throws JobExecutionException, InterruptedException {
        JobExecutionResult r = result;
        if (r != null) {
            return r;
        }
        org.apache.flink.api.common.JobExecutionResult f;
        try {
            f = flink.getJobExecutionResult().get();
        } catch (ExecutionException | CancellationException e) {
            if (cancelled) {
                throw new JobExecutionException("job '" + jobName + "' was cancelled", null);
            }
            Throwable cause = userCause(e);
            throw new JobExecutionException("job '" + jobName + "' failed on Flink: " + cause, cause);
        }
        List<SubtaskMetrics> metrics = new ArrayList<>();
        FlinkRunner.counters(f.getAllAccumulatorResults()).forEach((op, m) -> metrics.add(new OperatorCounters(op, m)));
        r = new JobExecutionResult(Runtime.jobId(f.getJobID()), jobName, f.getNetRuntime(), metrics);
        result = r;
        return r;
    }

    @Override
    public boolean awaitTermination(Duration timeout) throws InterruptedException {
        try {
            flink.getJobExecutionResult().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException | CancellationException e) {
            return true;
        }
    }

    /**
     * The first error in the chain that is not Flink's own wrapping (its job, task and recovery
     * exceptions): the user's function's exception, or Tidemark's.
     */
    static Throwable userCause(Throwable e) {
        Throwable t = e;
        while (t != null) {
            if (!t.getClass().getName().startsWith("org.apache.flink.") && !(t instanceof ExecutionException)
                    && !(t instanceof java.util.concurrent.CompletionException)) {
                return t;
            }
            if (t.getCause() == null || t.getCause() == t) {
                return t;
            }
            t = t.getCause();
        }
        return e;
    }
}
