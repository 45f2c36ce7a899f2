package io.tidemark.runtime.operators.windowing;

import io.tidemark.streaming.runtime.operators.windowing.TimestampedValue;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * The elements of one window of an {@link EvictingWindowOperator}, in arrival order, as an evictor
 * iterates them: its iterator's {@code remove()} leaves a hole (O(1)), and the holes are closed once,
 * before the next iteration ({@link #compact}, O(n)); so an evictor removing k of n elements costs
 * O(n), not O(n·k) as removing from the middle of an array list would.
 *
 * @param <T> element type
 */
final class EvictableElements<T> implements Iterable<TimestampedValue<T>> {

    private final ArrayList<TimestampedValue<T>> elements = new ArrayList<>(4);
    /** Holes left by {@code remove()} since the last {@link #compact}. */
    private int holes;

    void add(TimestampedValue<T> element) {
        elements.add(element);
    }

    void addAll(EvictableElements<T> other) {
        other.compact();
        compact();
        elements.addAll(other.elements);
    }

    /** The number of elements. */
    int size() {
        return elements.size() - holes;
    }

    boolean isEmpty() {
        return size() == 0;
    }

    /** Closes the holes removals left. */
    void compact() {
        if (holes > 0) {
            elements.removeIf(Objects::isNull);
            holes = 0;
        }
    }

    @Override
    public Iterator<TimestampedValue<T>> iterator() {
        compact();
        return new Iterator<>() {
            private int next;
            private int current = -1;

            @Override
            public boolean hasNext() {
                while (next < elements.size() && elements.get(next) == null) {
                    next++;
                }
                return next < elements.size();
            }

            @Override
            public TimestampedValue<T> next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                current = next++;
                return elements.get(current);
            }

            @Override
            public void remove() {
                if (current < 0 || elements.get(current) == null) {
                    throw new IllegalStateException("next() was not called, or the element was removed already");
                }
                elements.set(current, null);
                holes++;
            }
        };
    }

    /** The elements' values, in order (a view: valid until the elements change). */
    Iterable<T> values() {
        compact();
        return () -> new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < elements.size();
            }

            @Override
            public T next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return elements.get(next++).getValue();
            }
        };
    }

    @Override
    public String toString() {
        compact();
        return elements.toString();
    }
}
