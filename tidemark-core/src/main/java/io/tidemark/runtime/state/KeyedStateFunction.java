package io.tidemark.runtime.state;

import io.tidemark.api.common.state.State;

/**
 * A function applied to one kind of keyed state of every key
 * ({@code KeyedBroadcastProcessFunction.Context.applyToKeyedState}). Part of the API although it
 * lives in this package: Flink has it in {@code org.apache.flink.runtime.state}, so a port changes only
 * the import's prefix.
 */
@FunctionalInterface
public interface KeyedStateFunction<K, S extends State> {

    /** Called once per key that has this state, with the state scoped to that key. */
    void process(K key, S state) throws Exception;
}
