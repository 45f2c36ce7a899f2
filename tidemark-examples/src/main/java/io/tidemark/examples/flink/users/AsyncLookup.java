package io.tidemark.examples.flink.users;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import io.tidemark.api.common.functions.OpenContext;
import io.tidemark.streaming.api.datastream.AsyncDataStream;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.async.ResultFuture;
import io.tidemark.streaming.api.functions.async.RichAsyncFunction;
import io.tidemark.streaming.util.retryable.AsyncRetryStrategies;
import io.tidemark.streaming.util.retryable.RetryPredicates;

/**
 * A Flink 2 user's job enriching records through an asynchronous service: lookups answered on a
 * thread pool out of order, in order ({@code orderedWait}, capacity 5) and as they come
 * ({@code unorderedWait}); one lookup never answers and times out; a flaky service answers nothing
 * the first time for even numbers and is retried after a fixed delay.
 */
public class AsyncLookup {

    /** Answers after a delay that varies with the number; never for 13. */
    static final class Lookup extends RichAsyncFunction<Long, String> {
        private transient ExecutorService pool;

        @Override
        public void open(OpenContext openContext) {
            pool = Executors.newFixedThreadPool(4);
        }

        @Override
        public void close() {
            pool.shutdownNow();
        }

        @Override
        public void asyncInvoke(Long n, ResultFuture<String> resultFuture) {
            if (n == 13) {
                return;
            }
            pool.submit(() -> {
                Thread.sleep(n * 7 % 5);
                resultFuture.complete(List.of("looked up " + n));
                return null;
            });
        }

        @Override
        public void timeout(Long n, ResultFuture<String> resultFuture) {
            resultFuture.complete(List.of("timed out " + n));
        }
    }

    /** Answers nothing on the first call for an even number. */
    static final class Flaky extends RichAsyncFunction<Long, String> {
        private transient Map<Long, Integer> calls;

        @Override
        public void open(OpenContext openContext) {
            calls = new ConcurrentHashMap<>();
        }

        @Override
        public void asyncInvoke(Long n, ResultFuture<String> resultFuture) {
            int call = calls.merge(n, 1, Integer::sum);
            resultFuture.complete(n % 2 == 0 && call == 1 ? List.of() : List.of(n + " on call " + call));
        }
    }

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        DataStream<Long> numbers = env.fromSequence(1, 20);
        AsyncDataStream.orderedWait(numbers, new Lookup(), 500, TimeUnit.MILLISECONDS, 5).print("ordered");
        AsyncDataStream.unorderedWait(numbers, new Lookup(), 500, TimeUnit.MILLISECONDS).print("unordered");
        AsyncDataStream.orderedWaitWithRetry(numbers, new Flaky(), 1000, TimeUnit.MILLISECONDS,
                new AsyncRetryStrategies.FixedDelayRetryStrategyBuilder<String>(3, 10)
                        .ifResult(RetryPredicates.EMPTY_RESULT_PREDICATE).build()).print("retried");
        env.execute("async lookup");
    }
}
