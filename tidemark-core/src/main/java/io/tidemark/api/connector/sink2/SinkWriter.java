package io.tidemark.api.connector.sink2;

import io.tidemark.api.common.eventtime.Watermark;
import java.io.IOException;

/**
 * Writes the records of one sink subtask (Flink's {@code SinkWriter}). Called on the subtask's thread
 * only: {@link #write} per record, {@link #writeWatermark} per watermark, {@link #flush} before each
 * checkpoint and at the end of the input, {@link #close} once at the end (also after a failure).
 */
public interface SinkWriter<InputT> extends AutoCloseable {

    /** Writes one record. */
    void write(InputT element, Context context) throws IOException, InterruptedException;

    /**
     * Hands everything written so far on to the destination (a checkpoint is about to be taken, or
     * the input ended: {@code endOfInput}). An at-least-once sink makes it durable here; an
     * exactly-once sink makes it ready to be prepared for commit.
     */
    void flush(boolean endOfInput) throws IOException, InterruptedException;

    /** The watermark moved; most writers ignore it. */
    default void writeWatermark(Watermark watermark) throws IOException, InterruptedException {}

    /** What a writer can see about the record it writes. */
    interface Context {
        /** The sink's current watermark. */
        long currentWatermark();

        /** The record's timestamp, or {@code null}. */
        Long timestamp();
    }
}
