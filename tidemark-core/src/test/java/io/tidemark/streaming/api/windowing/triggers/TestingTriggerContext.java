package io.tidemark.streaming.api.windowing.triggers;

import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.api.common.state.MergingState;
import io.tidemark.api.common.state.ReducingState;
import io.tidemark.api.common.state.ReducingStateDescriptor;
import io.tidemark.api.common.state.State;
import io.tidemark.api.common.state.StateDescriptor;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;

/**
 * A fake trigger context for one (key, window): a map-backed partitioned-state store keyed by
 * descriptor name ({@link ReducingState} and {@link ValueState}), the sets of registered event-time
 * and processing-time timers, and a settable watermark and processing time. As an {@link
 * Trigger.OnMergeContext} it merges the reducing state of {@link #mergeSources} into its own store
 * (and clears it in the sources, as a window operator does).
 */
final class TestingTriggerContext implements Trigger.OnMergeContext {

    long watermark = Long.MIN_VALUE;
    long processingTime = 0;
    final NavigableSet<Long> eventTimeTimers = new TreeSet<>();
    final NavigableSet<Long> processingTimeTimers = new TreeSet<>();
    final Map<String, Object> store = new HashMap<>();
    final List<TestingTriggerContext> mergeSources = new ArrayList<>();

    /** A context for the window that {@code sources}' windows merge into. */
    static TestingTriggerContext mergingFrom(TestingTriggerContext... sources) {
        TestingTriggerContext merged = new TestingTriggerContext();
        merged.mergeSources.addAll(List.of(sources));
        return merged;
    }

    @Override
    public long getCurrentProcessingTime() {
        return processingTime;
    }

    @Override
    public long getCurrentWatermark() {
        return watermark;
    }

    @Override
    public void registerProcessingTimeTimer(long time) {
        processingTimeTimers.add(time);
    }

    @Override
    public void registerEventTimeTimer(long time) {
        eventTimeTimers.add(time);
    }

    @Override
    public void deleteProcessingTimeTimer(long time) {
        processingTimeTimers.remove(time);
    }

    @Override
    public void deleteEventTimeTimer(long time) {
        eventTimeTimers.remove(time);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <S extends State> S getPartitionedState(StateDescriptor<S, ?> descriptor) {
        if (descriptor instanceof ReducingStateDescriptor) {
            ReducingStateDescriptor<Object> reducing = (ReducingStateDescriptor<Object>) descriptor;
            return (S) new MapReducingState<>(store, reducing.getName(), reducing.getReduceFunction());
        }
        if (descriptor instanceof ValueStateDescriptor) {
            ValueStateDescriptor<Object> value = (ValueStateDescriptor<Object>) descriptor;
            return (S) new MapValueState<>(store, value.getName(), value.getDefaultValue());
        }
        throw new UnsupportedOperationException("fake context does not support " + descriptor);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <S extends MergingState<?, ?>> void mergePartitionedState(StateDescriptor<S, ?> descriptor) {
        if (!(descriptor instanceof ReducingStateDescriptor)) {
            throw new UnsupportedOperationException("fake context only merges reducing state: " + descriptor);
        }
        ReducingStateDescriptor<Object> reducing = (ReducingStateDescriptor<Object>) descriptor;
        MapReducingState<Object> target = new MapReducingState<>(store, reducing.getName(), reducing.getReduceFunction());
        try {
            for (TestingTriggerContext source : mergeSources) {
                Object value = source.store.remove(reducing.getName());
                if (value != null) {
                    target.add(value);
                }
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static final class MapReducingState<T> implements ReducingState<T> {
        private final Map<String, Object> store;
        private final String name;
        private final ReduceFunction<T> reduceFunction;

        MapReducingState(Map<String, Object> store, String name, ReduceFunction<T> reduceFunction) {
            this.store = store;
            this.name = name;
            this.reduceFunction = reduceFunction;
        }

        @Override
        @SuppressWarnings("unchecked")
        public T get() {
            return (T) store.get(name);
        }

        @Override
        public void add(T value) throws Exception {
            T current = get();
            store.put(name, current == null ? value : reduceFunction.reduce(current, value));
        }

        @Override
        public void clear() {
            store.remove(name);
        }
    }

    private static final class MapValueState<T> implements ValueState<T> {
        private final Map<String, Object> store;
        private final String name;
        private final T defaultValue;

        MapValueState(Map<String, Object> store, String name, T defaultValue) {
            this.store = store;
            this.name = name;
            this.defaultValue = defaultValue;
        }

        @Override
        @SuppressWarnings("unchecked")
        public T value() {
            return store.containsKey(name) ? (T) store.get(name) : defaultValue;
        }

        @Override
        public void update(T value) {
            store.put(name, value);
        }

        @Override
        public void clear() {
            store.remove(name);
        }
    }
}
