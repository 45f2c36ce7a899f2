package io.tidemark.cli.gen;

import io.tidemark.cli.config.ConfigException;
import io.tidemark.cli.config.Durations;
import java.io.Serializable;
import java.util.SplittableRandom;

/**
 * How long an event takes from happening to arriving. Written as
 * {@code fixed:2s}, {@code uniform:0s..5s}, {@code exponential:2s} (the mean) or
 * {@code lognormal:1s:0.8} (the median and sigma: most delays near the median, a long tail).
 */
public final class DelayDistribution implements Serializable {

    private static final long serialVersionUID = 1L;

    enum Kind { FIXED, UNIFORM, EXPONENTIAL, LOGNORMAL }

    private final Kind kind;
    private final long a;
    private final long b;
    private final double sigma;
    private final String text;

    private DelayDistribution(Kind kind, long a, long b, double sigma, String text) {
        this.kind = kind;
        this.a = a;
        this.b = b;
        this.sigma = sigma;
        this.text = text;
    }

    public static DelayDistribution parse(String key, String text) {
        String t = text.trim();
        int colon = t.indexOf(':');
        String name = colon < 0 ? t : t.substring(0, colon);
        String args = colon < 0 ? "" : t.substring(colon + 1);
        switch (name) {
            case "fixed":
                return new DelayDistribution(Kind.FIXED, Durations.parse(key, args, false).toMillis(), 0, 0, t);
            case "uniform": {
                int dots = args.indexOf("..");
                if (dots < 0) {
                    throw new ConfigException(key, "write uniform:MIN..MAX, e.g. uniform:0s..5s");
                }
                long lo = Durations.parse(key, args.substring(0, dots), false).toMillis();
                long hi = Durations.parse(key, args.substring(dots + 2), false).toMillis();
                if (hi < lo) {
                    throw new ConfigException(key, "uniform: MAX is below MIN in '" + text + "'");
                }
                return new DelayDistribution(Kind.UNIFORM, lo, hi, 0, t);
            }
            case "exponential":
                return new DelayDistribution(Kind.EXPONENTIAL, Durations.parse(key, args, false).toMillis(), 0, 0, t);
            case "lognormal": {
                String[] p = args.split(":");
                if (p.length != 2) {
                    throw new ConfigException(key, "write lognormal:MEDIAN:SIGMA, e.g. lognormal:1s:0.8");
                }
                double s;
                try {
                    s = Double.parseDouble(p[1]);
                } catch (NumberFormatException e) {
                    throw new ConfigException(key, "lognormal sigma '" + p[1] + "' is not a number");
                }
                if (!(s >= 0) || s > 10) {
                    throw new ConfigException(key, "lognormal sigma must be between 0 and 10: " + p[1]);
                }
                return new DelayDistribution(Kind.LOGNORMAL, Durations.parse(key, p[0], false).toMillis(), 0, s, t);
            }
            default:
                throw new ConfigException(key, "unknown delay distribution '" + text
                        + "'; use fixed:2s, uniform:0s..5s, exponential:2s or lognormal:1s:0.8");
        }
    }

    /** A delay in milliseconds (never negative), drawn with {@code rnd}. */
    long sample(SplittableRandom rnd) {
        return switch (kind) {
            case FIXED -> a;
            case UNIFORM -> a == b ? a : a + rnd.nextLong(b - a + 1);
            case EXPONENTIAL -> Math.round(-a * Math.log(1 - rnd.nextDouble()));
            case LOGNORMAL -> Math.round(a * Math.exp(sigma * gaussian(rnd)));
        };
    }

    private static double gaussian(SplittableRandom rnd) {
        // Box–Muller; one draw per call keeps the stream of draws simple and deterministic
        double u1 = 1 - rnd.nextDouble();
        double u2 = rnd.nextDouble();
        return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    }

    @Override
    public String toString() {
        return text;
    }
}
