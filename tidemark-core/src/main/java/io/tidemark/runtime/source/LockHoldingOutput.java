package io.tidemark.runtime.source;

/**
 * A source context that can emit a timestamped record for a caller that already holds its checkpoint
 * lock, without entering the lock again. {@link SplitContext} holds the lock around each record (for
 * its timestamp assigner and watermark generator), so the engine's context offers this to save a
 * second, re-entrant monitor enter per record (measurable: the lock is shared with the source's timer
 * thread, so its monitor is usually inflated).
 */
public interface LockHoldingOutput<T> {

    /** Emits {@code element} with {@code timestamp}; the caller holds the checkpoint lock. */
    void collectWithTimestampHoldingLock(T element, long timestamp);

    /** Emits a late {@code element} with {@code timestamp} to the source's side output {@code tag}; the caller holds the lock. */
    <X> void collectLateHoldingLock(io.tidemark.util.OutputTag<X> tag, X element, long timestamp);
}
