package io.tidemark.core.execution;

import io.tidemark.api.common.RuntimeExecutionMode;
import io.tidemark.configuration.ExecutionOptions;
import io.tidemark.streaming.api.transformations.SourceTransformation;
import io.tidemark.streaming.api.transformations.Transformation;

/** The mode a pipeline runs in, as Flink decides it from {@code execution.runtime-mode} and its sources. */
public final class RuntimeModes {

    private RuntimeModes() {}

    /**
     * STREAMING or BATCH: the configured mode, AUTOMATIC being BATCH when every source is bounded;
     * BATCH with an unbounded source fails naming it, as on Flink.
     */
    public static RuntimeExecutionMode of(Pipeline pipeline) {
        RuntimeExecutionMode mode = pipeline.configuration().get(ExecutionOptions.RUNTIME_MODE);
        if (mode == RuntimeExecutionMode.STREAMING) {
            return mode;
        }
        for (Transformation<?> t : pipeline.transformations()) {
            if (t instanceof SourceTransformation<?> s && !s.getDescription().isBounded()) {
                if (mode == RuntimeExecutionMode.AUTOMATIC) {
                    return RuntimeExecutionMode.STREAMING;
                }
                throw new IllegalStateException("job '" + pipeline.jobName() + "': source '" + s.getName()
                        + "' is UNBOUNDED and " + ExecutionOptions.RUNTIME_MODE.key() + " is BATCH: a job runs in BATCH "
                        + "mode only when every source is bounded; set it to STREAMING or AUTOMATIC");
            }
        }
        return RuntimeExecutionMode.BATCH;
    }
}
