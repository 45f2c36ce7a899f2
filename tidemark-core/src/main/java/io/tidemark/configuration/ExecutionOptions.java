package io.tidemark.configuration;

import io.tidemark.api.common.RuntimeExecutionMode;

/** Flink's execution options that Tidemark honours (Flink's {@code ExecutionOptions}). */
public final class ExecutionOptions {

    private ExecutionOptions() {}

    /** STREAMING (the default), BATCH or AUTOMATIC. */
    public static final ConfigOption<RuntimeExecutionMode> RUNTIME_MODE =
            ConfigOptions.key("execution.runtime-mode").enumType(RuntimeExecutionMode.class)
                    .defaultValue(RuntimeExecutionMode.STREAMING);
}
