package io.tidemark.api.connector.sink2;

import java.io.IOException;
import java.util.Collection;

/**
 * Makes prepared committables visible (Flink's {@code Committer}): renames pending part files, commits
 * transactions. Called on the sink subtask's thread when a checkpoint holding the committables has
 * completed, on restore for the committables of the checkpoint restored, and at the end of a bounded
 * input.
 *
 * <p><b>Idempotent</b>: a committable may be committed again after a crash (the checkpoint completed,
 * the commit ran, the process died before the next checkpoint recorded that), so committing one
 * already committed must succeed ({@link CommitRequest#signalAlreadyCommitted} says so).
 */
public interface Committer<CommT> extends AutoCloseable {

    /** Commits each request's committable, or says through the request why not. */
    void commit(Collection<CommitRequest<CommT>> committables) throws IOException, InterruptedException;

    /** One committable to commit, and the committer's answer (Flink's {@code Committer.CommitRequest}). */
    interface CommitRequest<CommT> {

        CommT getCommittable();

        /** How many times this committable was handed back for a retry. */
        int getNumberOfRetries();

        /** It cannot be committed, for a known reason: the job fails with {@code t}. */
        void signalFailedWithKnownReason(Throwable t);

        /** It cannot be committed, for an unknown reason: the job fails with {@code t}. */
        void signalFailedWithUnknownReason(Throwable t);

        /** Try again at the next checkpoint's completion (or at the end of the input). */
        void retryLater();

        /** Try again later with {@code committable} instead. */
        void updateAndRetryLater(CommT committable);

        /** It was committed before (a commit repeated after a restore): fine. */
        void signalAlreadyCommitted();
    }
}
