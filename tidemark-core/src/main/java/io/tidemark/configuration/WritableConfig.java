package io.tidemark.configuration;

/** Write access to configuration values by their {@link ConfigOption} (Flink's {@code WritableConfig}). */
public interface WritableConfig {

    /** Sets {@code option} to {@code value}. */
    <T> WritableConfig set(ConfigOption<T> option, T value);
}
