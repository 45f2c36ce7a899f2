package io.tidemark.runtime.operators.windowing;

import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.api.common.state.AggregatingStateDescriptor;
import io.tidemark.api.common.state.AppendingState;
import io.tidemark.api.common.state.ListState;
import io.tidemark.api.common.state.ListStateDescriptor;
import io.tidemark.api.common.state.ReducingStateDescriptor;
import io.tidemark.api.common.state.StateDescriptor;
import io.tidemark.api.java.tuple.Tuple2;
import io.tidemark.runtime.state.KeyedStateBackend;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.streaming.api.windowing.evictors.Evictor;
import io.tidemark.streaming.api.windowing.windows.Window;
import io.tidemark.streaming.runtime.operators.windowing.TimestampedValue;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * How a {@link KeyedStateWindowOperator} keeps the contents of one (key, window) in the keyed state
 * backend, in state {@value #NAME} namespaced by the window, as Flink's {@code WindowOperator} does:
 *
 * <ul>
 *   <li>{@code reduce}: a {@code ReducingState} (one row: the reduced value);
 *   <li>{@code aggregate}: an {@code AggregatingState} (one row: the accumulator);
 *   <li>{@code process}/{@code apply}: a {@code ListState} of the elements (an {@code add} appends
 *       the element alone: on RocksDB a merge, without reading the list);
 *   <li>an evictor, whatever the function: a {@code ListState} of (element, timestamp or null)
 *       pairs, read whole when the window fires and rewritten with what the evictor left.
 * </ul>
 *
 * <p>Windows merge through the backend's {@code mergeNamespaces}: reduced and aggregated contents
 * through the function's {@code reduce}/{@code merge}, lists by concatenation, target first. Each
 * kind also counts the objects it keeps (1 for a value or accumulator, one per element), which the
 * operator records in the window's entry ({@link KeyedStateWindowOperator}).
 *
 * @param <IN> element type
 */
abstract class StoredContents<IN> {

    /** The name of the contents' state (per window: the namespace is the window). */
    static final String NAME = "window-contents";

    /** Where an {@link #fire}'s elements go: the window function. */
    interface Emission {
        void emit(Iterable<?> elements) throws Exception;
    }

    final StateDescriptor<? extends AppendingState<?, ?>, ?> descriptor;

    private StoredContents(StateDescriptor<? extends AppendingState<?, ?>, ?> descriptor) {
        this.descriptor = descriptor;
    }

    /** The contents the described window keeps. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static <IN> StoredContents<IN> of(OperatorDescription.Window description, Evictor<? super IN, ?> evictor,
            Evictor.EvictorContext evictorContext) {
        if (evictor != null) {
            return new Evicting<>((Evictor) evictor, evictorContext, WindowAccumulation.of(description),
                    description.contents() instanceof OperatorDescription.Window.Contents.Elements);
        }
        return (StoredContents<IN>) description.contents().match(
                a -> new Incremental<>(new AggregatingStateDescriptor<>(NAME, (AggregateFunction) a.function(), Object.class)),
                r -> new Incremental<>(new ReducingStateDescriptor<>(NAME, (ReduceFunction) r.function(), Object.class)),
                () -> new Elements<>());
    }

    @SuppressWarnings("unchecked")
    final <S extends AppendingState<?, ?>> S state(KeyedStateBackend backend, Object namespace) {
        return (S) backend.getPartitionedState(namespace, descriptor);
    }

    /**
     * Adds the element of {@code record} to the contents in {@code namespace} of the current key, which
     * hold {@code count} objects; returns how many they hold afterwards.
     */
    abstract int add(KeyedStateBackend backend, Object namespace, StreamRecord<IN> record, int count) throws Exception;

    /**
     * Fires the contents in {@code namespace} (of {@code window}), which hold {@code count} > 0 objects:
     * gives {@code emission} what the window function sees; returns how many objects they keep.
     */
    abstract int fire(KeyedStateBackend backend, Object namespace, Window window, int count, Emission emission)
            throws Exception;

    /** Removes the contents in {@code namespace}. */
    final void clear(KeyedStateBackend backend, Object namespace) {
        state(backend, namespace).clear();
    }

    /** Merges the contents of {@code sources} into {@code target}'s (theirs go). */
    final void merge(KeyedStateBackend backend, Object target, Collection<?> sources) {
        backend.mergeNamespaces(descriptor, target, sources);
    }

    /** A reduced value or an accumulator: one object, read and rewritten per element. */
    private static final class Incremental<IN> extends StoredContents<IN> {
        Incremental(StateDescriptor<? extends AppendingState<?, ?>, ?> descriptor) {
            super(descriptor);
        }

        @Override
        int add(KeyedStateBackend backend, Object namespace, StreamRecord<IN> record, int count) throws Exception {
            AppendingState<IN, ?> s = state(backend, namespace);
            s.add(record.getValue());
            return 1;
        }

        @Override
        int fire(KeyedStateBackend backend, Object namespace, Window window, int count, Emission emission) throws Exception {
            AppendingState<IN, ?> s = state(backend, namespace);
            emission.emit(List.of(s.get()));
            return count;
        }
    }

    /** Every element, appended. */
    private static final class Elements<IN> extends StoredContents<IN> {
        Elements() {
            super(new ListStateDescriptor<>(NAME, Object.class));
        }

        @Override
        int add(KeyedStateBackend backend, Object namespace, StreamRecord<IN> record, int count) throws Exception {
            ListState<IN> s = state(backend, namespace);
            s.add(record.getValue());
            return count + 1;
        }

        @Override
        int fire(KeyedStateBackend backend, Object namespace, Window window, int count, Emission emission) throws Exception {
            ListState<IN> s = state(backend, namespace);
            emission.emit(s.get());
            return count;
        }
    }

    /**
     * Every element with its timestamp, for an evictor: {@link EvictingWindowOperator}'s firing (evict
     * before, combine, evict after) over the list read from the backend, written back if it changed.
     */
    private static final class Evicting<IN, W extends Window> extends StoredContents<IN> {
        private final Evictor<IN, W> evictor;
        private final Evictor.EvictorContext context;
        private final WindowAccumulation<IN, Object> contents;
        private final boolean keepsElements;

        Evicting(Evictor<IN, W> evictor, Evictor.EvictorContext context, WindowAccumulation<IN, Object> contents,
                boolean keepsElements) {
            super(new ListStateDescriptor<>(NAME, Object.class));
            this.evictor = evictor;
            this.context = context;
            this.contents = contents;
            this.keepsElements = keepsElements;
        }

        @Override
        int add(KeyedStateBackend backend, Object namespace, StreamRecord<IN> record, int count) throws Exception {
            ListState<Tuple2<IN, Long>> s = state(backend, namespace);
            s.add(Tuple2.of(record.getValue(), record.hasTimestamp() ? record.getTimestamp() : null));
            return count + 1;
        }

        @Override
        @SuppressWarnings("unchecked")
        int fire(KeyedStateBackend backend, Object namespace, Window window, int count, Emission emission) throws Exception {
            EvictableElements<IN> elements = new EvictableElements<>();
            ListState<Tuple2<IN, Long>> s = state(backend, namespace);
            for (Tuple2<IN, Long> e : s.get()) {
                elements.add(e.f1 == null ? new TimestampedValue<>(e.f0) : new TimestampedValue<>(e.f0, e.f1));
            }
            evictor.evictBefore(elements, elements.size(), (W) window, context);
            emission.emit(EvictingWindowOperator.combine(elements, contents, keepsElements));
            evictor.evictAfter(elements, elements.size(), (W) window, context);
            elements.compact();
            List<Tuple2<IN, Long>> rest = new ArrayList<>(elements.size());
            for (TimestampedValue<IN> e : elements) { // evictors may also replace values (setValue)
                rest.add(Tuple2.of(e.getValue(), e.hasTimestamp() ? e.getTimestamp() : null));
            }
            s = state(backend, namespace); // the window function may have used the backend meanwhile
            s.update(rest);
            return rest.size();
        }
    }
}
