package io.tidemark.api.common;

import io.tidemark.runtime.metrics.OperatorMetrics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a finished job reports: its name, how long it ran, and every operator subtask's metrics
 * (records in/out, late records dropped or side-output, watermarks) — the counters that prove where
 * every input record went.
 */
public final class JobExecutionResult {

    private final String jobName;
    private final long netRuntimeMillis;
    private final List<OperatorMetrics> metrics;

    public JobExecutionResult(String jobName, long netRuntimeMillis, List<OperatorMetrics> metrics) {
        this.jobName = jobName;
        this.netRuntimeMillis = netRuntimeMillis;
        this.metrics = List.copyOf(metrics);
    }

    public String getJobName() {
        return jobName;
    }

    /** Wall time from start to end, in milliseconds. */
    public long getNetRuntime() {
        return netRuntimeMillis;
    }

    /** Every operator subtask's metrics, in pipeline order. */
    public List<OperatorMetrics> getMetrics() {
        return metrics;
    }

    /**
     * The metrics of the operator named {@code operatorName}, summed over its subtasks (watermarks and
     * lag: the minimum; the maximum lag: the maximum). Throws if there is no such operator.
     */
    public Map<String, Long> getOperatorMetrics(String operatorName) {
        Map<String, Long> sum = new LinkedHashMap<>();
        boolean found = false;
        for (OperatorMetrics m : metrics) {
            if (!m.getOperatorName().equals(operatorName)) {
                continue;
            }
            found = true;
            for (Map.Entry<String, Long> e : m.snapshot().entrySet()) {
                boolean watermark = e.getKey().endsWith("Watermark") || e.getKey().equals(OperatorMetrics.WATERMARK_LAG);
                boolean maximum = e.getKey().equals(OperatorMetrics.MAX_WATERMARK_LAG);
                sum.merge(e.getKey(), e.getValue(), maximum ? Math::max : watermark ? Math::min : Long::sum);
            }
        }
        if (!found) {
            throw new IllegalArgumentException("no operator named '" + operatorName + "'; operators: "
                    + metrics.stream().map(OperatorMetrics::getOperatorName).distinct().toList());
        }
        return sum;
    }

    /** One metric of one operator, summed over its subtasks. */
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
        for (OperatorMetrics m : metrics) {
            sb.append("  ").append(m).append('\n');
        }
        return sb.toString();
    }
}
