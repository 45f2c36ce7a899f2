package io.tidemark.runtime.state;

import io.tidemark.api.common.state.BroadcastState;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.state.ReadOnlyBroadcastState;
import io.tidemark.runtime.checkpoint.StateInput;
import io.tidemark.runtime.checkpoint.StateOutput;
import java.io.IOException;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The broadcast states of one operator subtask, one heap map per descriptor given to
 * {@code broadcast(descriptors)}. Only the broadcast side writes them; every subtask applies the same
 * broadcast records in the same order, so the maps are equal on all subtasks. Memory: one map entry
 * per broadcast key.
 */
public final class BroadcastStates {

    private final Map<String, HeapBroadcastState<?, ?>> states = new HashMap<>();

    public BroadcastStates(List<MapStateDescriptor<?, ?>> descriptors) {
        for (MapStateDescriptor<?, ?> d : descriptors) {
            register(d);
        }
    }

    /** Adds the state {@code descriptor} names, empty, unless it is there (restored, or registered before). */
    public void register(MapStateDescriptor<?, ?> descriptor) {
        states.computeIfAbsent(descriptor.getName(), n -> new HeapBroadcastState<>());
    }

    /** The names of the states. */
    public java.util.Set<String> names() {
        return Collections.unmodifiableSet(states.keySet());
    }

    /** Writes every state: its name and its entries. */
    public void snapshot(StateOutput out) throws IOException {
        out.writeInt(states.size());
        for (Map.Entry<String, HeapBroadcastState<?, ?>> e : states.entrySet()) {
            out.writeString(e.getKey());
            Map<?, ?> m = e.getValue().map;
            out.writeInt(m.size());
            for (Map.Entry<?, ?> entry : m.entrySet()) {
                out.writeValue(entry.getKey());
                out.writeValue(entry.getValue());
            }
        }
    }

    /** Puts back what {@link #snapshot} wrote (every subtask wrote the same entries). */
    @SuppressWarnings("unchecked")
    public void restore(StateInput in) throws IOException {
        int n = in.readInt();
        for (int i = 0; i < n; i++) {
            HeapBroadcastState<Object, Object> s = (HeapBroadcastState<Object, Object>) states.computeIfAbsent(in.readString(),
                    x -> new HeapBroadcastState<>());
            s.map.clear();
            int entries = in.readInt();
            for (int j = 0; j < entries; j++) {
                s.map.put(in.readValue(), in.readValue());
            }
        }
    }

    /** The writable state {@code descriptor} names (the broadcast side). */
    @SuppressWarnings("unchecked")
    public <K, V> BroadcastState<K, V> get(MapStateDescriptor<K, V> descriptor) {
        HeapBroadcastState<?, ?> s = states.get(descriptor.getName());
        if (s == null) {
            throw new IllegalArgumentException("The requested state does not exist. Check for typos in your state "
                    + "descriptor, or specify the state descriptor in the datastream.broadcast(...) call if you "
                    + "forgot to register it (asked for '" + descriptor.getName() + "', registered " + states.keySet() + ")");
        }
        return (BroadcastState<K, V>) s;
    }

    /** A read-only view of the state {@code descriptor} names (the other side). */
    public <K, V> ReadOnlyBroadcastState<K, V> getReadOnly(MapStateDescriptor<K, V> descriptor) {
        BroadcastState<K, V> s = get(descriptor);
        return new ReadOnlyBroadcastState<>() {
            @Override
            public V get(K key) throws Exception {
                return s.get(key);
            }

            @Override
            public boolean contains(K key) throws Exception {
                return s.contains(key);
            }

            @Override
            public Iterable<Map.Entry<K, V>> immutableEntries() throws Exception {
                return s.immutableEntries();
            }

            @Override
            public void clear() {
                throw new UnsupportedOperationException("the broadcast state is read only on the non-broadcast side");
            }
        };
    }

    /** One broadcast state: a plain hash map. */
    static final class HeapBroadcastState<K, V> implements BroadcastState<K, V> {
        final Map<K, V> map = new HashMap<>();

        @Override
        public V get(K key) {
            return map.get(key);
        }

        @Override
        public boolean contains(K key) {
            return map.containsKey(key);
        }

        @Override
        public Iterable<Map.Entry<K, V>> immutableEntries() {
            return Collections.unmodifiableMap(map).entrySet();
        }

        @Override
        public void put(K key, V value) {
            map.put(key, value);
        }

        @Override
        public void putAll(Map<K, V> m) {
            map.putAll(m);
        }

        @Override
        public void remove(K key) {
            map.remove(key);
        }

        @Override
        public Iterator<Map.Entry<K, V>> iterator() {
            return map.entrySet().iterator();
        }

        @Override
        public Iterable<Map.Entry<K, V>> entries() {
            return map.entrySet();
        }

        @Override
        public void clear() {
            map.clear();
        }
    }
}
