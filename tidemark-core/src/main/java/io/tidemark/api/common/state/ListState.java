package io.tidemark.api.common.state;

import java.util.List;

/** A list per key. {@link #get()} returns an empty iterable, never {@code null}. */
public interface ListState<T> extends MergingState<T, Iterable<T>> {
    void update(List<T> values) throws Exception;

    void addAll(List<T> values) throws Exception;
}
