package io.tidemark.flink.bridge;

import io.tidemark.streaming.api.operators.AsyncWaitOperatorFactory;
import java.util.Collection;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.datastream.AsyncDataStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.functions.async.AsyncRetryPredicate;
import org.apache.flink.streaming.api.functions.async.AsyncRetryStrategy;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.api.functions.async.RichAsyncFunction;

/**
 * Tidemark's {@code AsyncDataStream} on Flink: Flink's own {@code AsyncDataStream} (ordered or not,
 * timeout, capacity, retry strategy) over a Flink async function that runs the Tidemark one, whose
 * result futures complete Flink's.
 */
public final class Async {

    private Async() {}

    /** {@code in} through Flink's async operator with {@code settings}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static SingleOutputStreamOperator<Object> translate(DataStream<Object> in, AsyncWaitOperatorFactory<?, ?> settings) {
        Function f = new Function((io.tidemark.streaming.api.functions.async.AsyncFunction) settings.getFunction());
        long timeout = settings.getTimeoutMillis();
        int capacity = settings.getCapacity();
        if (settings.getRetryStrategy() == null) {
            return settings.isOrdered() ? AsyncDataStream.orderedWait(in, f, timeout, TimeUnit.MILLISECONDS, capacity)
                    : AsyncDataStream.unorderedWait(in, f, timeout, TimeUnit.MILLISECONDS, capacity);
        }
        Retry retry = new Retry((io.tidemark.streaming.api.functions.async.AsyncRetryStrategy) settings.getRetryStrategy());
        return settings.isOrdered() ? AsyncDataStream.orderedWaitWithRetry(in, f, timeout, TimeUnit.MILLISECONDS, capacity, retry)
                : AsyncDataStream.unorderedWaitWithRetry(in, f, timeout, TimeUnit.MILLISECONDS, capacity, retry);
    }

    /** Flink's async function running a Tidemark one. */
    static final class Function extends RichAsyncFunction<Object, Object>
            implements org.apache.flink.api.java.typeutils.ResultTypeQueryable<Object> {
        private static final long serialVersionUID = 1L;
        private final io.tidemark.streaming.api.functions.async.AsyncFunction<Object, Object> f;

        Function(io.tidemark.streaming.api.functions.async.AsyncFunction<Object, Object> f) {
            this.f = f;
        }

        /** The class the Tidemark function declares as its output, else a generic type. */
        @Override
        public org.apache.flink.api.common.typeinfo.TypeInformation<Object> getProducedType() {
            return States.producedType(f, io.tidemark.streaming.api.functions.async.AsyncFunction.class, 1);
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            Runtime.open(f, getRuntimeContext());
        }

        @Override
        public void close() throws Exception {
            Runtime.close(f);
        }

        @Override
        public void asyncInvoke(Object input, ResultFuture<Object> resultFuture) throws Exception {
            f.asyncInvoke(input, new Future(resultFuture));
        }

        @Override
        public void timeout(Object input, ResultFuture<Object> resultFuture) throws Exception {
            f.timeout(input, new Future(resultFuture));
        }
    }

    /** A Tidemark result future completing Flink's. */
    private record Future(ResultFuture<Object> flink) implements io.tidemark.streaming.api.functions.async.ResultFuture<Object> {
        @Override
        public void complete(Collection<Object> result) {
            flink.complete(result);
        }

        @Override
        public void completeExceptionally(Throwable error) {
            flink.completeExceptionally(error);
        }

        @Override
        public void complete(io.tidemark.streaming.api.functions.async.CollectionSupplier<Object> supplier) {
            flink.complete(supplier::get);
        }
    }

    /** Flink's retry strategy asking a Tidemark one. */
    private record Retry(io.tidemark.streaming.api.functions.async.AsyncRetryStrategy<Object> t)
            implements AsyncRetryStrategy<Object> {
        @Override
        public boolean canRetry(int currentAttempts) {
            return t.canRetry(currentAttempts);
        }

        @Override
        public long getBackoffTimeMillis(int currentAttempts) {
            return t.getBackoffTimeMillis(currentAttempts);
        }

        @Override
        public AsyncRetryPredicate<Object> getRetryPredicate() {
            var p = t.getRetryPredicate();
            return new AsyncRetryPredicate<>() {
                @Override
                public Optional<Predicate<Collection<Object>>> resultPredicate() {
                    return p.resultPredicate();
                }

                @Override
                public Optional<Predicate<Throwable>> exceptionPredicate() {
                    return p.exceptionPredicate();
                }
            };
        }
    }
}
