package io.tidemark.connector.kafka.sink;

import io.tidemark.api.common.functions.OpenContext;
import io.tidemark.connector.base.DeliveryGuarantee;
import io.tidemark.connector.kafka.KafkaBrokersUnreachableException;
import io.tidemark.connector.kafka.sink.transaction.KafkaTransactions;
import io.tidemark.streaming.api.functions.sink.RichSinkFunction;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Writes a stream to Kafka, with Flink's names: {@code KafkaSink.<T>builder()...build()}, used with
 * {@code stream.sinkTo(sink)}.
 *
 * <p>Design: one {@link KafkaProducer} per subtask; {@link #invoke} serializes and sends
 * asynchronously (the producer batches, and retries a broker that goes away for up to
 * {@code delivery.timeout.ms}, 2 minutes by default). The first failed send fails the job at the next
 * record or at the end, never silently. With {@link DeliveryGuarantee#AT_LEAST_ONCE} the producer
 * waits for all in-sync replicas ({@code acks=all}, idempotent), and the end of the input waits until
 * every record is acknowledged; a restarted job may write records again (at-least-once). A send that
 * fails before anything was ever acknowledged because the brokers never answered is reported as
 * {@link KafkaBrokersUnreachableException}.
 *
 * <p>With {@link DeliveryGuarantee#EXACTLY_ONCE} (a transactional id prefix required, as in Flink) the
 * records go into Kafka transactions ({@link KafkaTransactions}): a {@code read_committed} reader sees
 * them once they are committed, and never sees those of a run that failed. Without checkpoints one
 * transaction spans the run and commits at the end of the input; a failed or cancelled run aborts it.
 */
public final class KafkaSink<IN> extends RichSinkFunction<IN> {

    private static final long serialVersionUID = 1L;

    /** How long closing waits for records still being sent after a failure or cancel. */
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

    private final Properties props;
    private final KafkaRecordSerializationSchema<IN> serializer;
    private final DeliveryGuarantee deliveryGuarantee;
    private final String transactionalIdPrefix;

    private transient KafkaProducer<byte[], byte[]> producer;
    /** The transactions of {@code EXACTLY_ONCE}, instead of {@link #producer}. */
    private transient KafkaTransactions transactions;
    private transient SubtaskSinkContext sinkContext;
    private transient Callback callback;
    private transient volatile Exception asyncError;
    private transient volatile long acknowledged;

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
    public void open(OpenContext openContext) throws Exception {
        Properties p = new Properties();
        p.putAll(props);
        if (deliveryGuarantee == DeliveryGuarantee.AT_LEAST_ONCE) {
            p.setProperty(ProducerConfig.ACKS_CONFIG, "all");
            p.setProperty(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        }
        int subtask = getRuntimeContext().getIndexOfThisSubtask();
        int parallelism = getRuntimeContext().getNumberOfParallelSubtasks();
        if (deliveryGuarantee == DeliveryGuarantee.EXACTLY_ONCE) {
            transactions = new KafkaTransactions(p, transactionalIdPrefix, subtask, parallelism);
            transactions.start(List.of());
        } else {
            p.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, "tidemark-kafka-sink-" + subtask);
            producer = new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
        }
        sinkContext = new SubtaskSinkContext(subtask, parallelism,
                t -> transactions != null ? transactions.partitionsFor(t) : producer.partitionsFor(t));
        callback = this::onCompletion;
        sinkContext.open(serializer);
    }

    private void onCompletion(RecordMetadata metadata, Exception e) {
        if (e == null) {
            acknowledged++; // the producer's I/O thread is the only writer
        } else if (asyncError == null) {
            asyncError = e;
        }
    }

    @Override
    public void invoke(IN value, Context context) throws Exception {
        checkAsyncError();
        ProducerRecord<byte[], byte[]> record = serializer.serialize(value, sinkContext, context.timestamp());
        if (record == null) {
            return;
        }
        if (transactions != null) {
            transactions.send(record, callback);
        } else {
            producer.send(record, callback);
        }
    }

    /**
     * The end of the input: waits until every record sent is acknowledged ({@code AT_LEAST_ONCE}), or
     * commits the transaction ({@code EXACTLY_ONCE}); fails if a record could not be written.
     */
    @Override
    public void finish() throws Exception {
        if (transactions != null) {
            transactions.prepareCommit();
            checkAsyncError();
            transactions.commitAll();
        } else if (deliveryGuarantee == DeliveryGuarantee.AT_LEAST_ONCE) {
            producer.flush();
        }
        checkAsyncError();
    }

    private void checkAsyncError() throws Exception {
        Exception e = asyncError;
        if (e != null) {
            if (e instanceof TimeoutException && acknowledged == 0) {
                throw new KafkaBrokersUnreachableException(props.getProperty(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG),
                        Long.parseLong(props.getProperty(ProducerConfig.MAX_BLOCK_MS_CONFIG, "60000")), e);
            }
            throw new IllegalStateException("writing to Kafka failed: " + e, e);
        }
    }

    @Override
    public void close() throws Exception {
        if (producer != null) {
            producer.close(CLOSE_TIMEOUT);
            producer = null;
        }
        if (transactions != null) {
            transactions.close(); // a transaction never committed is aborted
            transactions = null;
        }
    }

    /** Records the brokers have acknowledged so far (this subtask). */
    public long getAcknowledged() {
        return acknowledged;
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
