package io.tidemark.runtime.state.ttl;

import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.api.common.state.ReducingState;

/**
 * A {@link ReducingState} with a time-to-live, over one that keeps a {@link TtlValue} and reduces with
 * {@link TtlReduce}: an added value is reduced with the stored one unless that has expired (then it
 * replaces it), and the result is stamped now.
 */
final class TtlReducingState<T> extends AbstractTtlState<ReducingState<TtlValue<T>>> implements ReducingState<T> {

    TtlReducingState(ReducingState<TtlValue<T>> original, TtlPolicy policy, IncrementalCleanup cleanup) {
        super(original, policy, cleanup);
    }

    @Override
    void cleanCurrentKey() throws Exception {
        if (policy.expired(original.get())) {
            original.clear();
        }
    }

    @Override
    public T get() throws Exception {
        accessed();
        TtlValue<T> v = policy.read(original.get(), this::replace, original::clear);
        return v == null ? null : v.userValue();
    }

    private void replace(TtlValue<T> value) throws Exception {
        original.clear();
        original.add(value); // into an empty state: stored as it is, not reduced
    }

    @Override
    public void add(T value) throws Exception {
        accessed();
        original.add(policy.wrap(value));
    }

    /** The user's reduce function over stamped values (Flink's TTL reduce). */
    static final class TtlReduce<T> implements ReduceFunction<TtlValue<T>> {
        private static final long serialVersionUID = 1L;
        private final ReduceFunction<T> function;
        private final TtlPolicy policy;

        TtlReduce(ReduceFunction<T> function, TtlPolicy policy) {
            this.function = function;
            this.policy = policy;
        }

        @Override
        public TtlValue<T> reduce(TtlValue<T> stored, TtlValue<T> added) throws Exception {
            T a = policy.unexpired(stored);
            T b = policy.unexpired(added);
            if (a != null && b != null) {
                return policy.wrap(function.reduce(a, b));
            }
            T one = a != null ? a : b;
            return policy.wrap(one);
        }
    }
}
