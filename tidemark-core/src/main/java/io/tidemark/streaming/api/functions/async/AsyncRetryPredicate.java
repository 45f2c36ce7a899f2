package io.tidemark.streaming.api.functions.async;

import java.util.Collection;
import java.util.Optional;
import java.util.function.Predicate;

/** Which outcomes of an async call are retried (Flink's {@code AsyncRetryPredicate}). */
public interface AsyncRetryPredicate<OUT> {

    /** Results that are retried (for example empty ones); empty: none. */
    Optional<Predicate<Collection<OUT>>> resultPredicate();

    /** Failures that are retried; empty: none. */
    Optional<Predicate<Throwable>> exceptionPredicate();
}
