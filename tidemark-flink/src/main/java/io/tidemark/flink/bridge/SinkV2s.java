package io.tidemark.flink.bridge;

import io.tidemark.api.connector.sink2.CommittingSinkWriter;
import io.tidemark.api.connector.sink2.SupportsCommitter;
import io.tidemark.api.connector.sink2.SupportsWriterState;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.OptionalLong;
import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.api.connector.sink2.CommitterInitContext;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * A Tidemark Sink V2 connector ({@code io.tidemark.api.connector.sink2}) as Flink's: the shapes are
 * the same, so each call passes through — Flink's writer runs Tidemark's writer, Flink's committer
 * Tidemark's committer, and committables and writer states travel through Flink's checkpoints as the
 * bytes of the sink's own serializers, with their versions. Flink then drives the protocol
 * (docs/checkpoints.md, "Exactly-once sinks"): {@code prepareCommit} at each barrier, commits when the
 * checkpoint completes, a restore committing what the checkpoint kept and restoring the writer.
 */
public final class SinkV2s {

    private SinkV2s() {}

    /** The Flink sink running {@code sink}. */
    public static Sink<Object> of(io.tidemark.api.connector.sink2.Sink<Object> sink) {
        if (sink instanceof SupportsCommitter || sink instanceof SupportsWriterState) {
            return new Committing(sink);
        }
        return new Plain(sink);
    }

    /** A sink without committer or state: a writer per subtask. */
    static class Plain implements Sink<Object> {
        private static final long serialVersionUID = 1L;
        final io.tidemark.api.connector.sink2.Sink<Object> sink;

        Plain(io.tidemark.api.connector.sink2.Sink<Object> sink) {
            this.sink = sink;
        }

        @Override
        public SinkWriter<Object> createWriter(WriterInitContext context) throws IOException {
            return new Writer(sink.createWriter(writerContext(context)));
        }
    }

    /**
     * A sink that commits or keeps writer state (or both): Flink's writer is committing and stateful
     * either way; what the Tidemark sink lacks is empty (no committables, no states).
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static final class Committing extends Plain implements org.apache.flink.api.connector.sink2.SupportsCommitter<Object>,
            org.apache.flink.api.connector.sink2.SupportsWriterState<Object, Object> {
        private static final long serialVersionUID = 1L;

        Committing(io.tidemark.api.connector.sink2.Sink<Object> sink) {
            super(sink);
        }

        @Override
        public SinkWriter<Object> createWriter(WriterInitContext context) throws IOException {
            return restoreWriter(context, List.of());
        }

        @Override
        public StatefulSinkWriter<Object, Object> restoreWriter(WriterInitContext context, Collection<Object> recoveredState)
                throws IOException {
            io.tidemark.api.connector.sink2.WriterInitContext c = writerContext(context);
            io.tidemark.api.connector.sink2.SinkWriter<Object> w = sink instanceof SupportsWriterState s
                    ? s.restoreWriter(c, recoveredState) : sink.createWriter(c);
            return new Writer(w);
        }

        @Override
        public SimpleVersionedSerializer<Object> getWriterStateSerializer() {
            return sink instanceof SupportsWriterState s ? serializer(s.getWriterStateSerializer()) : serializer(null);
        }

        @Override
        public Committer<Object> createCommitter(CommitterInitContext context) throws IOException {
            if (!(sink instanceof SupportsCommitter)) {
                return new Committer<>() {
                    @Override
                    public void commit(Collection<CommitRequest<Object>> requests) {}

                    @Override
                    public void close() {}
                };
            }
            io.tidemark.api.connector.sink2.Committer<Object> committer = ((SupportsCommitter<Object>) sink).createCommitter(
                    new Contexts(context, () -> {
                        throw new UnsupportedOperationException("a committer has no processing time");
                    }));
            return new Committer<>() {
                @Override
                public void commit(Collection<CommitRequest<Object>> requests) throws IOException, InterruptedException {
                    List<io.tidemark.api.connector.sink2.Committer.CommitRequest<Object>> tidemark = new ArrayList<>();
                    for (CommitRequest<Object> r : requests) {
                        tidemark.add(request(r));
                    }
                    committer.commit(tidemark);
                }

                @Override
                public void close() throws Exception {
                    committer.close();
                }
            };
        }

        @Override
        public SimpleVersionedSerializer<Object> getCommittableSerializer() {
            return sink instanceof SupportsCommitter c ? serializer(c.getCommittableSerializer()) : serializer(null);
        }
    }

    /** Tidemark's writer context over Flink's. */
    static io.tidemark.api.connector.sink2.WriterInitContext writerContext(WriterInitContext flink) {
        return new Contexts(flink, () -> flink.getProcessingTimeService().getCurrentProcessingTime());
    }

