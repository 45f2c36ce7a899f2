package io.tidemark.streaming.api.environment;

/**
 * Makes the environment that {@link StreamExecutionEnvironment#getExecutionEnvironment()} returns while
 * it is the context's ({@code initializeContextEnvironment}): how a test extension gives every job of a
 * test its environment.
 */
@FunctionalInterface
public interface StreamExecutionEnvironmentFactory {

    /** A new environment. */
    StreamExecutionEnvironment createExecutionEnvironment();
}
