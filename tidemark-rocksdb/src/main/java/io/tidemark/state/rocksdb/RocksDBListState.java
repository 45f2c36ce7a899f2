package io.tidemark.state.rocksdb;

import io.tidemark.api.common.state.ListState;
import io.tidemark.api.common.state.StateDescriptor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDBException;

/**
 * A {@link ListState} in RocksDB: one row per (key, namespace) holding the elements, each as
 * {@code [int length][value bytes]}; {@code add} appends through RocksDB's merge operator without
 * reading the list, {@code get} reads and decodes it whole.
 */
final class RocksDBListState<T> extends RocksDBState implements ListState<T> {

    RocksDBListState(RocksDBKeyedStateBackend backend, ColumnFamilyHandle column) {
        super(backend, column, StateDescriptor.Type.LIST);
    }

    @Override
    @SuppressWarnings("unchecked")
    public Iterable<T> get() {
        byte[] b = get(backend.rowKey(namespace));
        return b == null ? Collections.emptyList() : Collections.unmodifiableList((List<T>) decodeList(b));
    }

    @Override
    public void add(T value) {
        if (value == null) {
            throw new NullPointerException("cannot add null to a ListState");
        }
        try {
            backend.db.merge(column, backend.writeOptions, backend.rowKey(namespace), element(value));
        } catch (RocksDBException e) {
            throw RocksDBKeyedStateBackend.failure("add to a list state", e);
        }
    }

    @Override
    public void update(List<T> values) {
        if (values == null || values.isEmpty()) {
            clear();
        } else {
            put(backend.rowKey(namespace), encodeList(values));
        }
    }

    @Override
    public void addAll(List<T> values) {
        for (T v : values) {
            add(v);
        }
    }

    @Override
    byte[] merge(byte[] a, byte[] b) {
        return StateBytes.concat(a, b);
    }

    @Override
    Object rowValue(byte[] bytes) {
        return decodeList(bytes);
    }

    @Override
    byte[] rowBytes(Object value) {
        return encodeList((List<?>) value);
    }

    private static byte[] element(Object value) {
        byte[] v = StateBytes.encode(value);
        byte[] b = new byte[4 + v.length];
        StateBytes.putInt(b, 0, v.length);
        System.arraycopy(v, 0, b, 4, v.length);
        return b;
    }

    static byte[] encodeList(List<?> values) {
        List<byte[]> parts = new ArrayList<>(values.size());
        int n = 0;
        for (Object v : values) {
            byte[] e = element(v);
            parts.add(e);
            n += e.length;
        }
        byte[] b = new byte[n];
        int at = 0;
        for (byte[] e : parts) {
            System.arraycopy(e, 0, b, at, e.length);
            at += e.length;
        }
        return b;
    }

    static List<Object> decodeList(byte[] b) {
        List<Object> list = new ArrayList<>();
        int at = 0;
        while (at < b.length) {
            int n = StateBytes.getInt(b, at);
            list.add(StateBytes.decode(b, at + 4, at + 4 + n));
            at += 4 + n;
        }
        return list;
    }
}
