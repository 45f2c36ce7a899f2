package io.tidemark.flink.bridge;

import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;

/**
 * The JDK's unmodifiable and immutable collections ({@code List.of}, {@code Map.of},
 * {@code List.copyOf}, {@code Collections.unmodifiable…}) inside records, keys and accumulators.
 * Flink's generic (Kryo) serializer copies them field by field and fails when it rebuilds one
 * ({@code UnsupportedOperationException} from {@code add}/{@code put}); Tidemark hands such values on
 * untouched. They are all {@code Serializable}, so Kryo is told to use Java serialization for them.
 */
public final class JdkCollections {

    private JdkCollections() {}

    static List<Class<?>> classes() {
        List<Object> samples = List.of(
                List.of(), List.of(1), List.of(1, 2, 3), Set.of(), Set.of(1), Set.of(1, 2, 3),
                Map.of(), Map.of(1, 1), Map.of(1, 1, 2, 2),
                Collections.unmodifiableList(new ArrayList<>()), Collections.unmodifiableList(new LinkedList<>()),
                Collections.unmodifiableMap(new HashMap<>()), Collections.unmodifiableSortedMap(new TreeMap<>()),
                Collections.unmodifiableSet(new HashSet<>()), Collections.unmodifiableSortedSet(new TreeSet<>()),
                Collections.unmodifiableCollection(new ArrayList<>()), Collections.unmodifiableSet(new LinkedHashSet<>()),
                Collections.emptyList(), Collections.emptyMap(), Collections.emptySet(),
                Collections.singletonList(1), Collections.singleton(1), Collections.singletonMap(1, 1));
        List<Class<?>> classes = new ArrayList<>();
        for (Object o : samples) {
            if (!classes.contains(o.getClass())) {
                classes.add(o.getClass());
            }
        }
        return classes;
    }

    /** Registers Kryo's {@link JavaSerializer} for each of them. */
    public static void register(SerializerConfig config) {
        if (!(config instanceof SerializerConfigImpl)) {
            return;
        }
        SerializerConfigImpl c = (SerializerConfigImpl) config;
        for (Class<?> k : classes()) {
            c.registerTypeWithKryoSerializer(k, JavaSerializer.class);
        }
    }
}
