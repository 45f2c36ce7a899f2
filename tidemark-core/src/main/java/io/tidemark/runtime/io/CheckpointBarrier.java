package io.tidemark.runtime.io;

/**
 * The in-band marker of checkpoint {@code id}: injected by every source subtask right after it took
 * its snapshot, it travels on every channel in order with records, watermarks and status. Everything
 * before it on a channel is in the checkpoint's state; nothing after it is.
 */
public record CheckpointBarrier(long id, long timestamp) {}
