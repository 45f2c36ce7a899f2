package io.tidemark.api.common.serialization;

import io.tidemark.util.Collector;
import java.io.IOException;
import java.io.Serializable;

/**
 * Turns the bytes of a message (a Kafka record's value, a line) into a record, as Flink's
 * {@code DeserializationSchema} does. A connector calls {@link #open} once per subtask before the
 * first message.
 *
 * <p>Throwing from {@link #deserialize} fails the job with an error naming the message's origin; to
 * skip a bad message instead, override {@link #deserialize(byte[], Collector)} and collect nothing (or
 * a record that carries the error, for a dead-letter output).
 */
public interface DeserializationSchema<T> extends Serializable {

    /** What {@link #open} may use. */
    interface InitializationContext {
        /** This subtask's index, or -1 where the engine does not tell (Flink's context does not). */
        int getIndexOfThisSubtask();

        /** The number of parallel subtasks, or -1 where the engine does not tell. */
        int getNumberOfParallelSubtasks();
    }

    default void open(InitializationContext context) throws Exception {}

    /** The record in {@code message}, or null to skip it. */
    T deserialize(byte[] message) throws IOException;

    /** Emits the records in {@code message} (none, one or several); by default the one of {@link #deserialize(byte[])}. */
    default void deserialize(byte[] message, Collector<T> out) throws IOException {
        T value = deserialize(message);
        if (value != null) {
            out.collect(value);
        }
    }

    /** Whether {@code nextElement} ends the stream; false by default. (Kafka sources ignore it, as Flink's do.) */
    default boolean isEndOfStream(T nextElement) {
        return false;
    }
}
