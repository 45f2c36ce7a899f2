package io.tidemark.runtime.operators.sink;

import io.tidemark.api.connector.sink2.Committer;
import io.tidemark.core.io.SimpleVersionedSerializer;
import io.tidemark.runtime.checkpoint.StateInput;
import io.tidemark.runtime.checkpoint.StateOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The committables a sink subtask prepared and has not committed yet, by the checkpoint they belong
 * to. A checkpoint's committables are committed when it (or a later one) completes; those a committer
 * hands back ({@code retryLater}) stay for the next completion. Bound: one entry per checkpoint taken
 * since the last completed one, normally one or two.
 */
final class PendingCommittables<CommT> {

    /** Committables prepared at the end of the input, committed with the job's last commit. */
    static final long END_OF_INPUT = Long.MAX_VALUE;

    private final SimpleVersionedSerializer<CommT> serializer;
    private final TreeMap<Long, List<CommT>> byCheckpoint = new TreeMap<>();

    PendingCommittables(SimpleVersionedSerializer<CommT> serializer) {
        this.serializer = serializer;
    }

    void add(long checkpointId, Iterable<CommT> committables) {
        List<CommT> list = byCheckpoint.computeIfAbsent(checkpointId, k -> new ArrayList<>());
        for (CommT c : committables) {
            list.add(c);
        }
    }

    boolean isEmpty() {
        return byCheckpoint.isEmpty();
    }

    /**
     * Commits every committable of checkpoints up to {@code checkpointId}; keeps those handed back for a
     * retry; fails on one the committer says cannot be committed.
     */
    void commitUpTo(long checkpointId, Committer<CommT> committer) throws IOException, InterruptedException {
        List<Request<CommT>> requests = new ArrayList<>();
        Iterator<Map.Entry<Long, List<CommT>>> it = byCheckpoint.headMap(checkpointId, true).entrySet().iterator();
        List<Long> from = new ArrayList<>();
        while (it.hasNext()) {
            Map.Entry<Long, List<CommT>> e = it.next();
            for (CommT c : e.getValue()) {
                requests.add(new Request<>(c, retries.getOrDefault(c, 0)));
                from.add(e.getKey());
            }
            it.remove();
        }
        if (requests.isEmpty()) {
            return;
        }
        committer.commit(new ArrayList<>(requests));
        for (int i = 0; i < requests.size(); i++) {
            Request<CommT> r = requests.get(i);
            if (r.failure != null) {
                throw new IOException("the sink's committer could not commit " + r.committable + ": " + r.failure, r.failure);
            }
            retries.remove(r.committable);
            if (r.retry) {
                CommT again = r.replacement != null ? r.replacement : r.committable;
                retries.put(again, r.retries + 1);
                byCheckpoint.computeIfAbsent(from.get(i), k -> new ArrayList<>()).add(again);
            }
        }
    }

    /** Retry counts of committables handed back (identity of the committable object). */
    private final Map<CommT, Integer> retries = new java.util.IdentityHashMap<>();

    /** Writes checkpoint id, serializer version and bytes of every pending committable. */
    void write(StateOutput out) throws IOException {
        out.writeInt(serializer.getVersion());
        out.writeInt(byCheckpoint.size());
        for (Map.Entry<Long, List<CommT>> e : byCheckpoint.entrySet()) {
            out.writeLong(e.getKey());
            out.writeInt(e.getValue().size());
            for (CommT c : e.getValue()) {
                byte[] b = serializer.serialize(c);
                out.writeInt(b.length);
                out.write(b);
            }
        }
    }

    /** Adds what {@link #write} wrote. */
    void read(StateInput in) throws IOException {
        int version = in.readInt();
        int checkpoints = in.readInt();
        for (int i = 0; i < checkpoints; i++) {
            long id = in.readLong();
            int n = in.readInt();
            List<CommT> list = byCheckpoint.computeIfAbsent(id, k -> new ArrayList<>());
            for (int j = 0; j < n; j++) {
                list.add(serializer.deserialize(version, readBytes(in)));
            }
        }
    }

    static byte[] readBytes(StateInput in) throws IOException {
        int len = in.readInt();
        if (len < 0 || len > in.remaining()) {
            throw new IOException("corrupt sink state: " + len + " bytes announced, " + in.remaining() + " left");
        }
        byte[] b = new byte[len];
        in.readFully(b);
        return b;
    }

    /** The committer's answer for one committable; no answer means committed. */
    private static final class Request<CommT> implements Committer.CommitRequest<CommT> {
        final CommT committable;
        final int retries;
        Throwable failure;
        boolean retry;
        CommT replacement;

        Request(CommT committable, int retries) {
            this.committable = committable;
            this.retries = retries;
        }

        @Override
        public CommT getCommittable() {
            return committable;
        }

        @Override
        public int getNumberOfRetries() {
            return retries;
        }

        @Override
        public void signalFailedWithKnownReason(Throwable t) {
            failure = t;
        }

        @Override
        public void signalFailedWithUnknownReason(Throwable t) {
            failure = t;
        }

        @Override
        public void retryLater() {
            retry = true;
        }

        @Override
        public void updateAndRetryLater(CommT committable) {
            retry = true;
            replacement = committable;
        }

        @Override
        public void signalAlreadyCommitted() {
            // committed before: nothing to do
        }
    }
}
