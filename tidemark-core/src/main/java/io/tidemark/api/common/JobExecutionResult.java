package io.tidemark.api.common;

import io.tidemark.api.common.metrics.SubtaskMetrics;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a finished job reports: its name and id, how long it ran, and every operator subtask's metrics
 * (records in/out, late records dropped or side-output, watermarks) — the counters that prove where
 * every input record went.
 */
public final class JobExecutionResult {

    private final JobID jobId;
    private final String jobName;
    private final long netRuntimeMillis;
    private final List<SubtaskMetrics> metrics;

    public JobExecutionResult(JobID jobId, String jobName, long netRuntimeMillis, List<? extends SubtaskMetrics> metrics) {
        this.jobId = jobId;
        this.jobName = jobName;
        this.netRuntimeMillis = netRuntimeMillis;
        this.metrics = List.copyOf(metrics);
    }

    /** The job's id (the one its {@code JobClient} and its functions' {@code getJobInfo()} report). */
    public JobID getJobID() {
        return jobId;
    }

    public String getJobName() {
        return jobName;
    }

    /** Wall time from start to end, in milliseconds. */
    public long getNetRuntime() {
        return netRuntimeMillis;
    }

    /** Every operator subtask's metrics, in pipeline order. */
    public List<SubtaskMetrics> getMetrics() {
        return metrics;
    }

    /** The names of the operators that reported metrics, in pipeline order. */
    public Set<String> getOperatorNames() {
        Set<String> names = new LinkedHashSet<>();
        for (SubtaskMetrics m : metrics) {
            names.add(m.getOperatorName());
        }
        return names;
    }

    /**
     * The metrics of the operator named {@code operatorName}, combined over its subtasks (summed;
     * watermarks and lag: the minimum; the maximum lag: the maximum). Throws if there is no such
     * operator.
     */
    public Map<String, Long> getOperatorMetrics(String operatorName) {
        Map<String, Long> combined = new LinkedHashMap<>();
        boolean found = false;
        for (SubtaskMetrics m : metrics) {
            if (!m.getOperatorName().equals(operatorName)) {
                continue;
            }
            found = true;
            for (Map.Entry<String, Long> e : m.snapshot().entrySet()) {
                combined.merge(e.getKey(), e.getValue(), (a, b) -> SubtaskMetrics.combine(e.getKey(), a, b));
            }
        }
        if (!found) {
            throw new IllegalArgumentException("no operator named '" + operatorName + "'; operators: " + getOperatorNames());
        }
        return combined;
    }

    /** One metric of one operator, combined over its subtasks. */
    public long getCounter(String operatorName, String metric) {
        Long v = getOperatorMetrics(operatorName).get(metric);
        if (v == null) {
            throw new IllegalArgumentException("no metric '" + metric + "'");
        }
        return v;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Job '" + jobName + "' ran " + netRuntimeMillis + " ms\n");
        for (SubtaskMetrics m : metrics) {
            sb.append("  ").append(m).append('\n');
        }
        return sb.toString();
    }
}
