package io.tidemark.configuration;

import java.util.Map;
import java.util.Optional;

/** Read access to configuration values by their {@link ConfigOption} (Flink's {@code ReadableConfig}). */
public interface ReadableConfig {

    /** The value of {@code option}: the one set (under its key or a fallback key), else its default (null if none). */
    <T> T get(ConfigOption<T> option);

    /** The value of {@code option} if one is set; its default does not count. */
    <T> Optional<T> getOptional(ConfigOption<T> option);

    /** Every value set, by key, in its string form (durations as {@code 10 s}, lists as {@code [a, b]}). */
    Map<String, String> toMap();
}
