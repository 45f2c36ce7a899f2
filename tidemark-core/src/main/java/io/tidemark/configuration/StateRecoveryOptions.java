package io.tidemark.configuration;

/** Flink's state recovery option (Flink's {@code StateRecoveryOptions}). */
public final class StateRecoveryOptions {

    private StateRecoveryOptions() {}

    /** The checkpoint a job restores (or a checkpoint directory: its latest); none: a fresh start. */
    public static final ConfigOption<String> SAVEPOINT_PATH =
            ConfigOptions.key("execution.state-recovery.path").stringType().noDefaultValue()
                    .withDeprecatedKeys("execution.savepoint.path");
}
