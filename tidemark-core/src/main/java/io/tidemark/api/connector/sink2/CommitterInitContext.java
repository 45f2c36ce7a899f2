package io.tidemark.api.connector.sink2;

/** What a committer is made with (Flink's {@code CommitterInitContext}). */
public interface CommitterInitContext extends InitContext {}
