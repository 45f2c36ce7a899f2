package io.tidemark.api.common.state;

/** One value per key, combined with each added value by a reduce function. */
public interface ReducingState<T> extends MergingState<T, T> {}
