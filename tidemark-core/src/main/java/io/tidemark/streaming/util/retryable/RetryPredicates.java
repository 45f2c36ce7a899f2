package io.tidemark.streaming.util.retryable;

import java.io.Serializable;
import java.util.Collection;
import java.util.function.Predicate;

/** Flink's ready-made retry predicates: an empty result, any failure, a failure of a given type. */
public class RetryPredicates {

    /** Retries an empty (or missing) result. */
    public static final EmptyResultPredicate EMPTY_RESULT_PREDICATE = new EmptyResultPredicate();

    /** Retries any failure. */
    public static final HasExceptionPredicate HAS_EXCEPTION_PREDICATE = new HasExceptionPredicate();

    /** Retries a failure of {@code type} (or a subclass). */
    public static ExceptionTypePredicate createExceptionTypePredicate(Class<? extends Throwable> type) {
        return new ExceptionTypePredicate(type);
    }

    /** True for an empty or null result. */
    public static final class EmptyResultPredicate<T> implements Predicate<Collection<T>>, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public boolean test(Collection<T> result) {
            return result == null || result.isEmpty();
        }
    }

    /** True for any failure. */
    public static final class HasExceptionPredicate implements Predicate<Throwable>, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public boolean test(Throwable t) {
            return t != null;
        }
    }

    /** True for a failure of one type. */
    public static final class ExceptionTypePredicate implements Predicate<Throwable>, Serializable {
        private static final long serialVersionUID = 1L;
        private final Class<? extends Throwable> type;

        ExceptionTypePredicate(Class<? extends Throwable> type) {
            this.type = type;
        }

        @Override
        public boolean test(Throwable t) {
            return type.isInstance(t);
        }
    }
}
