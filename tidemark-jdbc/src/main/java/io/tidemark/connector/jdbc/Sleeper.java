package io.tidemark.connector.jdbc;

import java.io.Serializable;

/** Waits between retries; tests replace it to act at the moment of a retry instead of waiting. */
@FunctionalInterface
public interface Sleeper extends Serializable {

    /** {@link Thread#sleep(long)}. */
    Sleeper THREAD = Thread::sleep;

    void sleep(long millis) throws InterruptedException;
}
