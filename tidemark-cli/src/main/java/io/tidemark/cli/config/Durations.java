package io.tidemark.cli.config;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as job files write them: a whole number and a unit, {@code 250ms}, {@code 10s},
 * {@code 5m}, {@code 1h}, {@code 1d}; parts may be combined ({@code 1m30s}). {@code 0} alone is zero.
 * A leading {@code -} is accepted where a negative value makes sense (window offsets). A duration is
 * at most {@link #MAX} (100 years) either way, so that event times plus any duration stay far from the
 * ends of the long range.
 */
public final class Durations {

    /** The longest duration a job file may write: 36500 days. */
    public static final Duration MAX = Duration.ofDays(36_500);

    private static final Pattern PART = Pattern.compile("(\\d+)(ms|s|m|h|d)");
    private static final Pattern WHOLE = Pattern.compile("-?(\\d+(ms|s|m|h|d))+");

    private Durations() {}

    /** Parses {@code text}; throws a {@link ConfigException} naming {@code key} if it is not a duration. */
    public static Duration parse(String key, String text, boolean allowNegative) {
        if (text == null) {
            throw new ConfigException(key, "a duration is required, e.g. 10s");
        }
        String t = text.trim();
        if (t.equals("0")) {
            return Duration.ZERO;
        }
        if (!WHOLE.matcher(t).matches()) {
            throw new ConfigException(key, "'" + text + "' is not a duration; write a number and a unit: 250ms, 10s, 5m, 1h, 1d");
        }
        boolean negative = t.startsWith("-");
        if (negative && !allowNegative) {
            throw new ConfigException(key, "'" + text + "' is negative; a duration here must be zero or more");
        }
        Duration d = Duration.ZERO;
        Matcher m = PART.matcher(negative ? t.substring(1) : t);
        try {
            while (m.find()) {
                long n = Long.parseLong(m.group(1));
                d = d.plus(switch (m.group(2)) {
                    case "ms" -> Duration.ofMillis(n);
                    case "s" -> Duration.ofSeconds(n);
                    case "m" -> Duration.ofMinutes(n);
                    case "h" -> Duration.ofHours(n);
                    default -> Duration.ofDays(n);
                });
            }
            d.toMillis(); // must fit in milliseconds
        } catch (ArithmeticException | NumberFormatException e) {
            d = MAX.plusMillis(1);
        }
        if (d.compareTo(MAX) > 0) {
            throw new ConfigException(key, "'" + text + "' is too large; at most " + format(MAX));
        }
        return negative ? d.negated() : d;
    }

    /** The shortest form this class parses back, e.g. {@code 90000 ms -> 1m30s}. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms == 0) {
            return "0s";
        }
        StringBuilder sb = new StringBuilder();
        if (ms < 0) {
            sb.append('-');
            ms = -ms;
        }
        long[] sizes = {86_400_000L, 3_600_000L, 60_000L, 1000L, 1L};
        String[] units = {"d", "h", "m", "s", "ms"};
        for (int i = 0; i < sizes.length; i++) {
            if (ms >= sizes[i]) {
                sb.append(ms / sizes[i]).append(units[i]);
                ms %= sizes[i];
            }
        }
        return sb.toString();
    }
}
