package io.tidemark.flink.bridge;

import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.api.common.state.AggregatingState;
import io.tidemark.api.common.state.AggregatingStateDescriptor;
import io.tidemark.api.common.state.ListState;
import io.tidemark.api.common.state.ListStateDescriptor;
import io.tidemark.api.common.state.MapState;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.state.ReducingState;
import io.tidemark.api.common.state.ReducingStateDescriptor;
import io.tidemark.api.common.state.State;
import io.tidemark.api.common.state.StateDescriptor;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.typeutils.TypeExtractor;

/**
 * Tidemark keyed state on top of Flink keyed state: converts Tidemark state descriptors to Flink's
 * (same name, type information from the descriptor's class, a generic type when it has none) and
 * wraps Flink state objects in Tidemark's state interfaces.
 */
public final class States {

    /** The type of values whose class is not known: serialized by Flink's generic (Kryo) serializer. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static final TypeInformation<Object> OBJECT = (TypeInformation) TypeInformation.of(Object.class);

    private States() {}

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <T> TypeInformation<T> typeOf(Class<T> c) {
        if (c == null) {
            return (TypeInformation) OBJECT;
        }
        try {
            return TypeInformation.of(c);
        } catch (RuntimeException e) {
            return (TypeInformation) OBJECT;
        }
    }

    /**
     * The type information of what {@code function} produces: the class bound to type parameter
     * {@code position} of {@code base} in the function's class hierarchy (e.g. {@code Event} for a
     * {@code class Reader implements SplitSourceFunction<Event>}), as Flink analyses it (a POJO gets
     * Flink's POJO serializer, like a hand-written Flink job's); {@link #OBJECT} when it cannot be
     * resolved (lambdas, type variables, raw types) or resolves to {@code Object}.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static TypeInformation<Object> producedType(Object function, Class<?> base, int position) {
        try {
            TypeInformation<?> t = TypeExtractor.createTypeInfo(base, function.getClass(), position, null, null);
            return t == null || t.getTypeClass() == Object.class ? OBJECT : (TypeInformation) t;
        } catch (RuntimeException e) {
            return OBJECT;
        }
    }

    /** Where Flink state comes from: a runtime context, a window's state store, a trigger context. */
    public interface Access {
        <S extends org.apache.flink.api.common.state.State> S get(org.apache.flink.api.common.state.StateDescriptor<S, ?> d);
    }

    /** Access through a Flink {@link org.apache.flink.api.common.state.KeyedStateStore}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static Access of(org.apache.flink.api.common.state.KeyedStateStore store) {
        return new Access() {
            @Override
            public <S extends org.apache.flink.api.common.state.State> S get(org.apache.flink.api.common.state.StateDescriptor<S, ?> d) {
                if (d instanceof org.apache.flink.api.common.state.ValueStateDescriptor) {
                    return (S) store.getState((org.apache.flink.api.common.state.ValueStateDescriptor) d);
                } else if (d instanceof org.apache.flink.api.common.state.ListStateDescriptor) {
                    return (S) store.getListState((org.apache.flink.api.common.state.ListStateDescriptor) d);
                } else if (d instanceof org.apache.flink.api.common.state.MapStateDescriptor) {
                    return (S) store.getMapState((org.apache.flink.api.common.state.MapStateDescriptor) d);
                } else if (d instanceof org.apache.flink.api.common.state.AggregatingStateDescriptor) {
                    return (S) store.getAggregatingState((org.apache.flink.api.common.state.AggregatingStateDescriptor) d);
                } else {
                    return (S) store.getReducingState((org.apache.flink.api.common.state.ReducingStateDescriptor) d);
                }
            }
        };
    }

    /** Access through a Flink runtime context (keyed state of the current key). */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static Access of(org.apache.flink.api.common.functions.RuntimeContext ctx) {
        return new Access() {
            @Override
            public <S extends org.apache.flink.api.common.state.State> S get(org.apache.flink.api.common.state.StateDescriptor<S, ?> d) {
                if (d instanceof org.apache.flink.api.common.state.ValueStateDescriptor) {
                    return (S) ctx.getState((org.apache.flink.api.common.state.ValueStateDescriptor) d);
                } else if (d instanceof org.apache.flink.api.common.state.ListStateDescriptor) {
                    return (S) ctx.getListState((org.apache.flink.api.common.state.ListStateDescriptor) d);
                } else if (d instanceof org.apache.flink.api.common.state.MapStateDescriptor) {
                    return (S) ctx.getMapState((org.apache.flink.api.common.state.MapStateDescriptor) d);
                } else if (d instanceof org.apache.flink.api.common.state.AggregatingStateDescriptor) {
                    return (S) ctx.getAggregatingState((org.apache.flink.api.common.state.AggregatingStateDescriptor) d);
                } else {
                    return (S) ctx.getReducingState((org.apache.flink.api.common.state.ReducingStateDescriptor) d);
                }
            }
        };
    }

