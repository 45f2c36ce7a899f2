package io.tidemark.api.common.serialization;

import java.io.Serializable;

/** Turns a record into the bytes of a message, as Flink's {@code SerializationSchema} does. */
public interface SerializationSchema<T> extends Serializable {

    /** What {@link #open} may use. */
    interface InitializationContext {
        /** This subtask's index, or -1 where the engine does not tell (Flink's context does not). */
        int getIndexOfThisSubtask();

        /** The number of parallel subtasks, or -1 where the engine does not tell. */
        int getNumberOfParallelSubtasks();
    }

    default void open(InitializationContext context) throws Exception {}

    byte[] serialize(T element);
}
