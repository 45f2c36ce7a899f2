package io.tidemark.runtime.operators.windowing;

/**
 * Starts a window's contents from a fresh empty accumulator made ahead in a batch ({@code aggregate}
 * only; other contents start with their first element). Made one after the other, the accumulators
 * sit next to each other in memory, so the accumulators of one window (or of one key's sessions)
 * share cache lines and pages instead of lying scattered among the records allocated between them.
 * A speculative {@code createAccumulator()} is harmless: it has no effects and its result is unshared.
 * Bounds: at most {@value #BATCH} accumulators made ahead.
 */
final class EmptyAccumulators<IN, ACC> {

    private static final int BATCH = 256;

    private final WindowAccumulation<IN, ACC> accumulation;
    private Object[] batch;
    private int next;

    EmptyAccumulators(WindowAccumulation<IN, ACC> accumulation) {
        this.accumulation = accumulation;
    }

    /** New contents holding {@code value}. */
    @SuppressWarnings("unchecked")
    ACC first(IN value) throws Exception {
        Object[] b = batch;
        if (b == null || next == b.length) {
            ACC empty = accumulation.empty();
            if (empty == null) {
                return accumulation.first(value); // contents start with their first element
            }
            if (b == null) {
                b = batch = new Object[BATCH];
            }
            b[0] = empty;
            for (int i = 1; i < b.length; i++) {
                b[i] = accumulation.empty();
            }
            next = 0;
        }
        Object acc = b[next];
        b[next++] = null;
        return accumulation.add((ACC) acc, value);
    }
}
