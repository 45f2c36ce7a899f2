package io.tidemark.runtime.state;

/**
 * The configuration keys of state backends, Flink 2.3's names ({@code StateBackendOptions},
 * {@code CheckpointingOptions}, {@code RocksDBOptions}); read by {@link StateBackendLoader}.
 */
public final class StateBackendOptions {

    /** Which backend: {@code hashmap} (also {@code heap}; the default) or {@code rocksdb}. */
    public static final String STATE_BACKEND = "state.backend.type";

    /** Whether checkpoints are incremental where the backend can be ({@code true}/{@code false}; default false). */
    public static final String INCREMENTAL_CHECKPOINTS = "execution.checkpointing.incremental";

    /** The RocksDB backend's working directory on local disk (default: the JVM's temporary directory). */
    public static final String ROCKSDB_LOCAL_DIRECTORIES = "state.backend.rocksdb.localdir";

    /** The job's checkpoint directory ({@code chk-N/}, and {@code shared/} for incremental checkpoints). */
    public static final String CHECKPOINTS_DIRECTORY = "execution.checkpointing.dir";

    private StateBackendOptions() {}
}
