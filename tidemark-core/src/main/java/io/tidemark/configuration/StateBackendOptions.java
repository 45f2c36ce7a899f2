package io.tidemark.configuration;

/** Flink's state backend option (Flink's {@code StateBackendOptions}); docs/state-backends.md. */
public final class StateBackendOptions {

    private StateBackendOptions() {}

    /** {@code hashmap} (the heap; the default) or {@code rocksdb} (with tidemark-rocksdb on the class path). */
    public static final ConfigOption<String> STATE_BACKEND =
            ConfigOptions.key("state.backend.type").stringType().defaultValue("hashmap").withDeprecatedKeys("state.backend");
}
