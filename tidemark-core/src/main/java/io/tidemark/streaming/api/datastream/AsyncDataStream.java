package io.tidemark.streaming.api.datastream;

import io.tidemark.streaming.api.functions.async.AsyncFunction;
import io.tidemark.streaming.api.functions.async.AsyncRetryStrategy;
import io.tidemark.streaming.api.operators.AsyncWaitOperatorFactory;
import java.util.concurrent.TimeUnit;

/**
 * Async I/O (Flink's {@code AsyncDataStream}): each record starts a call of an {@link AsyncFunction},
 * at most {@code capacity} (default {@value #DEFAULT_QUEUE_CAPACITY}) in flight; a call longer than the
 * timeout (0 or less: none) goes to the function's {@code timeout}. {@code orderedWait} emits results in
 * the order of their records; {@code unorderedWait} as they complete, but never across a watermark:
 * results of records before a watermark come before it, those of records after it after it. Calls in
 * flight are part of checkpoints and start again after a restore. Rules: docs/semantics.md.
 */
public class AsyncDataStream {

    /** Flink's default capacity: calls in flight per subtask. */
    public static final int DEFAULT_QUEUE_CAPACITY = 100;

    public static <IN, OUT> SingleOutputStreamOperator<OUT> unorderedWait(DataStream<IN> in, AsyncFunction<IN, OUT> func,
            long timeout, TimeUnit timeUnit, int capacity) {
        return add(in, func, false, timeUnit.toMillis(timeout), capacity, null);
    }

    public static <IN, OUT> SingleOutputStreamOperator<OUT> unorderedWait(DataStream<IN> in, AsyncFunction<IN, OUT> func,
            long timeout, TimeUnit timeUnit) {
        return add(in, func, false, timeUnit.toMillis(timeout), DEFAULT_QUEUE_CAPACITY, null);
    }

    public static <IN, OUT> SingleOutputStreamOperator<OUT> orderedWait(DataStream<IN> in, AsyncFunction<IN, OUT> func,
            long timeout, TimeUnit timeUnit, int capacity) {
        return add(in, func, true, timeUnit.toMillis(timeout), capacity, null);
    }

    public static <IN, OUT> SingleOutputStreamOperator<OUT> orderedWait(DataStream<IN> in, AsyncFunction<IN, OUT> func,
            long timeout, TimeUnit timeUnit) {
        return add(in, func, true, timeUnit.toMillis(timeout), DEFAULT_QUEUE_CAPACITY, null);
    }

    public static <IN, OUT> SingleOutputStreamOperator<OUT> unorderedWaitWithRetry(DataStream<IN> in,
            AsyncFunction<IN, OUT> func, long timeout, TimeUnit timeUnit, AsyncRetryStrategy<OUT> asyncRetryStrategy) {
        return add(in, func, false, timeUnit.toMillis(timeout), DEFAULT_QUEUE_CAPACITY, asyncRetryStrategy);
    }

    public static <IN, OUT> SingleOutputStreamOperator<OUT> unorderedWaitWithRetry(DataStream<IN> in,
            AsyncFunction<IN, OUT> func, long timeout, TimeUnit timeUnit, int capacity, AsyncRetryStrategy<OUT> asyncRetryStrategy) {
        return add(in, func, false, timeUnit.toMillis(timeout), capacity, asyncRetryStrategy);
    }

    public static <IN, OUT> SingleOutputStreamOperator<OUT> orderedWaitWithRetry(DataStream<IN> in,
            AsyncFunction<IN, OUT> func, long timeout, TimeUnit timeUnit, AsyncRetryStrategy<OUT> asyncRetryStrategy) {
        return add(in, func, true, timeUnit.toMillis(timeout), DEFAULT_QUEUE_CAPACITY, asyncRetryStrategy);
    }

    public static <IN, OUT> SingleOutputStreamOperator<OUT> orderedWaitWithRetry(DataStream<IN> in,
            AsyncFunction<IN, OUT> func, long timeout, TimeUnit timeUnit, int capacity, AsyncRetryStrategy<OUT> asyncRetryStrategy) {
        return add(in, func, true, timeUnit.toMillis(timeout), capacity, asyncRetryStrategy);
    }

    private static <IN, OUT> SingleOutputStreamOperator<OUT> add(DataStream<IN> in, AsyncFunction<IN, OUT> func, boolean ordered,
            long timeoutMillis, int capacity, AsyncRetryStrategy<OUT> retry) {
        return in.transform("async wait operator",
                new AsyncWaitOperatorFactory<>(func, ordered, timeoutMillis, capacity, retry));
    }
}
