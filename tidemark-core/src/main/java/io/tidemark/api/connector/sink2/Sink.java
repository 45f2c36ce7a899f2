package io.tidemark.api.connector.sink2;

import java.io.IOException;
import java.io.Serializable;

/**
 * A sink connector (Flink's Sink V2, {@code stream.sinkTo(sink)}): each parallel subtask gets a {@link
 * SinkWriter} from {@link #createWriter}. A sink that writes exactly once also implements {@link
 * SupportsCommitter}: its writer becomes a {@link CommittingSinkWriter} that prepares a committable at
 * each checkpoint, which a {@link Committer} makes visible once the checkpoint has completed. A sink
 * whose writer keeps state across a restart (e.g. transaction ids to abort) also implements {@link
 * SupportsWriterState}. docs/checkpoints.md, "Exactly-once sinks", describes the protocol.
 *
 * <p>The sink object is serializable: every subtask gets its own copy.
 */
public interface Sink<InputT> extends Serializable {

    /** The writer of one subtask, on a fresh start (and on restore unless the sink {@link SupportsWriterState}). */
    SinkWriter<InputT> createWriter(WriterInitContext context) throws IOException;
}
