package io.tidemark.runtime.state.ttl;

import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.state.AggregatingState;

/**
 * An {@link AggregatingState} with a time-to-live, over one whose accumulator is a {@link TtlValue}
 * ({@link TtlAggregate}): a value added to an expired accumulator starts a fresh one; each add stamps
 * the accumulator now; {@code get} reads it under the rules of {@link TtlPolicy#read}.
 */
final class TtlAggregatingState<IN, ACC, OUT> extends AbstractTtlState<AggregatingState<Object, TtlValue<ACC>>>
        implements AggregatingState<IN, OUT> {

    private final AggregateFunction<IN, ACC, OUT> function;

    TtlAggregatingState(AggregatingState<Object, TtlValue<ACC>> original, AggregateFunction<IN, ACC, OUT> function,
            TtlPolicy policy, IncrementalCleanup cleanup) {
        super(original, policy, cleanup);
        this.function = function;
    }

    @Override
    void cleanCurrentKey() throws Exception {
        if (policy.expired(original.get())) {
            original.clear();
        }
    }

    @Override
    public OUT get() throws Exception {
        accessed();
        TtlValue<ACC> acc = policy.read(original.get(), this::replace, original::clear);
        return acc == null ? null : function.getResult(acc.userValue());
    }

    private void replace(TtlValue<ACC> accumulator) throws Exception {
        original.clear();
        original.add(new Replace<>(accumulator));
    }

    @Override
    public void add(IN value) throws Exception {
        accessed();
        original.add(value);
    }

    /** An input that sets the accumulator instead of being added to it (a re-stamp on read). */
    record Replace<ACC>(TtlValue<ACC> accumulator) {}

    /** The user's aggregate function over a stamped accumulator, whose result is the accumulator itself. */
    static final class TtlAggregate<IN, ACC, OUT> implements AggregateFunction<Object, TtlValue<ACC>, TtlValue<ACC>> {
        private static final long serialVersionUID = 1L;
        private final AggregateFunction<IN, ACC, OUT> function;
        private final TtlPolicy policy;

        TtlAggregate(AggregateFunction<IN, ACC, OUT> function, TtlPolicy policy) {
            this.function = function;
            this.policy = policy;
        }

        @Override
        public TtlValue<ACC> createAccumulator() {
            return policy.wrap(function.createAccumulator());
        }

        @Override
        @SuppressWarnings("unchecked")
        public TtlValue<ACC> add(Object value, TtlValue<ACC> accumulator) {
            if (value instanceof Replace<?> r) {
                return (TtlValue<ACC>) r.accumulator();
            }
            ACC acc = policy.unexpired(accumulator);
            return policy.wrap(function.add((IN) value, acc == null ? function.createAccumulator() : acc));
        }

        @Override
        public TtlValue<ACC> getResult(TtlValue<ACC> accumulator) {
            return accumulator;
        }

        @Override
        public TtlValue<ACC> merge(TtlValue<ACC> a, TtlValue<ACC> b) {
            ACC x = policy.unexpired(a);
            ACC y = policy.unexpired(b);
            if (x != null && y != null) {
                return policy.wrap(function.merge(x, y));
            }
            return policy.wrap(x != null ? x : y);
        }
    }
}
