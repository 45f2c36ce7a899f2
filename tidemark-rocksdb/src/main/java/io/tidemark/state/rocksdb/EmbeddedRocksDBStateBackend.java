package io.tidemark.state.rocksdb;

import io.tidemark.runtime.state.AbstractStateBackend;
import io.tidemark.runtime.state.CheckpointableKeyedStateBackend;
import io.tidemark.runtime.state.KeyedStateBackendParameters;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Keyed state in an embedded RocksDB per operator subtask, on local disk (Flink's
 * {@code EmbeddedRocksDBStateBackend}, {@code state.backend.type: rocksdb}): state larger than the heap,
 * each access paying for serialization; checkpoints full or incremental.
 *
 * <pre>{@code
 * env.setStateBackend(new EmbeddedRocksDBStateBackend(true)
 *         .setCheckpointDirectory("/var/lib/job/checkpoints"));   // incremental: shared/ goes there
 * }</pre>
 *
 * <ul>
 *   <li>Full checkpoints (the default) write the state in the format every backend reads, so they
 *       restore into the heap backend as well ({@code RocksDBFullSnapshot}).
 *   <li>Incremental checkpoints write only the SST files made since the previous checkpoint, into
 *       {@code <checkpoint directory>/shared/}, and refer to the others ({@code RocksDBIncrementalSnapshot});
 *       they restore into RocksDB only.
 * </ul>
 *
 * <p>Each subtask's database lives in {@code <local directory>/tidemark-rocksdb/<operator>-<subtask>-<id>},
 * deleted when the subtask ends.
 */
public final class EmbeddedRocksDBStateBackend extends AbstractStateBackend {

    private static final long serialVersionUID = 1L;

    /** The name {@code state.backend.type} gives it. */
    public static final String NAME = "rocksdb";

    private final boolean incremental;
    private String localDirectory;
    private String checkpointDirectory;

    /** Full checkpoints. */
    public EmbeddedRocksDBStateBackend() {
        this(false);
    }

    /** With incremental checkpoints when {@code enableIncrementalCheckpointing}. */
    public EmbeddedRocksDBStateBackend(boolean enableIncrementalCheckpointing) {
        this.incremental = enableIncrementalCheckpointing;
    }

    /** Where the databases live (Flink's {@code state.backend.rocksdb.localdir}); default: the JVM's temporary directory. */
    public EmbeddedRocksDBStateBackend setDbStoragePath(String path) {
        this.localDirectory = path;
        return this;
    }

    public String getDbStoragePath() {
        return localDirectory;
    }

    /**
     * Where incremental checkpoints keep their shared files ({@code shared/}, beside {@code chk-N/}):
     * by default the job's checkpoint directory ({@code env.getCheckpointConfig().setCheckpointStorage},
     * {@code execution.checkpointing.dir}); set it only to override that.
     */
    public EmbeddedRocksDBStateBackend setCheckpointDirectory(String path) {
        this.checkpointDirectory = path;
        return this;
    }

    public String getCheckpointDirectory() {
        return checkpointDirectory;
    }

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public boolean isIncrementalCheckpointsEnabled() {
        return incremental;
    }

    @Override
    public CheckpointableKeyedStateBackend createKeyedStateBackend(KeyedStateBackendParameters parameters) throws Exception {
        RocksDBIncrementalSnapshot snapshots = null;
        if (incremental) {
            String checkpoints = checkpointDirectory != null ? checkpointDirectory : parameters.checkpointDirectory();
            snapshots = new RocksDBIncrementalSnapshot(checkpoints == null ? null : Paths.get(checkpoints));
        }
        Path base = Paths.get(localDirectory != null ? localDirectory : System.getProperty("java.io.tmpdir"));
        String name = parameters.operatorName().replaceAll("[^A-Za-z0-9_.-]", "_");
        name = name.substring(0, Math.min(name.length(), 40));
        LocalDatabases.Claim claim = LocalDatabases.claim(base, name, parameters.subtaskIndex());
        try {
            return new RocksDBKeyedStateBackend(claim, snapshots);
        } catch (IOException | RuntimeException e) {
            claim.release();
            throw e;
        }
    }

    @Override
    public String toString() {
        return "EmbeddedRocksDBStateBackend(incremental=" + incremental
                + (localDirectory == null ? "" : ", localdir=" + localDirectory)
                + (checkpointDirectory == null ? "" : ", checkpoints=" + checkpointDirectory) + ")";
    }
}
