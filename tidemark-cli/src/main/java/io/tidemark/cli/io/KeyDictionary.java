package io.tidemark.cli.io;

import java.util.Arrays;

/**
 * The keys of a source's records by the bytes they were read from: a line whose key fields have the
 * same bytes (and kinds) as an earlier line's gets the very same key list, made once. So a key costs
 * no {@code String} per line, and the window operator compares keys by identity first.
 *
 * <p>Open addressing over the encoded bytes (linear probing, a table at most half full). Bounded:
 * at most {@value #MAX_ENTRIES} keys; past that {@link #find} misses for new keys and the caller makes
 * the key itself (correct, only slower), so the dictionary never grows with the input beyond the
 * number of distinct keys the bound allows.
 */
final class KeyDictionary<V> {

    static final int MAX_ENTRIES = 1 << 16;

    private byte[][] keys = new byte[64][];
    private int[] hashes = new int[64];
    private Object[] values = new Object[64];
    private int size;

    /** The value stored for {@code b[0, n)} (hash {@code h}), or null. */
    @SuppressWarnings("unchecked")
    V find(byte[] b, int n, int h) {
        int mask = keys.length - 1;
        for (int i = h & mask; ; i = (i + 1) & mask) {
            byte[] k = keys[i];
            if (k == null) {
                return null;
            }
            if (hashes[i] == h && Arrays.equals(k, 0, k.length, b, 0, n)) {
                return (V) values[i];
            }
        }
    }

    /** Remembers {@code v} for {@code b[0, n)} (not present), unless the dictionary is full. */
    void put(byte[] b, int n, int h, V v) {
        if (size >= MAX_ENTRIES) {
            return;
        }
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        insert(Arrays.copyOf(b, n), h, v);
        size++;
    }

    private void insert(byte[] k, int h, Object v) {
        int mask = keys.length - 1;
        int i = h & mask;
        while (keys[i] != null) {
            i = (i + 1) & mask;
        }
        keys[i] = k;
        hashes[i] = h;
        values[i] = v;
    }

    private void grow() {
        byte[][] oldKeys = keys;
        int[] oldHashes = hashes;
        Object[] oldValues = values;
        keys = new byte[oldKeys.length * 2][];
        hashes = new int[oldKeys.length * 2];
        values = new Object[oldKeys.length * 2];
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != null) {
                insert(oldKeys[i], oldHashes[i], oldValues[i]);
            }
        }
    }

    /** A hash of {@code b[0, n)}, spread over the low bits. */
    static int hash(byte[] b, int n) {
        int h = 1;
        for (int i = 0; i < n; i++) {
            h = 31 * h + b[i];
        }
        return h ^ (h >>> 16);
    }
}
