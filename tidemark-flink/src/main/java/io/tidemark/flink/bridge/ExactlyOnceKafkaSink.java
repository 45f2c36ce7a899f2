package io.tidemark.flink.bridge;

import io.tidemark.connector.kafka.sink.KafkaRecordSerializationSchema;
import io.tidemark.connector.kafka.sink.KafkaSink;
import io.tidemark.connector.kafka.sink.SubtaskSinkContext;
import io.tidemark.connector.kafka.sink.transaction.KafkaCommittable;
import io.tidemark.connector.kafka.sink.transaction.KafkaTransactions;
import io.tidemark.connector.kafka.sink.transaction.KafkaWriterState;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import org.apache.flink.api.connector.sink2.CommittingSinkWriter;
import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.api.connector.sink2.CommitterInitContext;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.api.connector.sink2.SupportsWriterState;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * A Tidemark {@link KafkaSink} with {@code EXACTLY_ONCE} on Flink: a Sink V2 with a committer, whose
 * writer keeps one Kafka transaction per checkpoint ({@link KafkaTransactions}) — prepared when Flink
 * asks for the checkpoint's committables, committed by the committer when the checkpoint completes,
 * committed (or aborted, if begun later) after a restore. Flink's own {@code KafkaSink} would do the same
 * but its producer does not run on kafka-clients 4.4 (see {@code TransactionalProducer}); the other
 * delivery guarantees use Flink's own sink.
 */
public final class ExactlyOnceKafkaSink implements Sink<Object>, SupportsWriterState<Object, KafkaWriterState>,
        SupportsCommitter<KafkaCommittable> {

    private static final long serialVersionUID = 1L;
    private final Properties props;
    private final String prefix;
    private final KafkaRecordSerializationSchema<Object> serializer;

    public ExactlyOnceKafkaSink(KafkaSink<Object> sink) {
        this.props = sink.getKafkaProducerConfig();
        this.prefix = sink.getTransactionalIdPrefix();
        this.serializer = sink.getRecordSerializer();
    }

    @Override
    public Writer createWriter(WriterInitContext context) throws IOException {
        return restoreWriter(context, List.of());
    }

    @Override
    public Writer restoreWriter(WriterInitContext context, Collection<KafkaWriterState> restored) throws IOException {
        return new Writer(context, restored);
    }

    @Override
    public SimpleVersionedSerializer<KafkaWriterState> getWriterStateSerializer() {
        return new StateSerializer();
    }

    @Override
    public Committer<KafkaCommittable> createCommitter(CommitterInitContext context) {
        return new Committer<>() {
            @Override
            public void commit(Collection<CommitRequest<KafkaCommittable>> requests) {
                for (CommitRequest<KafkaCommittable> r : requests) {
                    try {
                        if (!KafkaTransactions.commit(props, r.getCommittable())) {
                            r.signalAlreadyCommitted();
                        }
                    } catch (RuntimeException e) {
                        r.signalFailedWithUnknownReason(e);
                    }
                }
            }

            @Override
            public void close() {}
        };
    }

    @Override
    public SimpleVersionedSerializer<KafkaCommittable> getCommittableSerializer() {
        return new CommittableSerializer();
    }

    /** One subtask's writer: records into the open transaction; committables and state at each checkpoint. */
    final class Writer implements StatefulSinkWriter<Object, KafkaWriterState>, CommittingSinkWriter<Object, KafkaCommittable> {
        private final KafkaTransactions transactions;
        private final SubtaskSinkContext sinkContext;
        private volatile Exception asyncError;

        Writer(WriterInitContext context, Collection<KafkaWriterState> restored) throws IOException {
            int subtask = context.getTaskInfo().getIndexOfThisSubtask();
            int parallelism = context.getTaskInfo().getNumberOfParallelSubtasks();
            transactions = new KafkaTransactions(props, prefix, subtask, parallelism);
            transactions.start(restored);
            sinkContext = new SubtaskSinkContext(subtask, parallelism, transactions::partitionsFor);
            try {
                sinkContext.open(serializer);
            } catch (Exception e) {
                throw new IOException("the record serializer failed to open: " + e, e);
            }
        }

        @Override
        public void write(Object element, Context context) throws IOException {
            checkAsyncError();
            ProducerRecord<byte[], byte[]> record = serializer.serialize(element, sinkContext, context.timestamp());
            if (record != null) {
                transactions.send(record, (metadata, e) -> {
                    if (e != null && asyncError == null) {
                        asyncError = e;
                    }
                });
            }
        }

        private void checkAsyncError() throws IOException {
            if (asyncError != null) {
                throw new IOException("writing to Kafka failed: " + asyncError, asyncError);
            }
        }

        @Override
        public void flush(boolean endOfInput) throws IOException {
            checkAsyncError();
        }

        @Override
        public Collection<KafkaCommittable> prepareCommit() throws IOException {
            KafkaCommittable c = transactions.prepareCommit();
            checkAsyncError();
            return List.of(c);
        }

        @Override
        public List<KafkaWriterState> snapshotState(long checkpointId) {
            return List.of(transactions.snapshot());
        }

        @Override
        public void close() {
            transactions.close();
        }
    }

    private static void write(DataOutputSerializer out, KafkaCommittable c) throws IOException {
        out.writeUTF(c.transactionalId());
        out.writeLong(c.producerId());
        out.writeShort(c.epoch());
    }

    private static KafkaCommittable read(DataInputDeserializer in) throws IOException {
        return new KafkaCommittable(in.readUTF(), in.readLong(), in.readShort());
    }

    /** Version 1: transactional id (UTF), producer id, epoch. */
    static final class CommittableSerializer implements SimpleVersionedSerializer<KafkaCommittable> {
        @Override
        public int getVersion() {
            return 1;
        }

        @Override
        public byte[] serialize(KafkaCommittable c) throws IOException {
            DataOutputSerializer out = new DataOutputSerializer(64);
            write(out, c);
            return out.getCopyOfBuffer();
        }

        @Override
        public KafkaCommittable deserialize(int version, byte[] bytes) throws IOException {
            if (version != 1) {
                throw new IOException("unknown version " + version + " of a Kafka committable");
            }
            return read(new DataInputDeserializer(bytes));
        }
    }

    /** Version 1: subtask, parallelism, the number of pending committables, each as {@link CommittableSerializer} writes it. */
    static final class StateSerializer implements SimpleVersionedSerializer<KafkaWriterState> {
        @Override
        public int getVersion() {
            return 1;
        }

        @Override
        public byte[] serialize(KafkaWriterState s) throws IOException {
            DataOutputSerializer out = new DataOutputSerializer(128);
            out.writeInt(s.subtask());
            out.writeInt(s.parallelism());
            out.writeInt(s.pending().size());
            for (KafkaCommittable c : s.pending()) {
                write(out, c);
            }
            return out.getCopyOfBuffer();
        }

        @Override
        public KafkaWriterState deserialize(int version, byte[] bytes) throws IOException {
            if (version != 1) {
                throw new IOException("unknown version " + version + " of a Kafka writer's state");
            }
            DataInputDeserializer in = new DataInputDeserializer(bytes);
            int subtask = in.readInt();
            int parallelism = in.readInt();
            int n = in.readInt();
            List<KafkaCommittable> pending = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                pending.add(read(in));
            }
            return new KafkaWriterState(subtask, parallelism, pending);
        }
    }
}
