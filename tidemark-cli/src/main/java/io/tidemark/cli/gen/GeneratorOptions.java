package io.tidemark.cli.gen;

import java.io.Serializable;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What the order generator writes (the same options for {@code tidemark generate} and for a job's
 * {@code source.type: generator}, read and checked there). Every field has a default; see
 * docs/job-file.md.
 */
public final class GeneratorOptions implements Serializable {

    private static final long serialVersionUID = 1L;

    public int keys = 20;
    public double rate = 20;
    public Duration duration = Duration.ofMinutes(30);
    public long start = Instant.parse("2024-01-01T00:00:00Z").toEpochMilli();
    public long seed = 42;
    public DelayDistribution delay = DelayDistribution.lognormal(2000, 0.8, "lognormal:2s:0.8");
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

        @Override
        public String toString() {
            return split + "@" + fromMillis + "ms+" + forMillis + "ms";
        }
    }

    /** The number of events the generator draws (before idle stretches drop some). */
    public long events() {
        return (long) Math.floor(rate * duration.toMillis() / 1000.0);
    }

    /** The index of split {@code p3} (3), or -1 if it is not of the form {@code pN}. */
    public static int splitIndex(String split) {
        if (split.length() < 2 || split.charAt(0) != 'p') {
            return -1;
        }
        try {
            return Integer.parseInt(split.substring(1));
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
