package io.tidemark.runtime.state.ttl;

import java.io.Serializable;

/**
 * A state value with the processing time its time-to-live last started: what a state with a
 * time-to-live keeps in its backend for each value (each list element, each map entry), so the
 * timestamps live in the backend's memory or files and in its checkpoints like the values themselves.
 *
 * @param userValue the user's value
 * @param lastAccessTimestamp processing time (epoch ms) of its creation, last write, or last read
 *     (with {@code OnReadAndWrite})
 */
public record TtlValue<T>(T userValue, long lastAccessTimestamp) implements Serializable {}
