package io.tidemark.configuration;

import java.time.Duration;

/** Flink's restart strategy options that Tidemark honours (Flink's {@code RestartStrategyOptions}). */
public final class RestartStrategyOptions {

    private RestartStrategyOptions() {}

    /**
     * {@code none} (also {@code off}, {@code disable}): a failure fails the job; {@code fixed-delay}
     * (also {@code fixeddelay}): the job restarts from its latest checkpoint after a delay, a bounded
     * number of times. Unset: none.
     */
    public static final ConfigOption<String> RESTART_STRATEGY =
            ConfigOptions.key("restart-strategy.type").stringType().noDefaultValue().withDeprecatedKeys("restart-strategy");

    /** How many restarts {@code fixed-delay} makes before the job fails; 1. */
    public static final ConfigOption<Integer> RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS =
            ConfigOptions.key("restart-strategy.fixed-delay.attempts").intType().defaultValue(1);

    /** How long {@code fixed-delay} waits before each restart; 1 s. */
    public static final ConfigOption<Duration> RESTART_STRATEGY_FIXED_DELAY_DELAY =
            ConfigOptions.key("restart-strategy.fixed-delay.delay").durationType().defaultValue(Duration.ofSeconds(1));
}
