package io.tidemark.core.execution;

import java.util.Map;

/**
 * An engine, found by name through {@link java.util.ServiceLoader} (a jar lists its factory in
 * {@code META-INF/services/io.tidemark.core.execution.PipelineExecutorFactory}). Tidemark's core
 * provides {@value PipelineExecutors#EMBEDDED}; the module {@code tidemark-flink} provides
 * {@code "flink"}. A program can thus choose its engine at run time without depending on it at compile
 * time: only the engine's jars need to be on the class path.
 */
public interface PipelineExecutorFactory {

    /** The name the engine is chosen by ({@code "embedded"}, {@code "flink"}). */
    String getName();

    /**
     * An executor configured by {@code options}, whose keys the engine documents; an unknown key or a bad
     * value is an {@link IllegalArgumentException} naming it.
     */
    PipelineExecutor getExecutor(Map<String, String> options);
}
