package io.tidemark.api.common.state;

/** Keyed state: every access is scoped to the key of the record (or timer) being processed. */
public interface State {
    /** Removes this state's value for the current key. */
    void clear();
}
