package io.tidemark.runtime.state.ttl;

import io.tidemark.api.common.state.ValueState;

/** A {@link ValueState} with a time-to-live over one that keeps {@link TtlValue}s. */
final class TtlValueState<T> implements ValueState<T> {

    private final ValueState<TtlValue<T>> original;
    private final TtlPolicy policy;
    private final T defaultValue;

    TtlValueState(ValueState<TtlValue<T>> original, TtlPolicy policy, T defaultValue) {
        this.original = original;
        this.policy = policy;
        this.defaultValue = defaultValue;
    }

    @Override
    public T value() {
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
        original.update(policy.wrap(value));
    }

    @Override
    public void clear() {
        original.clear();
    }
}
