package io.tidemark.state.rocksdb;

import io.tidemark.api.common.state.MapState;
import io.tidemark.api.common.state.StateDescriptor;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

/**
 * A {@link MapState} in RocksDB: one row per entry, under the (key, namespace) row key followed by the
 * user key's bytes, so that a (key, namespace)'s entries are one contiguous range: {@code get},
 * {@code put}, {@code remove} and {@code contains} touch one row; {@code entries}, {@code keys} and
 * {@code values} read the range into a list (in the user keys' byte order); {@code clear} deletes the
 * range.
 */
final class RocksDBMapState<K, V> extends RocksDBState implements MapState<K, V> {

    RocksDBMapState(RocksDBKeyedStateBackend backend, ColumnFamilyHandle column) {
        super(backend, column, StateDescriptor.Type.MAP);
    }

    private byte[] row(Object userKey) {
        return StateBytes.concat(backend.rowKey(namespace), StateBytes.encode(userKey));
    }

    @Override
    @SuppressWarnings("unchecked")
    public V get(K key) {
        byte[] b = get(row(key));
        return b == null ? null : (V) StateBytes.decode(b);
    }

    @Override
    public void put(K key, V value) {
        put(row(key), StateBytes.encode(value));
    }

    @Override
    public void putAll(Map<K, V> map) {
        for (Map.Entry<K, V> e : map.entrySet()) {
            put(e.getKey(), e.getValue());
        }
    }

    @Override
    public void remove(K key) {
        delete(row(key));
    }

    @Override
    public boolean contains(K key) {
        return get(row(key)) != null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Iterable<Map.Entry<K, V>> entries() {
        List<Map.Entry<K, V>> entries = new ArrayList<>();
        for (Map.Entry<Object, Object> e : read(backend.rowKey(namespace)).entrySet()) {
            entries.add(new AbstractMap.SimpleImmutableEntry<>((K) e.getKey(), (V) e.getValue()));
        }
        return entries;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Iterable<K> keys() {
        return (Collection<K>) read(backend.rowKey(namespace)).keySet();
    }

    @Override
    @SuppressWarnings("unchecked")
    public Iterable<V> values() {
        return (Collection<V>) read(backend.rowKey(namespace)).values();
    }

    @Override
    public boolean isEmpty() {
        byte[] prefix = backend.rowKey(namespace);
        try (RocksIterator it = backend.db.newIterator(column, backend.readOptions)) {
            it.seek(prefix);
            return !(it.isValid() && StateBytes.startsWith(it.key(), prefix));
        }
    }

    /** The entries under {@code prefix}, in byte order of their user keys. */
    Map<Object, Object> read(byte[] prefix) {
        Map<Object, Object> m = new LinkedHashMap<>();
        try (RocksIterator it = backend.db.newIterator(column, backend.readOptions)) {
            for (it.seek(prefix); it.isValid(); it.next()) {
                byte[] row = it.key();
                if (!StateBytes.startsWith(row, prefix)) {
                    break;
                }
                m.put(StateBytes.decode(row, prefix.length, row.length), StateBytes.decode(it.value()));
            }
        }
        return m;
    }

    @Override
    public void clear() {
        deleteRange(backend.rowKey(namespace));
    }

    private void deleteRange(byte[] prefix) {
        try {
            backend.db.deleteRange(column, backend.writeOptions, prefix, StateBytes.successor(prefix));
        } catch (RocksDBException e) {
            throw RocksDBKeyedStateBackend.failure("clear a map state", e);
        }
    }

    @Override
    void restore(byte[] key, byte[] namespace, Object value) {
        byte[] prefix = StateBytes.rowKey(key, namespace);
        for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
            put(StateBytes.concat(prefix, StateBytes.encode(e.getKey())), StateBytes.encode(e.getValue()));
        }
    }

    @Override
    void mergeNamespaces(Object target, Collection<?> sources) {
        Map<Object, Object> merged = read(backend.rowKey(target));
        boolean any = false;
        for (Object source : sources) {
            if (source.equals(target)) {
                continue;
            }
            byte[] prefix = backend.rowKey(source);
            Map<Object, Object> m = read(prefix);
            if (!m.isEmpty()) {
                if (!merged.isEmpty() || any) {
                    throw new UnsupportedOperationException(type + " state cannot be merged");
                }
                deleteRange(prefix);
                Object t = namespace;
                namespace = target;
                for (Map.Entry<Object, Object> e : m.entrySet()) {
                    put(row(e.getKey()), StateBytes.encode(e.getValue()));
                }
                namespace = t;
                any = true;
            }
        }
    }
}
