package io.tidemark.api.common.eventtime;

/**
 * A generator that trails the largest timestamp by a bound it can name: the engine publishes it as the
 * {@code watermarkBound} metric (an adaptive bound changes; a fixed one does not). Decorators
 * (idleness, idle advance) pass it on.
 */
public interface CurrentBound {

    /** The bound in use now in milliseconds, or -1 when the generator has none. */
    long currentBoundMillis();

    /** {@code generator}'s bound, or -1 when it names none. */
    static long of(WatermarkGenerator<?> generator) {
        return generator instanceof CurrentBound c ? c.currentBoundMillis() : -1;
    }
}
