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

    /** Firings so far (the index of the last firing). */
    int firings;

    /** Whether the on-time firing happened. */
    boolean onTimeFired;

    void absorb(WindowContents other, WindowAccumulation<?, Object> accumulation) throws Exception {
        if (other.hasData) {
            acc = hasData ? accumulation.merge(acc, other.acc) : other.acc;
            hasData = true;
        }
        firings = Math.max(firings, other.firings);
        onTimeFired |= other.onTimeFired;
    }
}
