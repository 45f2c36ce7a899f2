package io.tidemark.util;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Consumer;

/**
 * An iterator over a resource that must be closed (Flink's {@code CloseableIterator}), such as the
 * results of {@code DataStream.executeAndCollect()}: closing it before the end releases the resource
 * (there: cancels the job).
 */
public interface CloseableIterator<T> extends Iterator<T>, AutoCloseable {

    /** An iterator that is empty and closes to nothing. */
    @SuppressWarnings("rawtypes")
    CloseableIterator EMPTY_INSTANCE = adapterForIterator(java.util.Collections.emptyIterator());

    /** {@code iterator}, closing to nothing. */
    static <T> CloseableIterator<T> adapterForIterator(Iterator<T> iterator) {
        return adapterForIterator(iterator, () -> {});
    }

    /** {@code iterator}, closing {@code close}. */
    static <T> CloseableIterator<T> adapterForIterator(Iterator<T> iterator, AutoCloseable close) {
        return new CloseableIterator<>() {
            @Override
            public boolean hasNext() {
                return iterator.hasNext();
            }

            @Override
            public T next() {
                return iterator.next();
            }

            @Override
            public void close() throws Exception {
                close.close();
            }
        };
    }

    /** The elements of {@code list}; closing hands those not yet returned to {@code closeNotConsumed}. */
    static <T> CloseableIterator<T> fromList(List<T> list, Consumer<T> closeNotConsumed) {
        Deque<T> rest = new ArrayDeque<>(list);
        return new CloseableIterator<>() {
            @Override
            public boolean hasNext() {
                return !rest.isEmpty();
            }

            @Override
            public T next() {
                if (rest.isEmpty()) {
                    throw new NoSuchElementException();
                }
                return rest.poll();
            }

            @Override
            public void close() {
                rest.forEach(closeNotConsumed);
                rest.clear();
            }
        };
    }

    /** {@link #fromList} of {@code elements}. */
    @SafeVarargs
    static <T> CloseableIterator<T> ofElements(Consumer<T> closeNotConsumed, T... elements) {
        return fromList(Arrays.asList(elements), closeNotConsumed);
    }

    /** An empty iterator. */
    @SuppressWarnings("unchecked")
    static <T> CloseableIterator<T> empty() {
        return (CloseableIterator<T>) EMPTY_INSTANCE;
    }
}
