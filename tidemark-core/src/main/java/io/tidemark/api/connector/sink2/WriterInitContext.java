package io.tidemark.api.connector.sink2;

/** What a sink writer is made with (Flink's {@code WriterInitContext}). */
public interface WriterInitContext extends InitContext {

    /** The processing time now, on the job's clock, in milliseconds. */
    long currentProcessingTime();
}
