package io.tidemark.streaming.api.environment;

import io.tidemark.configuration.CheckpointingOptions;
import io.tidemark.configuration.ConfigOption;
import io.tidemark.configuration.Configuration;
import io.tidemark.configuration.CoreOptions;
import io.tidemark.configuration.ExecutionOptions;
import io.tidemark.configuration.PipelineOptions;
import io.tidemark.configuration.ReadableConfig;
import io.tidemark.configuration.RestartStrategyOptions;
import io.tidemark.configuration.StateBackendOptions;
import io.tidemark.configuration.StateRecoveryOptions;
import io.tidemark.core.execution.RestartStrategy;
import io.tidemark.runtime.state.StateBackendLoader;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Flink's configuration keys as an environment applies them ({@code getExecutionEnvironment(conf)},
 * {@code env.configure(conf)}): each key set in the configuration changes the setting it names, the
 * others stay. The embedded engine honours exactly {@link #HONOURED} (the runtime mode and the restart
 * strategy when the job runs); it lists every other key once, in a warning, when a job starts
 * ({@link #notHonoured}). The Flink runner hands every key to Flink.
 */
public final class EnvironmentConfiguration {

    private EnvironmentConfiguration() {}

    /** The options the embedded engine honours, each with its fallback (deprecated) keys. */
    public static final List<ConfigOption<?>> HONOURED_OPTIONS = List.of(CoreOptions.DEFAULT_PARALLELISM,
            PipelineOptions.AUTO_WATERMARK_INTERVAL, PipelineOptions.MAX_PARALLELISM, ExecutionOptions.RUNTIME_MODE,
            CheckpointingOptions.CHECKPOINTING_INTERVAL, CheckpointingOptions.CHECKPOINTING_CONSISTENCY_MODE,
            CheckpointingOptions.CHECKPOINTS_DIRECTORY, CheckpointingOptions.CHECKPOINTING_TIMEOUT,
            CheckpointingOptions.MAX_CONCURRENT_CHECKPOINTS, CheckpointingOptions.MAX_RETAINED_CHECKPOINTS,
            CheckpointingOptions.TOLERABLE_FAILURE_NUMBER, CheckpointingOptions.INCREMENTAL_CHECKPOINTS,
            StateBackendOptions.STATE_BACKEND, StateRecoveryOptions.SAVEPOINT_PATH, RestartStrategyOptions.RESTART_STRATEGY,
            RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS,
            RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY);

    /** Every key the embedded engine honours, fallback keys included, and RocksDB's local directory. */
    public static final Set<String> HONOURED = honouredKeys();

    private static Set<String> honouredKeys() {
        Set<String> keys = new LinkedHashSet<>();
        for (ConfigOption<?> o : HONOURED_OPTIONS) {
            keys.add(o.key());
            keys.addAll(o.fallbackKeys());
        }
        keys.add(io.tidemark.runtime.state.StateBackendOptions.ROCKSDB_LOCAL_DIRECTORIES);
        return Set.copyOf(keys);
    }

    /**
     * The keys of {@code config} the embedded engine does not honour, in their order; a restart
     * strategy it lacks is listed with its value ({@code restart-strategy.type=exponential-delay}).
     */
    public static List<String> notHonoured(Configuration config) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, String> e : config.toMap().entrySet()) {
            if (!HONOURED.contains(e.getKey())) {
                out.add(e.getKey());
            } else if (RestartStrategyOptions.RESTART_STRATEGY.key().equals(e.getKey()) && !RestartStrategy.isHonoured(config)) {
                out.add(e.getKey() + "=" + e.getValue());
            }
        }
        return out;
    }

    /** Applies every honoured key {@code config} sets to {@code env}; bad values fail naming their key. */
    static void apply(ReadableConfig config, StreamExecutionEnvironment env) {
        ifSet(config, CoreOptions.DEFAULT_PARALLELISM, env::setParallelism);
        ifSet(config, PipelineOptions.AUTO_WATERMARK_INTERVAL, env.getConfig()::setAutoWatermarkInterval);
        ifSet(config, PipelineOptions.MAX_PARALLELISM, p -> {
            if (p != -1) {
                env.getConfig().setMaxParallelism(p);
            }
        });
        CheckpointConfig c = env.getCheckpointConfig();
        ifSet(config, CheckpointingOptions.CHECKPOINTING_INTERVAL, d -> c.setCheckpointInterval(d.toMillis()));
        ifSet(config, CheckpointingOptions.CHECKPOINTING_CONSISTENCY_MODE, c::setCheckpointingConsistencyMode);
        ifSet(config, CheckpointingOptions.CHECKPOINTS_DIRECTORY, c::setCheckpointStorage);
        ifSet(config, CheckpointingOptions.CHECKPOINTING_TIMEOUT, d -> c.setCheckpointTimeout(d.toMillis()));
        ifSet(config, CheckpointingOptions.MAX_CONCURRENT_CHECKPOINTS, c::setMaxConcurrentCheckpoints);
        ifSet(config, CheckpointingOptions.MAX_RETAINED_CHECKPOINTS, c::setNumRetainedCheckpoints);
        ifSet(config, CheckpointingOptions.TOLERABLE_FAILURE_NUMBER, c::setTolerableCheckpointFailureNumber);
        ifSet(config, StateRecoveryOptions.SAVEPOINT_PATH, c::setStateRecoveryPath);
        if (config.getOptional(StateBackendOptions.STATE_BACKEND).isPresent()) {
            env.setStateBackend(StateBackendLoader.fromConfig(backendKeys(config)));
        }
        RestartStrategy.of(config); // fails now on a bad value
    }

    /** The state backend's keys under the names the loader reads. */
    private static Map<String, String> backendKeys(ReadableConfig config) {
        Map<String, String> keys = new java.util.HashMap<>(config.toMap());
        keys.put(StateBackendOptions.STATE_BACKEND.key(), config.get(StateBackendOptions.STATE_BACKEND));
        keys.put(CheckpointingOptions.INCREMENTAL_CHECKPOINTS.key(),
                String.valueOf(config.get(CheckpointingOptions.INCREMENTAL_CHECKPOINTS)));
        config.getOptional(CheckpointingOptions.CHECKPOINTS_DIRECTORY)
                .ifPresent(d -> keys.put(CheckpointingOptions.CHECKPOINTS_DIRECTORY.key(), d));
        return keys;
    }

    private static <T> void ifSet(ReadableConfig config, ConfigOption<T> option, Consumer<T> setter) {
        config.getOptional(option).ifPresent(v -> {
            try {
                setter.accept(v);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(option.key() + ": " + e.getMessage(), e);
            }
        });
    }
}
