package io.tidemark.runtime.state;

import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.api.common.state.AggregatingState;
import io.tidemark.api.common.state.AggregatingStateDescriptor;
import io.tidemark.api.common.state.ListState;
import io.tidemark.api.common.state.MapState;
import io.tidemark.api.common.state.ReducingState;
import io.tidemark.api.common.state.ReducingStateDescriptor;
import io.tidemark.api.common.state.State;
import io.tidemark.api.common.state.StateDescriptor;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Keyed state on the Java heap, for one operator subtask.
 *
 * <p>Design: each named state is a table {@code key → namespace → value} (two hash maps, so an access
 * allocates nothing). The namespace is {@link VoidNamespace} for ordinary keyed state and the window
 * for per-window state (triggers, {@code windowState()}). State objects are cached per descriptor and
 * re-pointed at a namespace on each {@link #getPartitionedState} call; use the returned object before
 * asking for another namespace. Memory: one map entry per live (key, namespace) and a map per key.
 */
public final class HeapKeyedStateBackend implements CheckpointableKeyedStateBackend {

    final Map<String, HeapState<?>> states = new HashMap<>();
    private Object currentKey;

    @Override
    public Object getCurrentKey() {
        return currentKey;
    }

    @Override
    public void setCurrentKey(Object key) {
        this.currentKey = key;
    }

    /** The state named by {@code descriptor}, scoped to the current key and {@code namespace}. */
    @Override
    @SuppressWarnings("unchecked")
    public <S extends State> S getPartitionedState(Object namespace, StateDescriptor<S, ?> descriptor) {
        HeapState<?> state = bound(descriptor);
        if (state == null) {
            state = create(descriptor.getType());
            state.bind(descriptor);
            states.put(descriptor.getName(), state);
        }
        state.namespace = namespace;
        return (S) state;
    }

    /**
     * The state {@code descriptor} names, if there is one, checked against the descriptor's kind and
     * given what only the descriptor knows (a default value, a reduce function) when it was restored.
     */
    private HeapState<?> bound(StateDescriptor<?, ?> descriptor) {
        HeapState<?> state = states.get(descriptor.getName());
        if (state == null) {
            return null;
        }
        if (state.type != descriptor.getType()) {
            throw new IllegalStateException("state '" + descriptor.getName() + "' was first registered as "
                    + state.type + " and is now asked for as " + descriptor.getType());
        }
        if (!state.bound) {
            state.bind(descriptor);
        }
        return state;
    }

    /** Merges the values of {@code sources} into {@code target} for the current key (window merging). */
    @Override
    public void mergeNamespaces(StateDescriptor<?, ?> descriptor, Object target, Collection<?> sources) {
        HeapState<?> state = bound(descriptor);
        if (state != null) {
            state.mergeNamespaces(target, sources);
        }
    }

    /** Writes every state into section {@code keyed} ({@link KeyedStateSnapshots}). */
    @Override
    public void snapshot(long checkpointId, StateSnapshot.Builder snapshot) throws Exception {
        snapshot.section(KeyedStateSnapshots.SECTION, KeyedStateSnapshots.VERSION, out -> KeyedStateSnapshots.write(this, out));
    }

    /** Restores section {@code keyed}, keeping the keys {@code keys} accepts. */
    @Override
    public void restore(StateSnapshot snapshot, Predicate<Object> keys) throws Exception {
        for (String name : snapshot.names()) {
            if (name.startsWith(KeyedStateSnapshots.SECTION + ".")) {
                throw new IOException("this checkpoint holds keyed state in section '" + name
                        + "', which the heap state backend cannot read: restore it with the backend that wrote it"
                        + " (state.backend.type: rocksdb for an incremental RocksDB checkpoint)");
            }
        }
        snapshot.read(KeyedStateSnapshots.SECTION, KeyedStateSnapshots.VERSION, in -> KeyedStateSnapshots.read(in, keys,
                new KeyedStateSnapshots.Restorer() {
                    private HeapState<?> state;

                    @Override
                    public void state(String name, StateDescriptor.Type type) throws IOException {
                        state = states.get(name);
                        if (state == null) {
                            state = create(type);
                            states.put(name, state);
                        } else if (state.type != type) {
                            throw new IOException("state '" + name + "' restored as " + type + " and as " + state.type);
                        }
                    }

                    @Override
                    public void entry(Object key, Object namespace, Object value) {
                        state.table.computeIfAbsent(key, x -> new HashMap<>(4)).put(namespace, value);
                    }
                }));
    }

    @Override
    public void dispose() {
        states.clear();
    }

    /** Whether any state was ever asked for (otherwise there is nothing to clear). */
    @Override
    public boolean hasState() {
        return !states.isEmpty();
    }

    /** Removes every state value of the current key in {@code namespace}. */
    @Override
    public void clearNamespace(Object namespace) {
        if (states.isEmpty()) {
            return;
        }
        for (HeapState<?> s : states.values()) {
            s.namespace = namespace;
            s.clear();
        }
    }

    /**
     * The keys that hold a value of the state {@code descriptor} names in {@code namespace}, as a
     * snapshot (the caller may change the state of each key while going through them).
     */
    @Override
    public java.util.List<Object> keysWith(StateDescriptor<?, ?> descriptor, Object namespace) {
        HeapState<?> state = states.get(descriptor.getName());
        java.util.List<Object> keys = new java.util.ArrayList<>();
        if (state != null) {
            for (Map.Entry<Object, Map<Object, Object>> e : state.table.entrySet()) {
                if (e.getValue().containsKey(namespace)) {
                    keys.add(e.getKey());
                }
            }
        }
        return keys;
    }

    /** Number of (key, namespace) entries across all states; for tests and metrics. */
    @Override
    public int size() {
        int n = 0;
        for (HeapState<?> s : states.values()) {
            for (Map<Object, Object> perKey : s.table.values()) {
                n += perKey.size();
            }
        }
        return n;
    }

    HeapState<?> create(StateDescriptor.Type type) {
        switch (type) {
            case VALUE:
                return new HeapValueState<>(this);
            case LIST:
                return new HeapListState<>(this);
            case REDUCING:
                return new HeapReducingState<>(this);
            case MAP:
                return new HeapMapState<>(this);
            case AGGREGATING:
                return new HeapAggregatingState<>(this);
            default:
                throw new IllegalArgumentException("unknown state type " + type);
        }
    }

    /** The common table logic. */
    abstract static class HeapState<V> implements State {
        final HeapKeyedStateBackend backend;
        final StateDescriptor.Type type;
        final Map<Object, Map<Object, Object>> table = new HashMap<>();
        Object namespace = VoidNamespace.INSTANCE;
        /** Whether the descriptor's details are known (false for a restored state not asked for yet). */
        boolean bound;

        HeapState(HeapKeyedStateBackend backend, StateDescriptor.Type type) {
            this.backend = backend;
            this.type = type;
        }

        /** Takes what only the descriptor knows (a default value, a reduce function). */
        void bind(StateDescriptor<?, ?> descriptor) {
            bound = true;
        }


        Object key() {
            Object key = backend.currentKey;
            if (key == null) {
                throw new IllegalStateException(
                        "keyed state is only available on a keyed stream (after keyBy), while a record or timer is processed");
            }
            return key;
        }

        @SuppressWarnings("unchecked")
        V getRaw() {
            Map<Object, Object> perKey = table.get(key());
            return perKey == null ? null : (V) perKey.get(namespace);
        }

        void putRaw(V value) {
            if (value == null) {
                clear();
                return;
            }
            table.computeIfAbsent(key(), k -> new HashMap<>(4)).put(namespace, value);
        }

        @Override
        public void clear() {
            Object key = key();
            Map<Object, Object> perKey = table.get(key);
            if (perKey != null) {
                perKey.remove(namespace);
                if (perKey.isEmpty()) {
                    table.remove(key);
                }
            }
        }

        @SuppressWarnings("unchecked")
        void mergeNamespaces(Object target, Collection<?> sources) {
            Map<Object, Object> perKey = table.get(key());
            if (perKey == null) {
                return;
            }
            V merged = (V) perKey.get(target);
            for (Object source : sources) {
                if (source.equals(target)) {
                    continue;
                }
                V v = (V) perKey.remove(source);
                if (v != null) {
                    merged = merged == null ? v : merge(merged, v);
                }
            }
            if (merged != null) {
                perKey.put(target, merged);
            }
        }

        V merge(V a, V b) {
            throw new UnsupportedOperationException(type + " state cannot be merged");
        }
    }

    static final class HeapValueState<T> extends HeapState<T> implements ValueState<T> {
        private T defaultValue;

        HeapValueState(HeapKeyedStateBackend backend) {
            super(backend, StateDescriptor.Type.VALUE);
        }

        @Override
        @SuppressWarnings("unchecked")
        void bind(StateDescriptor<?, ?> descriptor) {
            super.bind(descriptor);
            this.defaultValue = ((ValueStateDescriptor<T>) descriptor).getDefaultValue();
        }

        @Override
        public T value() {
            T v = getRaw();
            return v == null ? defaultValue : v;
        }

        @Override
        public void update(T value) {
            putRaw(value);
        }
    }

    static final class HeapListState<T> extends HeapState<List<T>> implements ListState<T> {
        HeapListState(HeapKeyedStateBackend backend) {
            super(backend, StateDescriptor.Type.LIST);
        }

        @Override
        public Iterable<T> get() {
            List<T> list = getRaw();
            return list == null ? Collections.emptyList() : Collections.unmodifiableList(list);
        }

        @Override
        public void add(T value) {
            if (value == null) {
                throw new NullPointerException("cannot add null to a ListState");
            }
            List<T> list = getRaw();
            if (list == null) {
                list = new ArrayList<>();
                putRaw(list);
            }
            list.add(value);
        }

        @Override
        public void update(List<T> values) {
            putRaw(values == null || values.isEmpty() ? null : new ArrayList<>(values));
        }

        @Override
        public void addAll(List<T> values) {
            for (T v : values) {
                add(v);
            }
        }

        @Override
        List<T> merge(List<T> a, List<T> b) {
            a.addAll(b);
            return a;
        }
    }

    static final class HeapReducingState<T> extends HeapState<T> implements ReducingState<T> {
        private ReduceFunction<T> reduce;

        HeapReducingState(HeapKeyedStateBackend backend) {
            super(backend, StateDescriptor.Type.REDUCING);
        }

        @Override
        @SuppressWarnings("unchecked")
        void bind(StateDescriptor<?, ?> descriptor) {
            super.bind(descriptor);
            this.reduce = ((ReducingStateDescriptor<T>) descriptor).getReduceFunction();
        }

        @Override
        public T get() {
            return getRaw();
        }

        @Override
        public void add(T value) throws Exception {
            T current = getRaw();
            putRaw(current == null ? value : reduce.reduce(current, value));
        }

        @Override
        T merge(T a, T b) {
            try {
                return reduce.reduce(a, b);
            } catch (Exception e) {
                throw new IllegalStateException("reduce function failed while merging state", e);
            }
        }
    }

    static final class HeapMapState<K, V> extends HeapState<Map<K, V>> implements MapState<K, V> {
        HeapMapState(HeapKeyedStateBackend backend) {
            super(backend, StateDescriptor.Type.MAP);
        }

        private Map<K, V> map() {
            Map<K, V> m = getRaw();
            return m == null ? Collections.emptyMap() : m;
        }

        private Map<K, V> mapForWrite() {
            Map<K, V> m = getRaw();
            if (m == null) {
                m = new LinkedHashMap<>();
                putRaw(m);
            }
            return m;
        }

        @Override
        public V get(K key) {
            return map().get(key);
        }

        @Override
        public void put(K key, V value) {
            mapForWrite().put(key, value);
        }

        @Override
        public void putAll(Map<K, V> map) {
            mapForWrite().putAll(map);
        }

        @Override
        public void remove(K key) {
            Map<K, V> m = getRaw();
            if (m != null) {
                m.remove(key);
                if (m.isEmpty()) {
                    clear();
                }
            }
        }

        @Override
        public boolean contains(K key) {
            return map().containsKey(key);
        }

        @Override
        public Iterable<Map.Entry<K, V>> entries() {
            return map().entrySet();
        }

        @Override
        public Iterable<K> keys() {
            return map().keySet();
        }

        @Override
        public Iterable<V> values() {
            return map().values();
        }

        @Override
        public boolean isEmpty() {
            return map().isEmpty();
        }
    }

    /** The accumulator per (key, namespace); {@code get} gives the function's result. */
    static final class HeapAggregatingState<IN, ACC, OUT> extends HeapState<ACC> implements AggregatingState<IN, OUT> {
        private AggregateFunction<IN, ACC, OUT> function;

        HeapAggregatingState(HeapKeyedStateBackend backend) {
            super(backend, StateDescriptor.Type.AGGREGATING);
        }

        @Override
        @SuppressWarnings("unchecked")
        void bind(StateDescriptor<?, ?> descriptor) {
            super.bind(descriptor);
            this.function = ((AggregatingStateDescriptor<IN, ACC, OUT>) descriptor).getAggregateFunction();
        }

        @Override
        public OUT get() {
            ACC acc = getRaw();
            return acc == null ? null : function.getResult(acc);
        }

        @Override
        public void add(IN value) {
            ACC acc = getRaw();
            putRaw(function.add(value, acc == null ? function.createAccumulator() : acc));
        }

        @Override
        ACC merge(ACC a, ACC b) {
            return function.merge(a, b);
        }
    }
}
