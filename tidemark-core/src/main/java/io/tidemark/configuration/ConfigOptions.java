package io.tidemark.configuration;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Builds {@link ConfigOption}s as Flink's {@code ConfigOptions} does:
 * {@code ConfigOptions.key("my.size").intType().defaultValue(4)},
 * {@code key("my.wait").durationType().noDefaultValue()}, {@code key("my.hosts").stringType().asList().defaultValues("a")}.
 */
public final class ConfigOptions {

    private ConfigOptions() {}

    /** Starts an option with {@code key}; its type comes next. */
    public static OptionBuilder key(String key) {
        if (key == null || key.isBlank()) {
            throw new IllegalArgumentException("a configuration key cannot be blank");
        }
        return new OptionBuilder(key);
    }

    /** Chooses the type of an option's value. */
    public static final class OptionBuilder {
        private final String key;

        OptionBuilder(String key) {
            this.key = key;
        }

        public TypedConfigOptionBuilder<Boolean> booleanType() {
            return new TypedConfigOptionBuilder<>(key, Boolean.class);
        }

        public TypedConfigOptionBuilder<Integer> intType() {
            return new TypedConfigOptionBuilder<>(key, Integer.class);
        }

        public TypedConfigOptionBuilder<Long> longType() {
            return new TypedConfigOptionBuilder<>(key, Long.class);
        }

        public TypedConfigOptionBuilder<Float> floatType() {
            return new TypedConfigOptionBuilder<>(key, Float.class);
        }

        public TypedConfigOptionBuilder<Double> doubleType() {
            return new TypedConfigOptionBuilder<>(key, Double.class);
        }

        public TypedConfigOptionBuilder<String> stringType() {
            return new TypedConfigOptionBuilder<>(key, String.class);
        }

        /** Durations, written {@code 10 s}, {@code 500 ms}, {@code 1 min}, {@code 2 h}, {@code 1 d} or ISO-8601 ({@code PT10S}); a bare number is milliseconds. */
        public TypedConfigOptionBuilder<Duration> durationType() {
            return new TypedConfigOptionBuilder<>(key, Duration.class);
        }

        /** Sizes in bytes, written {@code 64 mb}, {@code 1 gb}. */
        public TypedConfigOptionBuilder<MemorySize> memoryType() {
            return new TypedConfigOptionBuilder<>(key, MemorySize.class);
        }

        /** An enum's constants, matched by name ignoring case. */
        public <T extends Enum<T>> TypedConfigOptionBuilder<T> enumType(Class<T> enumClass) {
            return new TypedConfigOptionBuilder<>(key, enumClass);
        }

        /** Maps of strings, written {@code {a: 1, b: 2}} or {@code a:1,b:2}. */
        @SuppressWarnings({"unchecked", "rawtypes"})
        public TypedConfigOptionBuilder<Map<String, String>> mapType() {
            return new TypedConfigOptionBuilder(key, Map.class);
        }
    }

    /** Gives an option of type {@code T} its default value, or makes it a list. */
    public static class TypedConfigOptionBuilder<T> {
        private final String key;
        private final Class<T> clazz;

        TypedConfigOptionBuilder(String key, Class<T> clazz) {
            this.key = key;
            this.clazz = clazz;
        }

        /** Lists of this type, written {@code [a, b]} or {@code a;b}. */
        public ListConfigOptionBuilder<T> asList() {
            return new ListConfigOptionBuilder<>(key, clazz);
        }

        public ConfigOption<T> defaultValue(T value) {
            return new ConfigOption<>(key, clazz, false, value, null, List.of());
        }

        public ConfigOption<T> noDefaultValue() {
            return new ConfigOption<>(key, clazz, false, null, null, List.of());
        }
    }

    /** Gives a list option its default values. */
    public static class ListConfigOptionBuilder<E> {
        private final String key;
        private final Class<E> clazz;

        ListConfigOptionBuilder(String key, Class<E> clazz) {
            this.key = key;
            this.clazz = clazz;
        }

        @SafeVarargs
        public final ConfigOption<List<E>> defaultValues(E... values) {
            return new ConfigOption<>(key, clazz, true, List.copyOf(Arrays.asList(values)), null, List.of());
        }

        public ConfigOption<List<E>> noDefaultValue() {
            return new ConfigOption<>(key, clazz, true, null, null, List.of());
        }
    }
}
