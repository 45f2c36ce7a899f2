package io.tidemark.cli.gen;

import io.tidemark.cli.config.ConfigException;
import io.tidemark.cli.config.Durations;
import java.io.Serializable;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What the order generator writes (the same options for {@code tidemark generate} and for a job's
 * {@code source.type: generator}). Every field has a default; see docs/job-file.md.
 */
public final class GeneratorOptions implements Serializable {

    private static final long serialVersionUID = 1L;

    public int keys = 20;
    public double rate = 20;
    public Duration duration = Duration.ofMinutes(30);
    public long start = Instant.parse("2024-01-01T00:00:00Z").toEpochMilli();
    public long seed = 42;
    public DelayDistribution delay = DelayDistribution.parse("delay", "lognormal:2s:0.8");
    public double veryLateFraction = 0.005;
    public Duration veryLateDelay = Duration.ofMinutes(10);
    public int splits = 4;
    public List<IdleStretch> idle = new ArrayList<>();
    public double unitErrors;
    public double malformed;
    public double futureErrors;
    public boolean csv;

    /** A split with no events for a stretch of event time: {@code p1@10m+5m} (from 10 min after the start, for 5 min). */
    public record IdleStretch(String split, long fromMillis, long forMillis) implements Serializable {

        public static IdleStretch parse(String key, String text) {
            int at = text.indexOf('@');
            int plus = text.indexOf('+', at + 1);
            if (at <= 0 || plus < 0) {
                throw new ConfigException(key, "write SPLIT@FROM+LENGTH, e.g. p1@10m+5m: '" + text + "'");
            }
            return new IdleStretch(text.substring(0, at), Durations.parse(key, text.substring(at + 1, plus), false).toMillis(),
                    Durations.parse(key, text.substring(plus + 1), false).toMillis());
        }

        @Override
        public String toString() {
            return split + "@" + Durations.format(Duration.ofMillis(fromMillis)) + "+" + Durations.format(Duration.ofMillis(forMillis));
        }
    }

    /** The number of events the generator draws (before idle stretches drop some). */
    public long events() {
        return (long) Math.floor(rate * duration.toMillis() / 1000.0);
    }

    /** Checks ranges; the prefix is the key path of the options (e.g. {@code source.} or {@code --}). */
    public void validate(String prefix) {
        if (keys < 1) {
            throw new ConfigException(prefix + "keys", "must be at least 1: " + keys);
        }
        if (!(rate > 0) || rate > 1_000_000) {
            throw new ConfigException(prefix + "rate", "events per second must be above 0 and at most 1000000: " + rate);
        }
        if (duration.isNegative() || duration.isZero()) {
            throw new ConfigException(prefix + "duration", "must be above 0");
        }
        if (events() > 20_000_000L) {
            throw new ConfigException(prefix + "rate", "rate x duration gives " + events() + " events; at most 20000000");
        }
        if (splits < 1 || splits > 10_000) {
            throw new ConfigException(prefix + "splits", "must be between 1 and 10000: " + splits);
        }
        fraction(prefix + "very-late-fraction", veryLateFraction);
        fraction(prefix + "unit-errors", unitErrors);
        fraction(prefix + "malformed", malformed);
        fraction(prefix + "future-errors", futureErrors);
        if (unitErrors + malformed + futureErrors > 1) {
            throw new ConfigException(prefix + "malformed", "unit-errors + malformed + future-errors must be at most 1");
        }
        for (IdleStretch s : idle) {
            int p = splitIndex(s.split());
            if (p < 0 || p >= splits) {
                throw new ConfigException(prefix + "idle", "no split '" + s.split() + "'; splits are p0.." + "p" + (splits - 1));
            }
        }
    }

    static int splitIndex(String split) {
        if (split.length() < 2 || split.charAt(0) != 'p') {
            return -1;
        }
        try {
            return Integer.parseInt(split.substring(1));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static void fraction(String key, double v) {
        if (!(v >= 0) || v > 1) {
            throw new ConfigException(key, "must be a fraction between 0 and 1: " + v);
        }
    }
}
