package io.tidemark.util;

/** Receives the records a function emits. */
public interface Collector<T> {

    void collect(T record);

    /** Called by the engine when nothing more will be collected. */
    default void close() {}
}
