package io.tidemark.runtime.state.ttl;

import io.tidemark.api.common.state.MapState;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A {@link MapState} with a time-to-live per entry, over one that keeps {@link TtlValue}s. Every read
 * of an entry (by key or while iterating) follows the rules of {@link TtlPolicy#read}: expired entries
 * are removed as they are met.
 */
final class TtlMapState<K, V> extends AbstractTtlState<MapState<K, TtlValue<V>>> implements MapState<K, V> {

    TtlMapState(MapState<K, TtlValue<V>> original, TtlPolicy policy, IncrementalCleanup cleanup) {
        super(original, policy, cleanup);
    }

    @Override
    void cleanCurrentKey() throws Exception {
        List<K> expired = new ArrayList<>();
        for (Map.Entry<K, TtlValue<V>> e : original.entries()) {
            if (policy.expired(e.getValue())) {
                expired.add(e.getKey());
            }
        }
        for (K key : expired) {
            original.remove(key);
        }
    }

    private TtlValue<V> read(K key, TtlValue<V> value) throws Exception {
        return policy.read(value, v -> original.put(key, v), () -> removeQuietly(key));
    }

    private void removeQuietly(K key) {
        try {
            original.remove(key);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public V get(K key) throws Exception {
        accessed();
        TtlValue<V> v = read(key, original.get(key));
        return v == null ? null : v.userValue();
    }

    @Override
    public void put(K key, V value) throws Exception {
        accessed();
        original.put(key, policy.wrap(value));
    }

    @Override
    public void putAll(Map<K, V> map) throws Exception {
        for (Map.Entry<K, V> e : map.entrySet()) {
            put(e.getKey(), e.getValue());
        }
    }

    @Override
    public void remove(K key) throws Exception {
        accessed();
        original.remove(key);
    }

    @Override
    public boolean contains(K key) throws Exception {
        accessed();
        return read(key, original.get(key)) != null;
    }

    /** The entries as read now (a copy: expired entries were removed or, if returned, are gone afterwards). */
    @Override
    public Iterable<Map.Entry<K, V>> entries() throws Exception {
        accessed();
        List<Map.Entry<K, TtlValue<V>>> stored = new ArrayList<>();
        for (Map.Entry<K, TtlValue<V>> e : original.entries()) {
            stored.add(new AbstractMap.SimpleImmutableEntry<>(e.getKey(), e.getValue()));
        }
        List<Map.Entry<K, V>> result = new ArrayList<>(stored.size());
        for (Map.Entry<K, TtlValue<V>> e : stored) {
            TtlValue<V> v = read(e.getKey(), e.getValue());
            if (v != null) {
                result.add(new AbstractMap.SimpleImmutableEntry<>(e.getKey(), v.userValue()));
            }
        }
        return result;
    }

    @Override
    public Iterable<K> keys() throws Exception {
        List<K> keys = new ArrayList<>();
        for (Map.Entry<K, V> e : entries()) {
            keys.add(e.getKey());
        }
        return keys;
    }

    @Override
    public Iterable<V> values() throws Exception {
        List<V> values = new ArrayList<>();
        for (Map.Entry<K, V> e : entries()) {
            values.add(e.getValue());
        }
        return values;
    }

    @Override
    public boolean isEmpty() throws Exception {
        return !entries().iterator().hasNext();
    }
}
