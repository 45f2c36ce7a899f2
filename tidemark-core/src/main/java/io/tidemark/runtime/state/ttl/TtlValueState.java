package io.tidemark.runtime.state.ttl;

import io.tidemark.api.common.state.ValueState;

/** A {@link ValueState} with a time-to-live over one that keeps {@link TtlValue}s. */
final class TtlValueState<T> extends AbstractTtlState<ValueState<TtlValue<T>>> implements ValueState<T> {

    private final T defaultValue;

    TtlValueState(ValueState<TtlValue<T>> original, TtlPolicy policy, IncrementalCleanup cleanup, T defaultValue) {
        super(original, policy, cleanup);
        this.defaultValue = defaultValue;
    }

    @Override
    void cleanCurrentKey() {
        if (policy.expired(original.value())) {
            original.clear();
        }
    }

    @Override
    public T value() {
        accessed();
        try {
            TtlValue<T> v = policy.read(original.value(), original::update, original::clear);
            return v == null ? defaultValue : v.userValue();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void update(T value) {
        accessed();
        original.update(policy.wrap(value));
    }
}
