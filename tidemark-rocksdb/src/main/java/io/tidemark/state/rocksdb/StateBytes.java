package io.tidemark.state.rocksdb;

import io.tidemark.runtime.checkpoint.StateInput;
import io.tidemark.runtime.checkpoint.StateOutput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * Values as the bytes RocksDB keeps: the value codec's tagged encoding ({@code ValueCodec}, the same a
 * checkpoint uses), then the bytes of the Java-serialized objects inside it if any:
 * {@code [int length of the tagged bytes][tagged bytes][Java-serialized bytes]}.
 *
 * <p>Row keys of a state are {@code [int n][key][int m][namespace]} (then, for a map state, the user
 * key's bytes): every (key, namespace) is a byte prefix of its own, so a map state's entries and a
 * key's namespaces are contiguous ranges. Equal keys must have equal bytes: true of every type the codec
 * writes itself (strings, numbers, tuples of them, windows); a Java-serialized key must serialize its
 * equal values alike.
 */
final class StateBytes {

    private StateBytes() {}

    /** The bytes of {@code value}. */
    static byte[] encode(Object value) {
        try {
            StateOutput out = new StateOutput(32);
            out.writeValue(value);
            return out.toPackedBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The value {@link #encode} wrote into {@code b[from, to)}. */
    static Object decode(byte[] b, int from, int to) {
        try {
            StateInput in = StateInput.unpack(b, from, to);
            Object v = in.readValue();
            if (in.remaining() != 0) {
                throw new IOException("corrupt state value: " + in.remaining() + " bytes left");
            }
            return v;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Object decode(byte[] b) {
        return decode(b, 0, b.length);
    }

    /** {@code [int key.length][key][int namespace.length][namespace]}. */
    static byte[] rowKey(byte[] key, byte[] namespace) {
        byte[] b = new byte[8 + key.length + namespace.length];
        putInt(b, 0, key.length);
        System.arraycopy(key, 0, b, 4, key.length);
        putInt(b, 4 + key.length, namespace.length);
        System.arraycopy(namespace, 0, b, 8 + key.length, namespace.length);
        return b;
    }

    /** {@code prefix} then {@code suffix}. */
    static byte[] concat(byte[] prefix, byte[] suffix) {
        byte[] b = Arrays.copyOf(prefix, prefix.length + suffix.length);
        System.arraycopy(suffix, 0, b, prefix.length, suffix.length);
        return b;
    }

    /** The length of the (key, namespace) prefix at the start of row key {@code row}. */
    static int prefixLength(byte[] row) {
        int k = getInt(row, 0);
        return 8 + k + getInt(row, 4 + k);
    }

    /** The key's bytes of row key {@code row}. */
    static byte[] keyOf(byte[] row) {
        return Arrays.copyOfRange(row, 4, 4 + getInt(row, 0));
    }

    /** The namespace's bytes of row key {@code row}. */
    static byte[] namespaceOf(byte[] row) {
        int k = getInt(row, 0);
        return Arrays.copyOfRange(row, 8 + k, 8 + k + getInt(row, 4 + k));
    }

    /** The smallest byte string greater than every string starting with {@code prefix}, or null if none. */
    static byte[] successor(byte[] prefix) {
        byte[] b = prefix.clone();
        for (int i = b.length - 1; i >= 0; i--) {
            if (b[i] != (byte) 0xff) {
                b[i]++;
                return Arrays.copyOf(b, i + 1);
            }
        }
        return null;
    }

    /** Whether {@code b} starts with {@code prefix}. */
    static boolean startsWith(byte[] b, byte[] prefix) {
        return b.length >= prefix.length && Arrays.equals(b, 0, prefix.length, prefix, 0, prefix.length);
    }

    static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }

    static int getInt(byte[] b, int at) {
        return (b[at] << 24) | ((b[at + 1] & 0xff) << 16) | ((b[at + 2] & 0xff) << 8) | (b[at + 3] & 0xff);
    }
}
