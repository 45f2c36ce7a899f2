package io.tidemark.runtime.state;

import io.tidemark.api.common.state.StateDescriptor;
import io.tidemark.runtime.checkpoint.StateInput;
import io.tidemark.runtime.checkpoint.StateOutput;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The checkpoint format of a {@link HeapKeyedStateBackend}: the number of states, then per state its
 * name, its kind ({@code StateDescriptor.Type} ordinal) and its keys; per key, the key, then its
 * (namespace, value) entries — a list state's value as its element count and elements, a map state's
 * as its entry count and (key, value) pairs, other values as they are (all through the value codec).
 * Cost: linear in the entries. A restored state knows its kind but not its descriptor; it takes what
 * only the descriptor knows (a default value, a reduce function) when the operator next asks for it.
 */
final class KeyedStateSnapshots {

    private KeyedStateSnapshots() {}

    static void write(HeapKeyedStateBackend backend, StateOutput out) throws IOException {
        out.writeInt(backend.states.size());
        for (Map.Entry<String, HeapKeyedStateBackend.HeapState<?>> e : backend.states.entrySet()) {
            HeapKeyedStateBackend.HeapState<?> s = e.getValue();
            out.writeString(e.getKey());
            out.writeByte(s.type.ordinal());
            out.writeInt(s.table.size());
            for (Map.Entry<Object, Map<Object, Object>> k : s.table.entrySet()) {
                out.writeValue(k.getKey());
                out.writeInt(k.getValue().size());
                for (Map.Entry<Object, Object> n : k.getValue().entrySet()) {
                    out.writeValue(n.getKey());
                    s.writeValue(out, n.getValue());
                }
            }
        }
    }

    static void read(HeapKeyedStateBackend backend, StateInput in, Predicate<Object> keys) throws IOException {
        int n = in.readInt();
        StateDescriptor.Type[] types = StateDescriptor.Type.values();
        for (int i = 0; i < n; i++) {
            String name = in.readString();
            int type = in.readUnsignedByte();
            if (type >= types.length) {
                throw new IOException("state '" + name + "': unknown kind " + type);
            }
            HeapKeyedStateBackend.HeapState<?> s = backend.states.get(name);
            if (s == null) {
                s = backend.create(types[type]);
                backend.states.put(name, s);
            } else if (s.type != types[type]) {
                throw new IOException("state '" + name + "' restored as " + types[type] + " and as " + s.type);
            }
            int numKeys = in.readInt();
            for (int k = 0; k < numKeys; k++) {
                Object key = in.readValue();
                int namespaces = in.readInt();
                Map<Object, Object> perKey = keys.test(key) ? s.table.computeIfAbsent(key, x -> new HashMap<>(4)) : null;
                for (int j = 0; j < namespaces; j++) {
                    Object namespace = in.readValue();
                    Object value = s.readValue(in);
                    if (perKey != null) {
                        perKey.put(namespace, value);
                    }
                }
                if (perKey != null && perKey.isEmpty()) {
                    s.table.remove(key);
                }
            }
        }
    }
}