    /** The Flink descriptor for a Tidemark descriptor, with its time-to-live as Flink's own. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static org.apache.flink.api.common.state.StateDescriptor toFlink(StateDescriptor<?, ?> d) {
        org.apache.flink.api.common.state.StateDescriptor flink = toFlinkWithoutTtl(d);
        if (d.getTtlConfig().isEnabled()) {
            flink.enableTimeToLive(TtlConfigs.toFlink(d.getTtlConfig()));
        }
        return flink;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static org.apache.flink.api.common.state.StateDescriptor toFlinkWithoutTtl(StateDescriptor<?, ?> d) {
        switch (d.getType()) {
            case VALUE: {
                ValueStateDescriptor<?> v = (ValueStateDescriptor<?>) d;
                return new org.apache.flink.api.common.state.ValueStateDescriptor(v.getName(), typeOf(v.getTypeClass()));
            }
            case LIST: {
                ListStateDescriptor<?> l = (ListStateDescriptor<?>) d;
                return new org.apache.flink.api.common.state.ListStateDescriptor(l.getName(), typeOf(l.getElementClass()));
            }
            case MAP: {
                MapStateDescriptor<?, ?> m = (MapStateDescriptor<?, ?>) d;
                return new org.apache.flink.api.common.state.MapStateDescriptor(m.getName(), typeOf(m.getKeyClass()),
                        typeOf(m.getValueClass()));
            }
            case REDUCING: {
                ReducingStateDescriptor<?> r = (ReducingStateDescriptor<?>) d;
                return new org.apache.flink.api.common.state.ReducingStateDescriptor(r.getName(),
                        new Reduce<>((ReduceFunction) r.getReduceFunction()), typeOf(r.getTypeClass()));
            }
            case AGGREGATING: {
                AggregatingStateDescriptor<?, ?, ?> a = (AggregatingStateDescriptor<?, ?, ?>) d;
                return new org.apache.flink.api.common.state.AggregatingStateDescriptor(a.getName(),
                        new Functions.Aggregate((io.tidemark.api.common.functions.AggregateFunction) a.getAggregateFunction()),
                        typeOf(a.getAccumulatorClass()));
            }
            default:
                throw new UnsupportedOperationException("state kind " + d.getType() + " has no Flink equivalent");
        }
    }

    /** The Tidemark view of the Flink state for {@code d}, fetched through {@code access}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <S extends State> S get(Access access, StateDescriptor<S, ?> d) {
        return view(d, access.get(toFlink(d)));
    }

    /** The Tidemark view of {@code s}, the Flink state for {@code d}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <S extends State> S view(StateDescriptor<S, ?> d, org.apache.flink.api.common.state.State s) {
        switch (d.getType()) {
            case VALUE:
                return (S) new Value((org.apache.flink.api.common.state.ValueState) s, ((ValueStateDescriptor) d).getDefaultValue());
            case LIST:
                return (S) new ListView((org.apache.flink.api.common.state.ListState) s);
            case MAP:
                return (S) new MapView((org.apache.flink.api.common.state.MapState) s);
            case REDUCING:
                return (S) new Reducing((org.apache.flink.api.common.state.ReducingState) s);
            case AGGREGATING:
                return (S) new Aggregating((org.apache.flink.api.common.state.AggregatingState) s);
            default:
                throw new UnsupportedOperationException("state kind " + d.getType());
        }
    }

    /** A Tidemark {@link io.tidemark.api.common.state.KeyedStateStore} over Flink state. */
    public static io.tidemark.api.common.state.KeyedStateStore store(Access access) {
        return new io.tidemark.api.common.state.KeyedStateStore() {
            @Override
            public <T> ValueState<T> getState(ValueStateDescriptor<T> descriptor) {
                return get(access, descriptor);
            }

            @Override
            public <T> ListState<T> getListState(ListStateDescriptor<T> descriptor) {
                return get(access, descriptor);
            }

            @Override
            public <K, V> MapState<K, V> getMapState(MapStateDescriptor<K, V> descriptor) {
                return get(access, descriptor);
            }

            @Override
            public <T> ReducingState<T> getReducingState(ReducingStateDescriptor<T> descriptor) {
                return get(access, descriptor);
            }

            @Override
            public <IN, ACC, OUT> AggregatingState<IN, OUT> getAggregatingState(AggregatingStateDescriptor<IN, ACC, OUT> descriptor) {
                return get(access, descriptor);
            }
        };
    }

