package io.tidemark.api.connector.sink2;

import io.tidemark.core.io.SimpleVersionedSerializer;
import java.io.IOException;

/**
 * The mix-in of a {@link Sink} that commits (Flink's {@code SupportsCommitter}): its {@link
 * Sink#createWriter writer} must be a {@link CommittingSinkWriter}.
 */
public interface SupportsCommitter<CommittableT> {

    /** The committer of one subtask; it commits the committables of that subtask's writer. */
    Committer<CommittableT> createCommitter(CommitterInitContext context) throws IOException;

    /** How committables are stored in a checkpoint. */
    SimpleVersionedSerializer<CommittableT> getCommittableSerializer();
}
