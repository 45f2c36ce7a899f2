package io.tidemark.connector.kafka.sink;

import io.tidemark.api.connector.sink2.Committer;
import io.tidemark.api.connector.sink2.CommitterInitContext;
import io.tidemark.api.connector.sink2.Sink;
import io.tidemark.api.connector.sink2.SupportsCommitter;
import io.tidemark.api.connector.sink2.SupportsWriterState;
import io.tidemark.api.connector.sink2.WriterInitContext;
import io.tidemark.connector.base.DeliveryGuarantee;
import io.tidemark.connector.kafka.sink.transaction.KafkaCommittable;
import io.tidemark.connector.kafka.sink.transaction.KafkaTransactions;
import io.tidemark.connector.kafka.sink.transaction.KafkaWriterState;
import io.tidemark.core.io.SimpleVersionedSerializer;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Properties;

/**
 * Writes a stream to Kafka, with Flink's names and shape: {@code KafkaSink.<T>builder()...build()}, a
 * Sink V2 connector used with {@code stream.sinkTo(sink)}; each subtask writes with a
 * {@link KafkaWriter}, and with {@link DeliveryGuarantee#EXACTLY_ONCE} a {@link KafkaCommitter} commits
 * the transactions the writer prepared at each checkpoint (docs/kafka.md, "Exactly once").
 *
 * <p>Guarantees: {@code NONE} sends asynchronously; {@code AT_LEAST_ONCE} ({@code acks=all},
 * idempotent producer) waits for every record at each checkpoint and at the end of the input;
 * {@code EXACTLY_ONCE} writes into a Kafka transaction per checkpoint ({@link KafkaTransactions}),
 * which {@code read_committed} readers see once it is committed — without checkpoints, one
 * transaction per run, committed at the end of the input. The first failed send fails the job at the
 * next record, checkpoint or end, never silently.
 */
public final class KafkaSink<IN> implements Sink<IN>, SupportsCommitter<KafkaCommittable>,
        SupportsWriterState<IN, KafkaWriterState> {

    private static final long serialVersionUID = 1L;

    private final Properties props;
    private final KafkaRecordSerializationSchema<IN> serializer;
    private final DeliveryGuarantee deliveryGuarantee;
    private final String transactionalIdPrefix;

    KafkaSink(Properties props, KafkaRecordSerializationSchema<IN> serializer, DeliveryGuarantee deliveryGuarantee,
            String transactionalIdPrefix) {
        this.props = props;
        this.serializer = serializer;
        this.deliveryGuarantee = deliveryGuarantee;
        this.transactionalIdPrefix = transactionalIdPrefix;
    }

    public static <IN> KafkaSinkBuilder<IN> builder() {
        return new KafkaSinkBuilder<>();
    }

    @Override
    public KafkaWriter<IN> createWriter(WriterInitContext context) throws IOException {
        return restoreWriter(context, List.of());
    }

    @Override
    public KafkaWriter<IN> restoreWriter(WriterInitContext context, Collection<KafkaWriterState> recoveredState) throws IOException {
        return new KafkaWriter<>(getKafkaProducerConfig(), serializer, deliveryGuarantee, transactionalIdPrefix,
                context.getSubtaskId(), context.getNumberOfParallelSubtasks(), recoveredState);
    }

    @Override
    public Committer<KafkaCommittable> createCommitter(CommitterInitContext context) {
        return new KafkaCommitter(getKafkaProducerConfig());
    }

    @Override
    public SimpleVersionedSerializer<KafkaCommittable> getCommittableSerializer() {
        return new KafkaCommittable.Serializer();
    }

    @Override
    public SimpleVersionedSerializer<KafkaWriterState> getWriterStateSerializer() {
        return new KafkaWriterState.Serializer();
    }

    public KafkaRecordSerializationSchema<IN> getRecordSerializer() {
        return serializer;
    }

    public DeliveryGuarantee getDeliveryGuarantee() {
        return deliveryGuarantee;
    }

    /** Flink's transactional id prefix: transactional ids are {@code prefix-subtask-k} ({@link KafkaTransactions}). */
    public String getTransactionalIdPrefix() {
        return transactionalIdPrefix;
    }

    /** The producer properties given to the builder (a copy). */
    public Properties getKafkaProducerConfig() {
        Properties p = new Properties();
        p.putAll(props);
        return p;
    }
}
