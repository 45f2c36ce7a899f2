package io.tidemark.cli.config;

import java.util.Locale;

/** How the event-time field is written. */
public enum TimeUnitKind {
    /** Epoch milliseconds. */
    MS(1_000_000L),
    /** Epoch seconds (a fraction is allowed: {@code 1700000000.25}). */
    S(1_000_000_000L),
    /** Epoch microseconds. */
    US(1_000L),
    /** Epoch nanoseconds. */
    NS(1L),
    /** An ISO-8601 instant with a zone offset, e.g. {@code 2024-01-01T10:00:00Z} or {@code 2024-01-01T18:00:00+08:00}. */
    ISO8601(0L);

    /** Nanoseconds per unit (0 for ISO-8601). */
    final long nanos;

    TimeUnitKind(long nanos) {
        this.nanos = nanos;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Which numeric unit an epoch value of this size is written in, judged by its number of digits
     * (present-day epoch values: seconds 9–11 digits, milliseconds 12–14, microseconds 15–17,
     * nanoseconds 18–20); null for values of 8 digits or fewer, which are too small to judge.
     */
    public static TimeUnitKind guessFromMagnitude(double value) {
        double v = Math.abs(value);
        if (v < 1e8) {
            return null;
        }
        if (v < 1e11) {
            return S;
        }
        if (v < 1e14) {
            return MS;
        }
        if (v < 1e17) {
            return US;
        }
        return NS;
    }
}
