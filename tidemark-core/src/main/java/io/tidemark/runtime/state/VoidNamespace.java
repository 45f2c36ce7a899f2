package io.tidemark.runtime.state;

/** The namespace of keyed state that is not scoped to a window. */
public enum VoidNamespace {
    /** The only value. */
    INSTANCE
}