    /** Tidemark's writer and committer contexts over Flink's: the subtask, the parallelism, the restored checkpoint. */
    private record Contexts(org.apache.flink.api.connector.sink2.InitContext flink, java.util.function.LongSupplier now)
            implements io.tidemark.api.connector.sink2.WriterInitContext, io.tidemark.api.connector.sink2.CommitterInitContext {
        @Override
        public long currentProcessingTime() {
            return now.getAsLong();
        }

        @Override
        public int getSubtaskId() {
            return flink.getTaskInfo().getIndexOfThisSubtask();
        }

        @Override
        public int getNumberOfParallelSubtasks() {
            return flink.getTaskInfo().getNumberOfParallelSubtasks();
        }

        @Override
        public OptionalLong getRestoredCheckpointId() {
            return flink.getRestoredCheckpointId();
        }
    }

    /** A Tidemark commit request over Flink's. */
    static io.tidemark.api.connector.sink2.Committer.CommitRequest<Object> request(Committer.CommitRequest<Object> flink) {
        return new io.tidemark.api.connector.sink2.Committer.CommitRequest<>() {
            @Override
            public Object getCommittable() {
                return flink.getCommittable();
            }

            @Override
            public int getNumberOfRetries() {
                return flink.getNumberOfRetries();
            }

            @Override
            public void signalFailedWithKnownReason(Throwable t) {
                flink.signalFailedWithKnownReason(t);
            }

            @Override
            public void signalFailedWithUnknownReason(Throwable t) {
                flink.signalFailedWithUnknownReason(t);
            }

            @Override
            public void retryLater() {
                flink.retryLater();
            }

            @Override
            public void updateAndRetryLater(Object committable) {
                flink.updateAndRetryLater(committable);
            }

            @Override
            public void signalAlreadyCommitted() {
                flink.signalAlreadyCommitted();
            }
        };
    }

    /** Tidemark's serializer as Flink's; for null, one that has nothing to write (a sink without committables or state). */
    @SuppressWarnings("unchecked")
    static SimpleVersionedSerializer<Object> serializer(io.tidemark.core.io.SimpleVersionedSerializer<?> s) {
        io.tidemark.core.io.SimpleVersionedSerializer<Object> t = (io.tidemark.core.io.SimpleVersionedSerializer<Object>) s;
        return new SimpleVersionedSerializer<>() {
            @Override
            public int getVersion() {
                return t == null ? 1 : t.getVersion();
            }

            @Override
            public byte[] serialize(Object obj) throws IOException {
                if (t == null) {
                    throw new IOException("this sink has nothing to write into a checkpoint: " + obj);
                }
                return t.serialize(obj);
            }

            @Override
            public Object deserialize(int version, byte[] serialized) throws IOException {
                if (t == null) {
                    throw new IOException("this sink has nothing to read from a checkpoint");
                }
                return t.deserialize(version, serialized);
            }
        };
    }

    /** Flink's writer running Tidemark's: committing and stateful, answering empty where Tidemark's is neither. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static final class Writer implements StatefulSinkWriter<Object, Object>,
            org.apache.flink.api.connector.sink2.CommittingSinkWriter<Object, Object> {
        private final io.tidemark.api.connector.sink2.SinkWriter<Object> writer;
        private final ContextView context = new ContextView();

        Writer(io.tidemark.api.connector.sink2.SinkWriter<Object> writer) {
            this.writer = writer;
        }

        @Override
        public void write(Object element, Context flink) throws IOException, InterruptedException {
            context.flink = flink;
            writer.write(element, context);
        }

        @Override
        public void flush(boolean endOfInput) throws IOException, InterruptedException {
            writer.flush(endOfInput);
        }

        @Override
        public void writeWatermark(org.apache.flink.api.common.eventtime.Watermark watermark)
                throws IOException, InterruptedException {
            writer.writeWatermark(new io.tidemark.api.common.eventtime.Watermark(watermark.getTimestamp()));
        }

        @Override
        public Collection<Object> prepareCommit() throws IOException, InterruptedException {
            return writer instanceof CommittingSinkWriter c ? c.prepareCommit() : List.of();
        }

        @Override
        public List<Object> snapshotState(long checkpointId) throws IOException {
            return writer instanceof SupportsWriterState.StatefulSinkWriter s ? s.snapshotState(checkpointId) : List.of();
        }

        @Override
        public void close() throws Exception {
            writer.close();
        }
    }

    /** Tidemark's record context over Flink's. */
    private static final class ContextView implements io.tidemark.api.connector.sink2.SinkWriter.Context {
        SinkWriter.Context flink;

        @Override
        public long currentWatermark() {
            return flink.currentWatermark();
        }

        @Override
        public Long timestamp() {
            return flink.timestamp();
        }
    }
}
