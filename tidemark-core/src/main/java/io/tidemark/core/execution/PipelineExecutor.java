package io.tidemark.core.execution;

/**
 * Runs pipelines on one engine. The embedded engine is the default executor of every environment; other
 * engines (the Flink runner) plug in through a {@link PipelineExecutorFactory}, or hand an executor to
 * {@code env.setExecutor} directly.
 */
@FunctionalInterface
public interface PipelineExecutor {

    /**
     * Starts {@code pipeline} and returns a handle on the running job. Fails before anything runs when
     * the engine cannot run the pipeline as written (the message names the operator and the reason).
     */
    JobClient execute(Pipeline pipeline) throws Exception;
}
