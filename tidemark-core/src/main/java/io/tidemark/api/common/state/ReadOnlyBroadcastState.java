package io.tidemark.api.common.state;

import java.util.Map;

/**
 * The broadcast state as the non-broadcast side sees it: read only, the same contents on every
 * subtask (each subtask applies the same broadcast records in the same order).
 */
public interface ReadOnlyBroadcastState<K, V> extends State {

    /** The value of {@code key}, or null. */
    V get(K key) throws Exception;

    boolean contains(K key) throws Exception;

    /** The entries, unmodifiable. */
    Iterable<Map.Entry<K, V>> immutableEntries() throws Exception;
}
