package io.tidemark.cli.source;

import com.fasterxml.jackson.databind.JsonNode;
import io.tidemark.cli.config.ConfigException;
import io.tidemark.cli.config.Durations;
import io.tidemark.cli.config.JobKeys;
import io.tidemark.cli.config.Key;
import io.tidemark.cli.config.Settings;
import io.tidemark.cli.config.SourceType;
import io.tidemark.cli.config.Types;
import io.tidemark.cli.gen.DelayDistribution;
import io.tidemark.cli.gen.GeneratorOptions;
import io.tidemark.cli.gen.OrderGenerator;
import io.tidemark.cli.spi.Line;
import io.tidemark.cli.spi.LineInput;
import io.tidemark.cli.spi.SourceSpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code source.type: generator}: the order generator's lines, read directly (the same options as
 * {@code tidemark generate}, whose options are these keys).
 */
public final class GeneratorSource implements SourceType {

    private static final GeneratorOptions D = new GeneratorOptions();

    public static final Key<Integer> KEYS = Key.of("source.keys", Types.integer(1, 1_000_000_000))
            .dflt(D.keys).doc("Users `u01`…");
    public static final Key<Double> RATE = Key.of("source.rate", Types.positiveNumber(1_000_000))
            .dflt(D.rate).doc("Events per second of event time, evenly spaced.");
    public static final Key<Duration> DURATION = Key.of("source.duration", Types.positiveDuration())
            .dflt(D.duration).doc("Event-time span.");
    public static final Key<Long> START = Key.of("source.start", Types.scalar("ISO-8601 instant or epoch ms",
                    GeneratorSource::startTime, t -> Instant.ofEpochMilli(t).toString()))
            .dflt(D.start).doc("The first event time.");
    public static final Key<Long> SEED = Key.of("source.seed", Types.longInteger())
            .dflt(D.seed).doc("Random seed: the same options and seed give the same lines.");
    public static final Key<DelayDistribution> DELAY = Key.of("source.delay", Types.scalar("delay distribution",
                    GeneratorSource::delay, DelayDistribution::toString))
            .dflt(D.delay).doc("Arrival delay: `fixed:2s`, `uniform:0s..5s`, `exponential:2s` (mean), `lognormal:1s:0.8` "
                    + "(median and sigma: a long tail).");
    public static final Key<Double> VERY_LATE_FRACTION = Key.of("source.very-late-fraction", Types.fraction())
            .dflt(D.veryLateFraction).doc("Fraction of events delayed by `very-late-delay` more.");
    public static final Key<Duration> VERY_LATE_DELAY = Key.of("source.very-late-delay", Types.duration())
            .dflt(D.veryLateDelay).doc("The extra delay of very late events.");
    public static final Key<Integer> SPLITS = Key.of("source.splits", Types.integer(1, 10_000))
            .dflt(D.splits).doc("Partitions `p0`, `p1`, …; a user always lands on the same one.");
    public static final Key<List<GeneratorOptions.IdleStretch>> IDLE = Key.of("source.idle", Types.custom(
                    "list of `SPLIT@FROM+LENGTH`", GeneratorSource::idle,
                    l -> l.stream().map(i -> i.split() + "@" + Durations.format(Duration.ofMillis(i.fromMillis())) + "+"
                            + Durations.format(Duration.ofMillis(i.forMillis()))).collect(Collectors.joining(", "))))
            .absent("none").doc("A partition without events for a stretch of event time: `p1@10m+5m` = from 10 minutes "
                    + "after the start, for 5 minutes.");
    public static final Key<Double> UNIT_ERRORS = Key.of("source.unit-errors", Types.fraction())
            .dflt(0.0).doc("Fraction of lines with the event time in seconds instead of ms.");
    public static final Key<Double> MALFORMED = Key.of("source.malformed", Types.fraction())
            .dflt(0.0).doc("Fraction of lines cut in half (unparsable).");
    public static final Key<Double> FUTURE_ERRORS = Key.of("source.future-errors", Types.fraction())
            .dflt(0.0).doc("Fraction of lines with an event time a year ahead.");

    @Override
    public String name() {
        return "generator";
    }

    @Override
    public String doc() {
        return "order data with disorder, late events, idle splits and bad lines, made as it is read.";
    }

    @Override
    public List<Key<?>> keys() {
        return List.of(KEYS, RATE, DURATION, START, SEED, DELAY, VERY_LATE_FRACTION, VERY_LATE_DELAY, SPLITS, IDLE,
                UNIT_ERRORS, MALFORMED, FUTURE_ERRORS);
    }

    @Override
    public SourceSpec spec(Settings s, Path jobDir) {
        return new Spec(options(s, k -> k.path()));
    }

