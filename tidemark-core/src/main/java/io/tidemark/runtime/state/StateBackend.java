package io.tidemark.runtime.state;

import java.io.Serializable;

/**
 * Where a job keeps its keyed state (Flink's {@code StateBackend}, in Flink's package so that a port
 * changes only the import's prefix). {@code hashmap} (objects on the heap,
 * {@link io.tidemark.runtime.state.hashmap.HashMapStateBackend}) is the default; tidemark-rocksdb adds
 * {@code rocksdb} ({@code EmbeddedRocksDBStateBackend}: state larger than memory, incremental
 * checkpoints). Chosen per job with {@code StreamExecutionEnvironment.setStateBackend}, or by name
 * from configuration ({@code state.backend.type}) through {@link StateBackendLoader}. Serializable:
 * it travels with the job's configuration. Every backend extends {@link AbstractStateBackend}, where
 * the engine's side is.
 */
public interface StateBackend extends Serializable {

    /** The backend's name, as {@code state.backend.type} gives it ({@code hashmap}, {@code rocksdb}). */
    String getName();

    /** Whether checkpoints of this backend are incremental: they refer to files shared between checkpoints. */
    default boolean isIncrementalCheckpointsEnabled() {
        return false;
    }
}
