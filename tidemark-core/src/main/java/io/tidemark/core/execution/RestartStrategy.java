package io.tidemark.core.execution;

import io.tidemark.configuration.ReadableConfig;
import io.tidemark.configuration.RestartStrategyOptions;
import java.time.Duration;
import java.util.Locale;

/**
 * What a job does when it fails ({@code restart-strategy.type}): fail ({@link #none()}), or restart
 * from its latest checkpoint (from the beginning without checkpoints) after {@code delay}, at most
 * {@code attempts} times ({@code fixed-delay}). Each restart is one more attempt of the same job: its
 * functions see it as {@code getTaskInfo().getAttemptNumber()}.
 *
 * @param attempts how many restarts, at most; 0 for none
 * @param delay how long to wait before each restart
 */
public record RestartStrategy(int attempts, Duration delay) {

    public RestartStrategy {
        if (attempts < 0) {
            throw new IllegalArgumentException("restart attempts cannot be negative: " + attempts);
        }
        if (delay.isNegative()) {
            throw new IllegalArgumentException("the restart delay cannot be negative: " + delay);
        }
    }

    /** No restart: the first failure fails the job. */
    public static RestartStrategy none() {
        return new RestartStrategy(0, Duration.ZERO);
    }

    /**
     * The strategy {@code config} names for the embedded engine: none when it names none, or one of
     * Flink's the embedded engine lacks ({@code failure-rate}, {@code exponential-delay}: see
     * {@link #isHonoured}); fails on a name Flink does not know either.
     */
    public static RestartStrategy of(ReadableConfig config) {
        String type = type(config);
        return switch (type) {
            case "fixed-delay", "fixeddelay" -> new RestartStrategy(
                    config.get(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS),
                    config.get(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY));
            case "none", "off", "disable", "failure-rate", "failurerate", "exponential-delay", "exponentialdelay" -> none();
            default -> throw new IllegalArgumentException(RestartStrategyOptions.RESTART_STRATEGY.key() + ": '" + type
                    + "' is not a restart strategy; Flink's are none (off, disable), fixed-delay, failure-rate and exponential-delay");
        };
    }

    /** Whether the embedded engine runs the strategy {@code config} names: none or fixed-delay. */
    public static boolean isHonoured(ReadableConfig config) {
        return switch (type(config)) {
            case "none", "off", "disable", "fixed-delay", "fixeddelay" -> true;
            default -> false;
        };
    }

    private static String type(ReadableConfig config) {
        return config.getOptional(RestartStrategyOptions.RESTART_STRATEGY).orElse("none").trim().toLowerCase(Locale.ROOT);
    }

    /** Whether the job restarts at all. */
    public boolean restarts() {
        return attempts > 0;
    }
}
