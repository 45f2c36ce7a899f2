package io.tidemark.runtime.tasks;

import io.tidemark.core.execution.PipelineExecutor;
import io.tidemark.core.execution.PipelineExecutorFactory;
import io.tidemark.core.execution.PipelineExecutors;
import java.util.Map;

/**
 * The embedded engine as an executor: runs a pipeline in this JVM, one thread per subtask
 * ({@link LocalExecutor}). Takes no options. Listed in {@code META-INF/services}, so
 * {@code PipelineExecutors.find("embedded")} finds it; it is every environment's default.
 */
public final class EmbeddedExecutorFactory implements PipelineExecutorFactory {

    @Override
    public String getName() {
        return PipelineExecutors.EMBEDDED;
    }

    @Override
    public PipelineExecutor getExecutor(Map<String, String> options) {
        if (!options.isEmpty()) {
            throw new IllegalArgumentException("the embedded engine takes no options; got " + options.keySet());
        }
        return new EmbeddedExecutor();
    }
}
