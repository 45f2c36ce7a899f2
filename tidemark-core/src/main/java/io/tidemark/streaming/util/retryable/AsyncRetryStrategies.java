package io.tidemark.streaming.util.retryable;

import io.tidemark.streaming.api.functions.async.AsyncRetryPredicate;
import io.tidemark.streaming.api.functions.async.AsyncRetryStrategy;
import java.util.Collection;
import java.util.Optional;
import java.util.function.Predicate;

/** Flink's ready-made retry strategies for async calls: none, a fixed delay, an exponential backoff. */
public class AsyncRetryStrategies {

    /** Never retries. */
    public static final NoRetryStrategy NO_RETRY_STRATEGY = new NoRetryStrategy();

    /** Never retries. */
    public static final class NoRetryStrategy implements AsyncRetryStrategy<Object> {
        private static final long serialVersionUID = 1L;

        @Override
        public boolean canRetry(int currentAttempts) {
            return false;
        }

        @Override
        public long getBackoffTimeMillis(int currentAttempts) {
            return -1;
        }

        @Override
        public AsyncRetryPredicate<Object> getRetryPredicate() {
            return new Predicates<>(null, null);
        }
    }

    /** The outcomes a strategy retries. */
    private record Predicates<OUT>(Predicate<Collection<OUT>> result, Predicate<Throwable> exception)
            implements AsyncRetryPredicate<OUT>, java.io.Serializable {
        @Override
        public Optional<Predicate<Collection<OUT>>> resultPredicate() {
            return Optional.ofNullable(result);
        }

        @Override
        public Optional<Predicate<Throwable>> exceptionPredicate() {
            return Optional.ofNullable(exception);
        }
    }

    /** At most {@code maxAttempts} attempts in all, {@code backoffTimeMillis} apart. */
    public static final class FixedDelayRetryStrategy<OUT> implements AsyncRetryStrategy<OUT> {
        private static final long serialVersionUID = 1L;
        private final int maxAttempts;
        private final long backoff;
        private final Predicates<OUT> predicates;

        private FixedDelayRetryStrategy(int maxAttempts, long backoff, Predicates<OUT> predicates) {
            this.maxAttempts = maxAttempts;
            this.backoff = backoff;
            this.predicates = predicates;
        }

        @Override
        public boolean canRetry(int currentAttempts) {
            return currentAttempts <= maxAttempts;
        }

        @Override
        public long getBackoffTimeMillis(int currentAttempts) {
            return backoff;
        }

        @Override
        public AsyncRetryPredicate<OUT> getRetryPredicate() {
            return predicates;
        }
    }

    /** Builds a {@link FixedDelayRetryStrategy}. */
    public static class FixedDelayRetryStrategyBuilder<OUT> {
        private final int maxAttempts;
        private final long backoff;
        private Predicate<Collection<OUT>> result;
        private Predicate<Throwable> exception;

        public FixedDelayRetryStrategyBuilder(int maxAttempts, long backoffTimeMillis) {
            if (maxAttempts <= 0 || backoffTimeMillis <= 0) {
                throw new IllegalArgumentException("maxAttempts and backoffTimeMillis must be positive");
            }
            this.maxAttempts = maxAttempts;
            this.backoff = backoffTimeMillis;
        }

        public FixedDelayRetryStrategyBuilder<OUT> ifResult(Predicate<Collection<OUT>> resultRetryPredicate) {
            this.result = resultRetryPredicate;
            return this;
        }

        public FixedDelayRetryStrategyBuilder<OUT> ifException(Predicate<Throwable> exceptionRetryPredicate) {
            this.exception = exceptionRetryPredicate;
            return this;
        }

        public FixedDelayRetryStrategy<OUT> build() {
            return new FixedDelayRetryStrategy<>(maxAttempts, backoff, new Predicates<>(result, exception));
        }
    }

    /** At most {@code maxAttempts} attempts, the delay growing by {@code multiplier} up to {@code maxRetryDelay}. */
    public static final class ExponentialBackoffDelayRetryStrategy<OUT> implements AsyncRetryStrategy<OUT> {
        private static final long serialVersionUID = 1L;
        private final int maxAttempts;
        private final long initialDelay;
        private final long maxDelay;
        private final double multiplier;
        private final Predicates<OUT> predicates;

        private ExponentialBackoffDelayRetryStrategy(int maxAttempts, long initialDelay, long maxDelay, double multiplier,
                Predicates<OUT> predicates) {
            this.maxAttempts = maxAttempts;
            this.initialDelay = initialDelay;
            this.maxDelay = maxDelay;
            this.multiplier = multiplier;
            this.predicates = predicates;
        }

        @Override
        public boolean canRetry(int currentAttempts) {
            return currentAttempts <= maxAttempts;
        }

        @Override
        public long getBackoffTimeMillis(int currentAttempts) {
            double delay = initialDelay * Math.pow(multiplier, Math.max(0, currentAttempts - 1));
            return (long) Math.min(delay, maxDelay);
        }

        @Override
        public AsyncRetryPredicate<OUT> getRetryPredicate() {
            return predicates;
        }
    }

    /** Builds an {@link ExponentialBackoffDelayRetryStrategy}. */
    public static class ExponentialBackoffDelayRetryStrategyBuilder<OUT> {
        private final int maxAttempts;
        private final long initialDelay;
        private final long maxDelay;
        private final double multiplier;
        private Predicate<Collection<OUT>> result;
        private Predicate<Throwable> exception;

        public ExponentialBackoffDelayRetryStrategyBuilder(int maxAttempts, long initialDelay, long maxRetryDelay,
                double multiplier) {
            if (maxAttempts <= 0 || initialDelay <= 0 || maxRetryDelay < initialDelay || multiplier < 1) {
                throw new IllegalArgumentException("invalid exponential backoff: attempts " + maxAttempts + ", delays "
                        + initialDelay + ".." + maxRetryDelay + ", multiplier " + multiplier);
            }
            this.maxAttempts = maxAttempts;
            this.initialDelay = initialDelay;
            this.maxDelay = maxRetryDelay;
            this.multiplier = multiplier;
        }

        public ExponentialBackoffDelayRetryStrategyBuilder<OUT> ifResult(Predicate<Collection<OUT>> resultRetryPredicate) {
            this.result = resultRetryPredicate;
            return this;
        }

        public ExponentialBackoffDelayRetryStrategyBuilder<OUT> ifException(Predicate<Throwable> exceptionRetryPredicate) {
            this.exception = exceptionRetryPredicate;
            return this;
        }

        public ExponentialBackoffDelayRetryStrategy<OUT> build() {
            return new ExponentialBackoffDelayRetryStrategy<>(maxAttempts, initialDelay, maxDelay, multiplier,
                    new Predicates<>(result, exception));
        }
    }
}
