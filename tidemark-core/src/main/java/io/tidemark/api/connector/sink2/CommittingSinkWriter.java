package io.tidemark.api.connector.sink2;

import java.io.IOException;
import java.util.Collection;

/**
 * A writer whose output becomes visible only when a {@link Committer} commits it (Flink's {@code
 * CommittingSinkWriter}): the writer of a sink that {@link SupportsCommitter}.
 */
public interface CommittingSinkWriter<InputT, CommT> extends SinkWriter<InputT> {

    /**
     * Closes what was written since the last call into committables — a finished part file to rename,
     * a transaction to commit — and starts afresh. Called right after {@link #flush} when a checkpoint
     * barrier reaches the sink (the committables go into that checkpoint) and once at the end of the
     * input. What it returns must be committable by any later {@link Committer} of the sink, also in
     * another process after a crash: it travels through the checkpoint as bytes.
     */
    Collection<CommT> prepareCommit() throws IOException, InterruptedException;
}
