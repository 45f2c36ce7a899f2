package io.tidemark.runtime.tasks;

import io.tidemark.core.execution.JobClient;
import io.tidemark.core.execution.Pipeline;
import io.tidemark.core.execution.PipelineExecutor;
import io.tidemark.core.execution.RestartStrategy;
import io.tidemark.streaming.api.environment.EnvironmentConfiguration;
import java.util.List;

/**
 * The embedded engine's executor: names the configured keys it does not honour in one warning, then
 * runs the pipeline ({@link LocalExecutor}), under its restart strategy when it has one
 * ({@link RestartingJob}).
 */
final class EmbeddedExecutor implements PipelineExecutor {

    @Override
    public JobClient execute(Pipeline pipeline) {
        List<String> ignored = EnvironmentConfiguration.notHonoured(pipeline.configuration());
        if (!ignored.isEmpty()) {
            System.err.println("tidemark: job '" + pipeline.jobName() + "': the embedded engine does not honour "
                    + (ignored.size() == 1 ? "this configuration key" : "these configuration keys") + " (ignored): "
                    + String.join(", ", ignored));
        }
        RestartStrategy restarts = RestartStrategy.of(pipeline.configuration());
        return restarts.restarts() ? RestartingJob.start(pipeline, restarts) : LocalExecutor.start(pipeline);
    }

    @Override
    public String toString() {
        return "embedded";
    }
}
