package io.tidemark.configuration;

import io.tidemark.core.execution.CheckpointingMode;
import java.time.Duration;

/** Flink's checkpoint options that Tidemark honours (Flink's {@code CheckpointingOptions}); docs/checkpoints.md. */
public final class CheckpointingOptions {

    private CheckpointingOptions() {}

    /** Time between checkpoints; none: no checkpoints. */
    public static final ConfigOption<Duration> CHECKPOINTING_INTERVAL =
            ConfigOptions.key("execution.checkpointing.interval").durationType().noDefaultValue();

    /** Exactly once (aligned barriers, the default) or at least once. */
    public static final ConfigOption<CheckpointingMode> CHECKPOINTING_CONSISTENCY_MODE =
            ConfigOptions.key("execution.checkpointing.mode").enumType(CheckpointingMode.class)
                    .defaultValue(CheckpointingMode.EXACTLY_ONCE);

    /** The directory checkpoints are written to. */
    public static final ConfigOption<String> CHECKPOINTS_DIRECTORY =
            ConfigOptions.key("execution.checkpointing.dir").stringType().noDefaultValue()
                    .withDeprecatedKeys("state.checkpoints.dir", "state.backend.fs.checkpointdir");

    /** How long a checkpoint may take before it is aborted; 10 min. */
    public static final ConfigOption<Duration> CHECKPOINTING_TIMEOUT =
            ConfigOptions.key("execution.checkpointing.timeout").durationType().defaultValue(Duration.ofMinutes(10));

    /** How many checkpoints may be in progress at once; 1 (the embedded engine takes one at a time). */
    public static final ConfigOption<Integer> MAX_CONCURRENT_CHECKPOINTS =
            ConfigOptions.key("execution.checkpointing.max-concurrent-checkpoints").intType().defaultValue(1);

    /** Completed checkpoints kept; 1. */
    public static final ConfigOption<Integer> MAX_RETAINED_CHECKPOINTS =
            ConfigOptions.key("execution.checkpointing.num-retained").intType().defaultValue(1)
                    .withDeprecatedKeys("state.checkpoints.num-retained");

    /** Checkpoint failures in a row the job survives; 0. */
    public static final ConfigOption<Integer> TOLERABLE_FAILURE_NUMBER =
            ConfigOptions.key("execution.checkpointing.tolerable-failed-checkpoints").intType().defaultValue(0);

    /** Incremental checkpoints where the state backend can take them (RocksDB); false. */
    public static final ConfigOption<Boolean> INCREMENTAL_CHECKPOINTS =
            ConfigOptions.key("execution.checkpointing.incremental").booleanType().defaultValue(false)
                    .withDeprecatedKeys("state.backend.incremental");
}
