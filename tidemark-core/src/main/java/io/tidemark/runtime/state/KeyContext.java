package io.tidemark.runtime.state;

/** Holds the key of the record or timer being processed; keyed state and timers are scoped to it. */
public interface KeyContext {
    Object getCurrentKey();

    void setCurrentKey(Object key);
}
