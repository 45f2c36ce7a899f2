package io.tidemark.runtime.state;

import io.tidemark.api.common.state.StateDescriptor;
import io.tidemark.runtime.checkpoint.StateInput;
import io.tidemark.runtime.checkpoint.StateOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The full-snapshot format of keyed state, section {@value #SECTION}, which every keyed state backend
 * writes and reads (so that a checkpoint of one backend restores into another): the number of states,
 * then per state its name, its kind ({@code StateDescriptor.Type} ordinal) and its number of keys; per
 * key, the key and its number of namespaces, then its (namespace, value) entries — a list state's value
 * as its element count and elements, a map state's as its entry count and (key, value) pairs, other
 * values as they are (all through the value codec). Cost: linear in the entries.
 *
 * <p>A restored state knows its kind but not its descriptor; it takes what only the descriptor knows
 * (a default value, a reduce function) when the operator next asks for it.
 */
public final class KeyedStateSnapshots {

    /** The section's name. */
    public static final String SECTION = "keyed";
    /** The section's format version. */
    public static final int VERSION = 1;

    /** Receives the states and entries of a keyed section, in the order they were written. */
    public interface Restorer {
        /** A state begins; its entries follow. */
        void state(String name, StateDescriptor.Type type) throws IOException;

        /**
         * One entry of the state that began last: a list state's value is a {@code List}, a map
         * state's a {@code Map}, in the order written.
         */
        void entry(Object key, Object namespace, Object value) throws IOException;
    }

    private KeyedStateSnapshots() {}

    /** Writes the number of states; {@link #writeState} follows that many times. */
    public static void writeStateCount(StateOutput out, int states) {
        out.writeInt(states);
    }

    /** A state begins: {@code keys} times {@link #writeKey} follow. */
    public static void writeState(StateOutput out, String name, StateDescriptor.Type type, int keys) throws IOException {
        out.writeString(name);
        out.writeByte(type.ordinal());
        out.writeInt(keys);
    }

    /** A key begins: {@code namespaces} times {@link #writeEntry} follow. */
    public static void writeKey(StateOutput out, Object key, int namespaces) throws IOException {
        out.writeValue(key);
        out.writeInt(namespaces);
    }

    /** One (namespace, value) entry of a state of kind {@code type}. */
    public static void writeEntry(StateOutput out, StateDescriptor.Type type, Object namespace, Object value)
            throws IOException {
        out.writeValue(namespace);
        switch (type) {
            case LIST -> {
                List<?> list = (List<?>) value;
                out.writeInt(list.size());
                for (Object e : list) {
                    out.writeValue(e);
                }
            }
            case MAP -> {
                Map<?, ?> m = (Map<?, ?>) value;
                out.writeInt(m.size());
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    out.writeValue(e.getKey());
                    out.writeValue(e.getValue());
                }
            }
            default -> out.writeValue(value);
        }
    }

    /** Reads a section in this format into {@code restorer}, leaving out the keys {@code keys} rejects. */
    public static void read(StateInput in, Predicate<Object> keys, Restorer restorer) throws IOException {
        int n = in.readInt();
        StateDescriptor.Type[] types = StateDescriptor.Type.values();
        for (int i = 0; i < n; i++) {
            String name = in.readString();
            int t = in.readUnsignedByte();
            if (t >= types.length) {
                throw new IOException("state '" + name + "': unknown kind " + t);
            }
            StateDescriptor.Type type = types[t];
            restorer.state(name, type);
            int numKeys = in.readInt();
            for (int k = 0; k < numKeys; k++) {
                Object key = in.readValue();
                boolean keep = keys.test(key);
                int namespaces = in.readInt();
                for (int j = 0; j < namespaces; j++) {
                    Object namespace = in.readValue();
                    Object value = readValue(in, type);
                    if (keep) {
                        restorer.entry(key, namespace, value);
                    }
                }
            }
        }
    }

    private static Object readValue(StateInput in, StateDescriptor.Type type) throws IOException {
        switch (type) {
            case LIST: {
                int n = in.readInt();
                List<Object> list = new ArrayList<>(Math.min(n, 1 << 16));
                for (int i = 0; i < n; i++) {
                    list.add(in.readValue());
                }
                return list;
            }
            case MAP: {
                int n = in.readInt();
                Map<Object, Object> m = new LinkedHashMap<>();
                for (int i = 0; i < n; i++) {
                    m.put(in.readValue(), in.readValue());
                }
                return m;
            }
            default:
                return in.readValue();
        }
    }

    /** Writes every state of {@code backend}. */
    static void write(HeapKeyedStateBackend backend, StateOutput out) throws IOException {
        writeStateCount(out, backend.states.size());
        for (Map.Entry<String, HeapKeyedStateBackend.HeapState<?>> e : backend.states.entrySet()) {
            HeapKeyedStateBackend.HeapState<?> s = e.getValue();
            writeState(out, e.getKey(), s.type, s.table.size());
            for (Map.Entry<Object, Map<Object, Object>> k : s.table.entrySet()) {
                writeKey(out, k.getKey(), k.getValue().size());
                for (Map.Entry<Object, Object> n : k.getValue().entrySet()) {
                    writeEntry(out, s.type, n.getKey(), n.getValue());
                }
            }
        }
    }
}
