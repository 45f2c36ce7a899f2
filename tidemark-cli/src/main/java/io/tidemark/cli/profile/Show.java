package io.tidemark.cli.profile;

import io.tidemark.cli.config.Durations;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/** How the profile's figures are written for people: durations as job files write them, shares as percentages. */
final class Show {

    private Show() {}

    /** {@code ms} as a job file writes it: {@code 8500} → {@code 8s500ms}; negative with a minus. */
    static String duration(long ms) {
        return Durations.format(Duration.ofMillis(ms));
    }

    /**
     * A measured duration, to three significant digits: {@code 975ms}, {@code 13.1s}, {@code 10m02s},
     * {@code 3h05m}, {@code 365d}. (Settings are written with {@link #duration}, which job files read.)
     */
    static String human(long ms) {
        long a = Math.abs(ms);
        String sign = ms < 0 ? "-" : "";
        if (a < 1000) {
            return sign + a + "ms";
        }
        if (a < 60_000) {
            return sign + String.format(Locale.ROOT, a < 10_000 ? "%.2fs" : "%.1fs", a / 1000.0);
        }
        if (a < 3_600_000) {
            return sign + String.format(Locale.ROOT, "%dm%02ds", a / 60_000, a / 1000 % 60);
        }
        if (a < 86_400_000) {
            return sign + String.format(Locale.ROOT, "%dh%02dm", a / 3_600_000, a / 60_000 % 60);
        }
        return sign + String.format(Locale.ROOT, a < 10 * 86_400_000L ? "%.1fd" : "%.0fd", a / 86_400_000.0);
    }

    /** A share as a percentage with enough digits to tell small ones apart: 0.00012 → {@code 0.012%}. */
    static String percent(double share) {
        if (share == 0) {
            return "0%";
        }
        double p = share * 100;
        if (p >= 10) {
            return String.format(Locale.ROOT, "%.1f%%", p);
        }
        if (p >= 0.1) {
            return String.format(Locale.ROOT, "%.2f%%", p);
        }
        return String.format(Locale.ROOT, "%.2g%%", p);
    }

    static String instant(long ms) {
        return Instant.ofEpochMilli(ms).toString();
    }
}
