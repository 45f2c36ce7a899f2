package io.tidemark.streaming.api.operators;

import io.tidemark.streaming.api.functions.async.AsyncFunction;
import io.tidemark.streaming.api.functions.async.AsyncRetryStrategy;
import io.tidemark.streaming.api.transformations.OperatorFactory;
import java.util.Objects;

/**
 * The operator of {@code AsyncDataStream}: what it runs and how ({@code ordered} or not, the timeout
 * in milliseconds, 0 or less for none, the capacity of calls in flight, the retry strategy or null).
 * An engine reads these settings and builds its operator (the embedded engine's {@code AsyncWaitOperator},
 * Flink's own on Flink).
 */
public final class AsyncWaitOperatorFactory<IN, OUT> implements OperatorFactory<IN, OUT> {

    private static final long serialVersionUID = 1L;

    private final AsyncFunction<IN, OUT> function;
    private final boolean ordered;
    private final long timeoutMillis;
    private final int capacity;
    private final AsyncRetryStrategy<OUT> retryStrategy;

    public AsyncWaitOperatorFactory(AsyncFunction<IN, OUT> function, boolean ordered, long timeoutMillis, int capacity,
            AsyncRetryStrategy<OUT> retryStrategy) {
        this.function = Objects.requireNonNull(function, "async function");
        if (capacity < 1) {
            throw new IllegalArgumentException("the capacity must be positive: " + capacity);
        }
        this.ordered = ordered;
        this.timeoutMillis = timeoutMillis;
        this.capacity = capacity;
        this.retryStrategy = retryStrategy;
    }

    public AsyncFunction<IN, OUT> getFunction() {
        return function;
    }

    public boolean isOrdered() {
        return ordered;
    }

    public long getTimeoutMillis() {
        return timeoutMillis;
    }

    public int getCapacity() {
        return capacity;
    }

    /** The retry strategy, or null for none. */
    public AsyncRetryStrategy<OUT> getRetryStrategy() {
        return retryStrategy;
    }

    /** Not made here: each engine builds its own async operator from these settings. */
    @Override
    public OneInputOperator<IN, OUT> createOperator() {
        throw new UnsupportedOperationException("an engine builds the async operator from its settings");
    }
}