    /** {@code e} as an unchecked exception; an {@link InterruptedException} sets the thread's interrupt flag again. */
    static RuntimeException unchecked(Exception e) {
        if (e instanceof RuntimeException) {
            return (RuntimeException) e;
        }
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
        }
        if (e instanceof IOException) {
            return new UncheckedIOException((IOException) e);
        }
        return new IllegalStateException(e);
    }

    private static final class Value<T> implements ValueState<T> {
        private final org.apache.flink.api.common.state.ValueState<T> s;
        private final T defaultValue;

        Value(org.apache.flink.api.common.state.ValueState<T> s, T defaultValue) {
            this.s = s;
            this.defaultValue = defaultValue;
        }

        @Override
        public T value() {
            try {
                T v = s.value();
                return v == null ? defaultValue : v;
            } catch (IOException e) {
                throw unchecked(e);
            }
        }

        @Override
        public void update(T value) {
            try {
                s.update(value);
            } catch (IOException e) {
                throw unchecked(e);
            }
        }

        @Override
        public void clear() {
            s.clear();
        }
    }

    private static final class ListView<T> implements ListState<T> {
        private final org.apache.flink.api.common.state.ListState<T> s;

        ListView(org.apache.flink.api.common.state.ListState<T> s) {
            this.s = s;
        }

        @Override
        public Iterable<T> get() throws Exception {
            Iterable<T> v = s.get();
            if (v == null) {
                return Collections.emptyList();
            }
            List<T> copy = new ArrayList<>();
            v.forEach(copy::add);
            return copy;
        }

        @Override
        public void add(T value) throws Exception {
            s.add(value);
        }

        @Override
        public void update(List<T> values) throws Exception {
            s.update(values);
        }

        @Override
        public void addAll(List<T> values) throws Exception {
            s.addAll(values);
        }

        @Override
        public void clear() {
            s.clear();
        }
    }

    private static final class MapView<K, V> implements MapState<K, V> {
        private final org.apache.flink.api.common.state.MapState<K, V> s;

        MapView(org.apache.flink.api.common.state.MapState<K, V> s) {
            this.s = s;
        }

        @Override
        public V get(K key) throws Exception {
            return s.get(key);
        }

        @Override
        public void put(K key, V value) throws Exception {
            s.put(key, value);
        }

        @Override
        public void putAll(Map<K, V> map) throws Exception {
            s.putAll(map);
        }

        @Override
        public void remove(K key) throws Exception {
            s.remove(key);
        }

        @Override
        public boolean contains(K key) throws Exception {
            return s.contains(key);
        }

        @Override
        public Iterable<Map.Entry<K, V>> entries() throws Exception {
            Iterable<Map.Entry<K, V>> e = s.entries();
            return e == null ? Collections.emptyList() : e;
        }

        @Override
        public Iterable<K> keys() throws Exception {
            Iterable<K> k = s.keys();
            return k == null ? Collections.emptyList() : k;
        }

        @Override
        public Iterable<V> values() throws Exception {
            Iterable<V> v = s.values();
            return v == null ? Collections.emptyList() : v;
        }

        @Override
        public boolean isEmpty() throws Exception {
            return s.isEmpty();
        }

        @Override
        public void clear() {
            s.clear();
        }
    }

    private static final class Aggregating<IN, OUT> implements AggregatingState<IN, OUT> {
        private final org.apache.flink.api.common.state.AggregatingState<IN, OUT> s;

        Aggregating(org.apache.flink.api.common.state.AggregatingState<IN, OUT> s) {
            this.s = s;
        }

        @Override
        public OUT get() throws Exception {
            return s.get();
        }

        @Override
        public void add(IN value) throws Exception {
            s.add(value);
        }

        @Override
        public void clear() {
            s.clear();
        }
    }

    private static final class Reducing<T> implements ReducingState<T> {
        private final org.apache.flink.api.common.state.ReducingState<T> s;

        Reducing(org.apache.flink.api.common.state.ReducingState<T> s) {
            this.s = s;
        }

        @Override
        public T get() throws Exception {
            return s.get();
        }

        @Override
        public void add(T value) throws Exception {
            s.add(value);
        }

        @Override
        public void clear() {
            s.clear();
        }
    }

    /** A Tidemark reduce function as a (non-rich) Flink reduce function. */
    public static final class Reduce<T> implements org.apache.flink.api.common.functions.ReduceFunction<T> {
        private static final long serialVersionUID = 1L;
        private final ReduceFunction<T> function;

        public Reduce(ReduceFunction<T> function) {
            this.function = function;
        }

        @Override
        public T reduce(T a, T b) throws Exception {
            return function.reduce(a, b);
        }
    }
}
