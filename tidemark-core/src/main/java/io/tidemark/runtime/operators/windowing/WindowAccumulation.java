package io.tidemark.runtime.operators.windowing;

import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.functions.Commutative;
import io.tidemark.api.common.functions.Function;
import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import java.util.ArrayList;
import java.util.List;

/**
 * How a window's elements are kept: one accumulator ({@code aggregate}), one value ({@code reduce})
 * or the list of elements ({@code process}/{@code apply}), and how the kept value becomes the
 * window function's input.
 *
 * @param <IN> element type
 * @param <ACC> what is kept per window
 */
abstract class WindowAccumulation<IN, ACC> {

    /** How the described window keeps its elements. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static <IN> WindowAccumulation<IN, Object> of(OperatorDescription.Window description) {
        return (WindowAccumulation<IN, Object>) description.contents().match(
                a -> aggregate((AggregateFunction) a.function()),
                r -> reduce((ReduceFunction) r.function()),
                WindowAccumulation::list);
    }

    /** Starts the contents of a window with its first element. */
    abstract ACC first(IN element) throws Exception;

    /**
     * A fresh, empty accumulator to start a window's contents with {@link #add}, or null when the
     * contents start with their first element ({@link #first}).
     */
    ACC empty() throws Exception {
        return null;
    }

    /** Adds an element; may modify and return {@code acc}. */
    abstract ACC add(ACC acc, IN element) throws Exception;

    /** Merges two windows' contents (session windows). */
    abstract ACC merge(ACC a, ACC b) throws Exception;

    /**
     * Whether contents may be combined in any order and grouping ({@link Commutative}): the function
     * declared it. Enables slide-frame accumulation of sliding windows.
     */
    boolean commutative() {
        return function() instanceof Commutative;
    }

    /**
     * Combines {@code part} into {@code into} without changing {@code part} (which stays in use), or
     * starts a fresh copy of {@code part} when {@code into} is null. Only for {@link #commutative}
     * contents.
     */
    ACC combineInto(ACC into, ACC part) throws Exception {
        throw new UnsupportedOperationException("not combinable");
    }

    /** The elements the window function sees. */
    abstract Iterable<?> elements(ACC acc) throws Exception;

    /** Objects {@code acc} keeps: 1, or its elements when it is their list. */
    int objects(ACC acc) {
        return 1;
    }

    /** The user function, for its life cycle; may be null. */
    abstract Function function();

    /** The aggregate function of {@link #aggregate} contents, else null. */
    AggregateFunction<IN, ?, ?> aggregateFunction() {
        return null;
    }

    /**
     * Called after the window fired with {@code emitted}; returns what the window keeps. Records pass
     * by reference, so a result that <i>is</i> the kept state would change under its receiver when the
     * window fires again; such state is replaced by a detached copy.
     */
    ACC afterEmit(ACC acc, Iterable<?> emitted) throws Exception {
        return acc;
    }

    /** Incremental aggregation with an {@link AggregateFunction}. */
    static <IN, ACC> WindowAccumulation<IN, ACC> aggregate(AggregateFunction<IN, ACC, ?> agg) {
        return new WindowAccumulation<>() {
            @Override
            ACC first(IN element) {
                return agg.add(element, agg.createAccumulator());
            }

            @Override
            ACC empty() {
                return agg.createAccumulator();
            }

            @Override
            ACC add(ACC acc, IN element) {
                return agg.add(element, acc);
            }

            @Override
            ACC merge(ACC a, ACC b) {
                return agg.merge(a, b);
            }

            @Override
            ACC combineInto(ACC into, ACC part) {
                return agg.merge(into == null ? agg.createAccumulator() : into, part);
            }

            @Override
            Iterable<?> elements(ACC acc) {
                return List.of(agg.getResult(acc));
            }

            /** {@code getResult} returned the accumulator itself (as the seeds' OrderAggregate does). */
            @Override
            ACC afterEmit(ACC acc, Iterable<?> emitted) {
                if (emitted.iterator().next() != acc) {
                    return acc;
                }
                return agg.merge(agg.createAccumulator(), acc);
            }

            @Override
            Function function() {
                return agg;
            }

            @Override
            AggregateFunction<IN, ?, ?> aggregateFunction() {
                return agg;
            }
        };
    }

    /** Incremental reduction with a {@link ReduceFunction}. */
    static <T> WindowAccumulation<T, T> reduce(ReduceFunction<T> reduce) {
        return new WindowAccumulation<>() {
            @Override
            T first(T element) {
                return element;
            }

            @Override
            T add(T acc, T element) throws Exception {
                return reduce.reduce(acc, element);
            }

            @Override
            T merge(T a, T b) throws Exception {
                return reduce.reduce(a, b);
            }

            @Override
            T combineInto(T into, T part) throws Exception {
                return into == null ? part : reduce.reduce(into, part);
            }

            @Override
            Iterable<?> elements(T acc) {
                return List.of(acc);
            }

            @Override
            Function function() {
                return reduce;
            }
        };
    }

    /** Keeps every element, for a full window function. */
    static <T> WindowAccumulation<T, List<T>> list() {
        return new WindowAccumulation<>() {
            @Override
            List<T> first(T element) {
                List<T> l = new ArrayList<>(4);
                l.add(element);
                return l;
            }

            @Override
            List<T> add(List<T> acc, T element) {
                acc.add(element);
                return acc;
            }

            @Override
            List<T> merge(List<T> a, List<T> b) {
                a.addAll(b);
                return a;
            }

            @Override
            Iterable<?> elements(List<T> acc) {
                return acc;
            }

            @Override
            int objects(List<T> acc) {
                return acc.size();
            }

            @Override
            Function function() {
                return null;
            }
        };
    }
}
