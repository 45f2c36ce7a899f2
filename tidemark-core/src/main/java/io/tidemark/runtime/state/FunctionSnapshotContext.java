package io.tidemark.runtime.state;

/** The context of {@code CheckpointedFunction.snapshotState}. An API interface in this package, as in Flink. */
public interface FunctionSnapshotContext extends ManagedSnapshotContext {}
