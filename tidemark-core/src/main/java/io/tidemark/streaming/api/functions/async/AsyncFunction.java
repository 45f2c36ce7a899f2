package io.tidemark.streaming.api.functions.async;

import io.tidemark.api.common.functions.Function;
import java.io.Serializable;
import java.util.concurrent.TimeoutException;

/**
 * A function called for each record that completes later, from any thread, through its
 * {@link ResultFuture} (Flink's {@code AsyncFunction}); run by {@code AsyncDataStream}.
 */
public interface AsyncFunction<IN, OUT> extends Function, Serializable {

    /** Starts the work for {@code input}; completes {@code resultFuture} once, now or later, from any thread. */
    void asyncInvoke(IN input, ResultFuture<OUT> resultFuture) throws Exception;

    /** Called when {@code input}'s call took longer than the timeout; by default it fails the job. */
    default void timeout(IN input, ResultFuture<OUT> resultFuture) throws Exception {
        resultFuture.completeExceptionally(new TimeoutException("Async function call has timed out."));
    }
}
