package io.tidemark.connector.file.sink;

import io.tidemark.api.connector.sink2.Committer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.Collection;

/**
 * Commits the {@link FileSink}'s pending part files: each is renamed (atomically) from its hidden
 * in-progress name to its final name. Idempotent: a part whose final file exists and whose in-progress
 * file is gone was committed already (by an earlier attempt, before a crash), and counts as committed.
 */
final class FileCommitter implements Committer<FileSinkCommittable> {

    @Override
    public void commit(Collection<CommitRequest<FileSinkCommittable>> requests) {
        for (CommitRequest<FileSinkCommittable> request : requests) {
            FileSinkCommittable c = request.getCommittable();
            try {
                if (Files.exists(c.getInProgressFile())) {
                    Files.move(c.getInProgressFile(), c.getFinalFile(), StandardCopyOption.ATOMIC_MOVE);
                } else if (Files.exists(c.getFinalFile())) {
                    request.signalAlreadyCommitted();
                } else {
                    request.signalFailedWithKnownReason(new IOException("cannot commit part file " + c.getFinalFile()
                            + ": neither it nor its pending file " + c.getInProgressFile() + " exists"));
                }
            } catch (IOException e) {
                request.signalFailedWithUnknownReason(e);
            }
        }
    }

    @Override
    public void close() {}
}
