package io.tidemark.api.common.state;

import java.util.Iterator;
import java.util.Map;

/**
 * A map shared by all keys of an operator subtask, written only by the broadcast side
 * ({@code processBroadcastElement}); named by a {@link MapStateDescriptor} given to
 * {@code DataStream.broadcast(descriptors)}.
 */
public interface BroadcastState<K, V> extends ReadOnlyBroadcastState<K, V> {

    void put(K key, V value) throws Exception;

    void putAll(Map<K, V> map) throws Exception;

    void remove(K key) throws Exception;

    /** The entries; the iterator may remove. */
    Iterator<Map.Entry<K, V>> iterator() throws Exception;

    /** The entries, modifiable through {@code setValue}. */
    Iterable<Map.Entry<K, V>> entries() throws Exception;
}
