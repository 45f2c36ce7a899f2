package io.tidemark.streaming.api.functions.async;

import java.io.Serializable;

/** When and how often an async call is retried (Flink's {@code AsyncRetryStrategy}). */
public interface AsyncRetryStrategy<OUT> extends Serializable {

    /** Whether another attempt follows attempt {@code currentAttempts} (1 for the first call). */
    boolean canRetry(int currentAttempts);

    /** How long to wait before the next attempt, after attempt {@code currentAttempts}. */
    long getBackoffTimeMillis(int currentAttempts);

    AsyncRetryPredicate<OUT> getRetryPredicate();
}
