package io.tidemark.state.rocksdb;

import io.tidemark.runtime.state.StateBackend;
import io.tidemark.runtime.state.StateBackendFactory;
import io.tidemark.runtime.state.StateBackendOptions;
import java.util.List;
import java.util.Map;

/**
 * Makes {@link EmbeddedRocksDBStateBackend} from configuration, for {@code state.backend.type: rocksdb}
 * (found through {@link java.util.ServiceLoader}): {@code execution.checkpointing.incremental},
 * {@code state.backend.rocksdb.localdir}, {@code execution.checkpointing.dir}.
 */
public final class EmbeddedRocksDBStateBackendFactory implements StateBackendFactory {

    @Override
    public List<String> names() {
        return List.of(EmbeddedRocksDBStateBackend.NAME);
    }

    @Override
    public StateBackend createFromConfig(Map<String, String> config) {
        String incremental = config.getOrDefault(StateBackendOptions.INCREMENTAL_CHECKPOINTS, "false").trim();
        if (!incremental.equalsIgnoreCase("true") && !incremental.equalsIgnoreCase("false")) {
            throw new IllegalArgumentException(StateBackendOptions.INCREMENTAL_CHECKPOINTS + ": expected true or false, got '"
                    + incremental + "'");
        }
        return new EmbeddedRocksDBStateBackend(Boolean.parseBoolean(incremental))
                .setDbStoragePath(config.get(StateBackendOptions.ROCKSDB_LOCAL_DIRECTORIES))
                .setCheckpointDirectory(config.get(StateBackendOptions.CHECKPOINTS_DIRECTORY));
    }
}
