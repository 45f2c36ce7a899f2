package io.tidemark.configuration;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A typed configuration key with its default value and fallback keys (Flink's {@code ConfigOption}):
 * made with {@link ConfigOptions#key}. A value set under a fallback key counts when none is set under
 * the key itself; fallback keys are tried in the order given.
 *
 * @param <T> the type of the value
 */
public class ConfigOption<T> {

    private final String key;
    private final Class<?> clazz;
    private final boolean list;
    private final T defaultValue;
    private final String description;
    private final List<String> fallbackKeys;

    ConfigOption(String key, Class<?> clazz, boolean list, T defaultValue, String description, List<String> fallbackKeys) {
        this.key = Objects.requireNonNull(key, "key");
        this.clazz = Objects.requireNonNull(clazz, "class");
        this.list = list;
        this.defaultValue = defaultValue;
        this.description = description;
        this.fallbackKeys = List.copyOf(fallbackKeys);
    }

    /** This option, also read from {@code keys} when its own key is not set. */
    public ConfigOption<T> withFallbackKeys(String... keys) {
        List<String> all = new ArrayList<>(fallbackKeys);
        all.addAll(Arrays.asList(keys));
        return new ConfigOption<>(key, clazz, list, defaultValue, description, all);
    }

    /** This option, also read from the old names {@code keys} (Flink logs their use as deprecated). */
    public ConfigOption<T> withDeprecatedKeys(String... keys) {
        return withFallbackKeys(keys);
    }

    /** This option with a description. */
    public ConfigOption<T> withDescription(String text) {
        return new ConfigOption<>(key, clazz, list, defaultValue, text, fallbackKeys);
    }

    public String key() {
        return key;
    }

    public boolean hasDefaultValue() {
        return defaultValue != null;
    }

    public T defaultValue() {
        return defaultValue;
    }

    public boolean hasFallbackKeys() {
        return !fallbackKeys.isEmpty();
    }

    /** The fallback keys, in the order they are tried. */
    public List<String> fallbackKeys() {
        return fallbackKeys;
    }

    /** The description; empty when none was given. */
    public String description() {
        return description == null ? "" : description;
    }

    /** The class of the value, or of a list's elements. */
    Class<?> getClazz() {
        return clazz;
    }

    /** Whether the value is a list of {@link #getClazz()}. */
    boolean isList() {
        return list;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ConfigOption<?> other && key.equals(other.key) && Objects.equals(defaultValue, other.defaultValue)
                && fallbackKeys.equals(other.fallbackKeys);
    }

    @Override
    public int hashCode() {
        return 31 * key.hashCode() + Objects.hashCode(defaultValue);
    }

    @Override
    public String toString() {
        return "Key: '" + key + "' , default: " + defaultValue + " (fallback keys: " + fallbackKeys + ")";
    }
}
