package io.tidemark.runtime.io;

/** The in-band marker that a channel carries nothing more. */
public enum EndOfInput {
    /** The only value. */
    INSTANCE
}
