package io.tidemark.api.common.serialization;

import java.io.Serializable;

/** Turns a record into the bytes of a message, as Flink's {@code SerializationSchema} does. */
public interface SerializationSchema<T> extends Serializable {

    /** What {@link #open} may use. */
    interface InitializationContext {
        int getIndexOfThisSubtask();

        int getNumberOfParallelSubtasks();
    }

    default void open(InitializationContext context) throws Exception {}

    byte[] serialize(T element);
}
