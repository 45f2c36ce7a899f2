package io.tidemark.cli.config;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What a key of the job file holds: how its YAML value is read and checked, and how the key reference
 * and {@code validate} show it. See {@link Types} for the ones the table uses.
 */
public interface ValueType<T> {

    /** Reads {@code node} (present and not null); a bad value is a {@link ConfigException} naming {@code key}. */
    T read(String key, JsonNode node);

    /** The values it takes, for the key reference (markdown). */
    String doc();

    /** A value as {@code validate} prints it. */
    default String show(T value) {
        return String.valueOf(value);
    }
}
