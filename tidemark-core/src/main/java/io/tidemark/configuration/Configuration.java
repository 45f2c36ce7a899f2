package io.tidemark.configuration;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Configuration values by key (Flink's {@code Configuration}): typed through {@link ConfigOption}s
 * ({@code set(CoreOptions.DEFAULT_PARALLELISM, 4)}, {@code get(option)}), or as strings
 * ({@code setString("parallelism.default", "4")}), converted on reading as Flink converts them. An
 * environment takes one in {@code StreamExecutionEnvironment.getExecutionEnvironment(conf)} or
 * {@code env.configure(conf)}: which keys the embedded engine honours is listed there; the Flink
 * runner hands every key to Flink.
 *
 * <p>Not thread-safe: configure first, then share.
 */
public class Configuration implements ReadableConfig, WritableConfig, Serializable, Cloneable {

    private static final long serialVersionUID = 1L;

    /** Values by key: strings as set by {@code setString}, typed values as set by {@code set}. */
    private final Map<String, Object> data = new LinkedHashMap<>();

    public Configuration() {}

    /** A copy of {@code other}. */
    public Configuration(Configuration other) {
        data.putAll(other.data);
    }

    /** A configuration holding {@code map}'s keys and string values. */
    public static Configuration fromMap(Map<String, String> map) {
        Configuration c = new Configuration();
        c.data.putAll(map);
        return c;
    }

    @Override
    public <T> T get(ConfigOption<T> option) {
        return getOptional(option).orElse(option.defaultValue());
    }

    /** The value of {@code option}, else {@code overrideDefault} (instead of the option's default). */
    public <T> T get(ConfigOption<T> option, T overrideDefault) {
        return getOptional(option).orElse(overrideDefault);
    }

    @Override
    public <T> Optional<T> getOptional(ConfigOption<T> option) {
        String key = keyOf(option);
        return key == null ? Optional.empty() : Optional.of(ConfigValues.convert(option, key, data.get(key)));
    }

    @Override
    public <T> Configuration set(ConfigOption<T> option, T value) {
        data.put(option.key(), value);
        return this;
    }

    /** The string form of the value under {@code key}, else {@code defaultValue}. */
    public String getString(String key, String defaultValue) {
        Object v = data.get(key);
        return v == null ? defaultValue : ConfigValues.format(v);
    }

    /** Sets {@code key} to the string {@code value}; it is converted when an option reads it. */
    public void setString(String key, String value) {
        data.put(key, value);
    }

    /** The string form of {@code option}'s value, or of its default; null when neither. */
    public String getValue(ConfigOption<?> option) {
        Object v = get(option);
        return v == null ? null : ConfigValues.format(v);
    }

    /** Whether {@code option} is set, under its key or a fallback key. */
    public boolean contains(ConfigOption<?> option) {
        return keyOf(option) != null;
    }

    public boolean containsKey(String key) {
        return data.containsKey(key);
    }

    /** The keys set, in the order they were first set. */
    public Set<String> keySet() {
        return new LinkedHashSet<>(data.keySet());
    }

    /** Adds (and overwrites with) every value of {@code other}. */
    public void addAll(Configuration other) {
        data.putAll(other.data);
    }

    /** Adds every value of {@code other}, each key prefixed with {@code prefix}. */
    public void addAll(Configuration other, String prefix) {
        other.data.forEach((k, v) -> data.put(prefix + k, v));
    }

    /** Removes {@code option}'s key and fallback keys; returns whether any was set. */
    public <T> boolean removeConfig(ConfigOption<T> option) {
        boolean removed = data.remove(option.key()) != null;
        for (String k : option.fallbackKeys()) {
            removed |= data.remove(k) != null;
        }
        return removed;
    }

    /** Removes {@code key}; returns whether it was set. */
    public boolean removeKey(String key) {
        return data.remove(key) != null;
    }

    @Override
    public Map<String, String> toMap() {
        Map<String, String> out = new LinkedHashMap<>();
        data.forEach((k, v) -> out.put(k, ConfigValues.format(v)));
        return out;
    }

    @Override
    public Configuration clone() {
        return new Configuration(this);
    }

    /** The key {@code option}'s value is under: its own, else the first fallback key set; null if none. */
    private String keyOf(ConfigOption<?> option) {
        if (data.containsKey(option.key())) {
            return option.key();
        }
        for (String k : option.fallbackKeys()) {
            if (data.containsKey(k)) {
                return k;
            }
        }
        return null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Configuration other && toMap().equals(other.toMap());
    }

    @Override
    public int hashCode() {
        return toMap().hashCode();
    }

    @Override
    public String toString() {
        return data.toString();
    }
}
