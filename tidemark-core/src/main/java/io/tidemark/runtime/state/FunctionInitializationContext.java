package io.tidemark.runtime.state;

/**
 * The context of {@code CheckpointedFunction.initializeState}: the function's operator and keyed
 * state, and whether it was restored. An API interface in this package, as in Flink.
 */
public interface FunctionInitializationContext extends ManagedInitializationContext {}
