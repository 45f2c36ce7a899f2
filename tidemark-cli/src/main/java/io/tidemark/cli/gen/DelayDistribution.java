package io.tidemark.cli.gen;

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

    /** Always {@code ms}. {@code text} is how it was written ({@code fixed:2s}). */
    public static DelayDistribution fixed(long ms, String text) {
        return new DelayDistribution(Kind.FIXED, ms, 0, 0, text);
    }

    /** Evenly between {@code lo} and {@code hi} ms (inclusive). */
    public static DelayDistribution uniform(long lo, long hi, String text) {
        if (hi < lo) {
            throw new IllegalArgumentException("uniform: MAX is below MIN in '" + text + "'");
        }
        return new DelayDistribution(Kind.UNIFORM, lo, hi, 0, text);
    }

    /** Exponential with mean {@code mean} ms. */
    public static DelayDistribution exponential(long mean, String text) {
        return new DelayDistribution(Kind.EXPONENTIAL, mean, 0, 0, text);
    }

    /** Log-normal with median {@code median} ms and {@code sigma} (0 to 10): most delays near the median, a long tail. */
    public static DelayDistribution lognormal(long median, double sigma, String text) {
        if (!(sigma >= 0) || sigma > 10) {
            throw new IllegalArgumentException("lognormal sigma must be between 0 and 10: " + sigma);
        }
        return new DelayDistribution(Kind.LOGNORMAL, median, 0, sigma, text);
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
