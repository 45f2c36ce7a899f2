package io.tidemark.api.connector.sink2;

import io.tidemark.core.io.SimpleVersionedSerializer;
import java.io.IOException;
import java.util.Collection;
import java.util.List;

/**
 * The mix-in of a {@link Sink} whose writer keeps state in checkpoints (Flink's {@code
 * SupportsWriterState}): its writer is a {@link StatefulSinkWriter}; after a restore the writer is made
 * by {@link #restoreWriter} from the states the checkpoint holds. That is where a writer aborts what an
 * earlier attempt left open and did not prepare for commit (lingering transactions, in-progress files).
 */
public interface SupportsWriterState<InputT, WriterStateT> {

    /**
     * The writer of one subtask after a restore. {@code recoveredState} holds the states the
     * checkpoint's subtasks wrote (at an unchanged parallelism: this subtask's own; else a share).
     */
    StatefulSinkWriter<InputT, WriterStateT> restoreWriter(WriterInitContext context, Collection<WriterStateT> recoveredState)
            throws IOException;

    /** How writer states are stored in a checkpoint. */
    SimpleVersionedSerializer<WriterStateT> getWriterStateSerializer();

    /** A writer with state (Flink's {@code StatefulSinkWriter}). */
    interface StatefulSinkWriter<InputT, WriterStateT> extends SinkWriter<InputT> {

        /** The writer's state at checkpoint {@code checkpointId}, after {@code flush} and {@code prepareCommit}. */
        List<WriterStateT> snapshotState(long checkpointId) throws IOException;
    }
}
