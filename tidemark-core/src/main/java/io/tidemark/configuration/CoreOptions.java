package io.tidemark.configuration;

/** Flink's core options that Tidemark honours (Flink's {@code CoreOptions}). */
public final class CoreOptions {

    private CoreOptions() {}

    /** The default parallelism of operators; 1. */
    public static final ConfigOption<Integer> DEFAULT_PARALLELISM =
            ConfigOptions.key("parallelism.default").intType().defaultValue(1);
}