    /** The generator's options from checked settings; errors name a key {@code name.apply(key)}. */
    public static GeneratorOptions options(Settings s, java.util.function.Function<Key<?>, String> name) {
        GeneratorOptions g = new GeneratorOptions();
        g.keys = s.get(KEYS);
        g.rate = s.get(RATE);
        g.duration = s.get(DURATION);
        g.start = s.get(START);
        g.seed = s.get(SEED);
        g.delay = s.get(DELAY);
        g.veryLateFraction = s.get(VERY_LATE_FRACTION);
        g.veryLateDelay = s.get(VERY_LATE_DELAY);
        g.splits = s.get(SPLITS);
        if (s.get(IDLE) != null) {
            g.idle.addAll(s.get(IDLE));
        }
        g.unitErrors = s.get(UNIT_ERRORS);
        g.malformed = s.get(MALFORMED);
        g.futureErrors = s.get(FUTURE_ERRORS);
        g.csv = s.get(JobKeys.FORMAT).equals("csv");
        if (g.events() > 20_000_000L) {
            throw new ConfigException(name.apply(RATE), "rate x duration gives " + g.events() + " events; at most 20000000");
        }
        if (g.unitErrors + g.malformed + g.futureErrors > 1) {
            throw new ConfigException(name.apply(MALFORMED), "unit-errors + malformed + future-errors must be at most 1");
        }
        for (GeneratorOptions.IdleStretch i : g.idle) {
            int p = GeneratorOptions.splitIndex(i.split());
            if (p < 0 || p >= g.splits) {
                throw new ConfigException(name.apply(IDLE), "no split '" + i.split() + "'; splits are p0..p" + (g.splits - 1));
            }
        }
        return g;
    }

    static long startTime(String key, String text) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            try {
                return Instant.parse(text.trim()).toEpochMilli();
            } catch (DateTimeParseException e2) {
                throw new ConfigException(key, "'" + text + "' is neither epoch milliseconds nor an ISO-8601 instant");
            }
        }
    }

    static DelayDistribution delay(String key, String text) {
        String t = text.trim();
        int colon = t.indexOf(':');
        String name = colon < 0 ? t : t.substring(0, colon);
        String args = colon < 0 ? "" : t.substring(colon + 1);
        try {
            switch (name) {
                case "fixed":
                    return DelayDistribution.fixed(Durations.parse(key, args, false).toMillis(), t);
                case "uniform": {
                    int dots = args.indexOf("..");
                    if (dots < 0) {
                        throw new ConfigException(key, "write uniform:MIN..MAX, e.g. uniform:0s..5s");
                    }
                    return DelayDistribution.uniform(Durations.parse(key, args.substring(0, dots), false).toMillis(),
                            Durations.parse(key, args.substring(dots + 2), false).toMillis(), t);
                }
                case "exponential":
                    return DelayDistribution.exponential(Durations.parse(key, args, false).toMillis(), t);
                case "lognormal": {
                    String[] p = args.split(":");
                    if (p.length != 2) {
                        throw new ConfigException(key, "write lognormal:MEDIAN:SIGMA, e.g. lognormal:1s:0.8");
                    }
                    double sigma;
                    try {
                        sigma = Double.parseDouble(p[1]);
                    } catch (NumberFormatException e) {
                        throw new ConfigException(key, "lognormal sigma '" + p[1] + "' is not a number");
                    }
                    return DelayDistribution.lognormal(Durations.parse(key, p[0], false).toMillis(), sigma, t);
                }
                default:
                    throw new ConfigException(key, "unknown delay distribution '" + text
                            + "'; use fixed:2s, uniform:0s..5s, exponential:2s or lognormal:1s:0.8");
            }
        } catch (IllegalArgumentException e) {
            throw new ConfigException(key, e.getMessage());
        }
    }

    private static List<GeneratorOptions.IdleStretch> idle(String key, JsonNode v) {
        List<String> texts = Types.texts("").read(key, v);
        List<GeneratorOptions.IdleStretch> out = new ArrayList<>();
        for (String text : texts) {
            int at = text.indexOf('@');
            int plus = text.indexOf('+', at + 1);
            if (at <= 0 || plus < 0) {
                throw new ConfigException(key, "write SPLIT@FROM+LENGTH, e.g. p1@10m+5m: '" + text + "'");
            }
            out.add(new GeneratorOptions.IdleStretch(text.substring(0, at),
                    Durations.parse(key, text.substring(at + 1, plus), false).toMillis(),
                    Durations.parse(key, text.substring(plus + 1), false).toMillis()));
        }
        return List.copyOf(out);
    }

    /** The generator's options. */
    record Spec(GeneratorOptions options) implements SourceSpec {

        private static final long serialVersionUID = 1L;

        @Override
        public String type() {
            return "generator";
        }

        @Override
        public String describe() {
            return "generator (" + options.events() + " events, seed " + options.seed + ")";
        }

        @Override
        public LineInput open(int maxLineLength) {
            OrderGenerator g = new OrderGenerator(options);
            return new LineInput() {
                @Override
                public boolean next(Line line) {
                    if (!g.hasNext()) {
                        return false;
                    }
                    line.set(g.next().getBytes(StandardCharsets.UTF_8), maxLineLength);
                    return true;
                }

                @Override
                public String name() {
                    return "generator";
                }

                @Override
                public void close() {}
            };
        }
    }
}
