package io.tidemark.flink;

import io.tidemark.core.execution.JobClient;
import io.tidemark.core.execution.Pipeline;
import io.tidemark.core.execution.PipelineExecutor;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * Runs Tidemark pipelines on Flink: translates the pipeline ({@link FlinkTranslator}), submits it to the
 * environment the {@link FlinkRunner.Options} describe, and returns at once with a {@link FlinkJobClient}.
 */
final class FlinkExecutor implements PipelineExecutor {

    private final FlinkRunner.Options options;

    FlinkExecutor(FlinkRunner.Options options) {
        this.options = options;
    }

    @Override
    public JobClient execute(Pipeline pipeline) throws Exception {
        FlinkRunner.Options o = FlinkRunner.withJobCheckpoints(options.over(pipeline.configuration()), pipeline.config());
        StreamExecutionEnvironment flink = FlinkRunner.environment(o);
        FlinkTranslator.translate(pipeline, flink);
        if (o.getParallelism() > 0) {
            flink.setParallelism(o.getParallelism());
        }
        return new FlinkJobClient(pipeline.jobName(), flink.executeAsync(pipeline.jobName()));
    }

    @Override
    public String toString() {
        return options.toString();
    }
}
