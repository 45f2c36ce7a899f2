package io.tidemark.api.common.state;

/** One value per key. */
public interface ValueState<T> extends State {
    /** The value, or the descriptor's default (usually {@code null}) when none was set. */
    T value();

    void update(T value);
}
