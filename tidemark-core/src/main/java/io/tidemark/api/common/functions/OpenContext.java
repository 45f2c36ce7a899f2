package io.tidemark.api.common.functions;

/** Passed to {@link RichFunction#open}; a placeholder for future open-time information. */
public interface OpenContext {}
