package io.tidemark.runtime.operators.windowing;

/**
 * What the engine keeps for one window of one key: the accumulated contents and the firing count.
 * Kept from the first element until the window's cleanup time, also across purges (so firing
 * indexes keep counting).
 */
final class WindowContents {
    /** Accumulator, reduced value or element list; meaningful only when {@link #hasData}. */
    Object acc;

    boolean hasData;

    /** The window's firing history ({@link WindowRules}). */
    int history = WindowRules.NEVER_FIRED;

    void absorb(WindowContents other, WindowAccumulation<?, Object> accumulation) throws Exception {
        if (other.hasData) {
            acc = hasData ? accumulation.merge(acc, other.acc) : other.acc;
            hasData = true;
        }
        history = WindowRules.merged(history, other.history);
    }
}
