package io.tidemark.api.connector.source.util.ratelimit;

/** Limits how fast one source subtask emits: {@link #acquire} waits until the next record may go. */
public interface RateLimiter {

    /** Blocks until one more record may be emitted. */
    void acquire() throws InterruptedException;
}
