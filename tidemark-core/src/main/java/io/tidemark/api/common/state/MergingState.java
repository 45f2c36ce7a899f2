package io.tidemark.api.common.state;

/** Appending state whose contents can be merged when windows merge. */
public interface MergingState<IN, OUT> extends AppendingState<IN, OUT> {}
