package io.tidemark.runtime.state.hashmap;

import io.tidemark.runtime.state.AbstractStateBackend;
import io.tidemark.runtime.state.CheckpointableKeyedStateBackend;
import io.tidemark.runtime.state.HeapKeyedStateBackend;
import io.tidemark.runtime.state.KeyedStateBackendParameters;

/**
 * Keyed state as Java objects on the heap ({@link HeapKeyedStateBackend}): the fastest access, state
 * bounded by the heap, checkpoints as full snapshots. Every job's default (Flink's name and package;
 * {@code state.backend.type: hashmap}, which the job file also calls {@code heap}).
 */
public final class HashMapStateBackend extends AbstractStateBackend {

    private static final long serialVersionUID = 1L;

    /** The name {@code state.backend.type} gives it. */
    public static final String NAME = "hashmap";

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public CheckpointableKeyedStateBackend createKeyedStateBackend(KeyedStateBackendParameters parameters) {
        return new HeapKeyedStateBackend();
    }

    @Override
    public String toString() {
        return "HashMapStateBackend";
    }
}
