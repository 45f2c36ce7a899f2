package io.tidemark.connector.kafka.sink;

import io.tidemark.api.connector.sink2.CommittingSinkWriter;
import io.tidemark.api.connector.sink2.SupportsWriterState;
import io.tidemark.connector.base.DeliveryGuarantee;
import io.tidemark.connector.kafka.KafkaBrokersUnreachableException;
import io.tidemark.connector.kafka.sink.transaction.KafkaCommittable;
import io.tidemark.connector.kafka.sink.transaction.KafkaTransactions;
import io.tidemark.connector.kafka.sink.transaction.KafkaWriterState;
import java.io.IOException;
import java.time.Duration;
import java.util.Collection;
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
 * One subtask's writer of a {@link KafkaSink}: serializes each record and sends it asynchronously
 * (the producer batches, and retries a broker that goes away for up to {@code delivery.timeout.ms}, 2
 * minutes by default), through a plain producer, or with {@code EXACTLY_ONCE} into the subtask's open
 * transaction ({@link KafkaTransactions}), which {@link #prepareCommit} prepares at each checkpoint.
 * A send that fails before anything was ever acknowledged because the brokers never answered is
 * reported as {@link KafkaBrokersUnreachableException}.
 */
public final class KafkaWriter<IN> implements CommittingSinkWriter<IN, KafkaCommittable>,
        SupportsWriterState.StatefulSinkWriter<IN, KafkaWriterState> {

    /** How long closing waits for records still being sent after a failure or cancel. */
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

    private final Properties props;
    private final KafkaRecordSerializationSchema<IN> serializer;
    private final DeliveryGuarantee deliveryGuarantee;
    private final KafkaProducer<byte[], byte[]> producer;
    private final KafkaTransactions transactions;
    private final SubtaskSinkContext sinkContext;
    private final Callback callback = this::onCompletion;
    private volatile Exception asyncError;
    private volatile long acknowledged;

    KafkaWriter(Properties props, KafkaRecordSerializationSchema<IN> serializer, DeliveryGuarantee deliveryGuarantee,
            String transactionalIdPrefix, int subtask, int parallelism, Collection<KafkaWriterState> restored)
            throws IOException {
        this.props = props;
        this.serializer = serializer;
        this.deliveryGuarantee = deliveryGuarantee;
        if (deliveryGuarantee == DeliveryGuarantee.EXACTLY_ONCE) {
            this.producer = null;
            this.transactions = new KafkaTransactions(props, transactionalIdPrefix, subtask, parallelism);
            transactions.start(restored);
        } else {
            Properties p = new Properties();
            p.putAll(props);
            if (deliveryGuarantee == DeliveryGuarantee.AT_LEAST_ONCE) {
                p.setProperty(ProducerConfig.ACKS_CONFIG, "all");
                p.setProperty(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
            }
            p.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, "tidemark-kafka-sink-" + subtask);
            this.producer = new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
            this.transactions = null;
        }
        this.sinkContext = new SubtaskSinkContext(subtask, parallelism,
                t -> transactions != null ? transactions.partitionsFor(t) : producer.partitionsFor(t));
        try {
            sinkContext.open(serializer);
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        } catch (Exception e) {
            close();
            throw new IOException("the record serializer failed to open: " + e, e);
        }
    }

    private void onCompletion(RecordMetadata metadata, Exception e) {
        if (e == null) {
            acknowledged++; // the producer's I/O thread is the only writer
        } else if (asyncError == null) {
            asyncError = e;
        }
    }

    @Override
    public void write(IN element, Context context) throws IOException {
        checkAsyncError();
        ProducerRecord<byte[], byte[]> record = serializer.serialize(element, sinkContext, context.timestamp());
        if (record == null) {
            return;
        }
        if (transactions != null) {
            transactions.send(record, callback);
        } else {
            producer.send(record, callback);
        }
    }

    /** {@code AT_LEAST_ONCE}: waits until every record sent is acknowledged. Fails if one could not be written. */
    @Override
    public void flush(boolean endOfInput) throws IOException {
        if (deliveryGuarantee == DeliveryGuarantee.AT_LEAST_ONCE) {
            producer.flush();
        }
        checkAsyncError();
    }

    /** {@code EXACTLY_ONCE}: prepares the open transaction (every record acknowledged) and begins the next. */
    @Override
    public Collection<KafkaCommittable> prepareCommit() throws IOException {
        if (transactions == null) {
            return List.of();
        }
        KafkaCommittable c = transactions.prepareCommit();
        checkAsyncError();
        return List.of(c);
    }

    @Override
    public List<KafkaWriterState> snapshotState(long checkpointId) {
        return transactions == null ? List.of() : List.of(transactions.snapshot());
    }

    private void checkAsyncError() throws IOException {
        Exception e = asyncError;
        if (e != null) {
            if (e instanceof TimeoutException && acknowledged == 0) {
                throw new KafkaBrokersUnreachableException(props.getProperty(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG),
                        Long.parseLong(props.getProperty(ProducerConfig.MAX_BLOCK_MS_CONFIG, "60000")), e);
            }
            throw new IOException("writing to Kafka failed: " + e, e);
        }
    }

    /** Records the brokers have acknowledged so far (this subtask). */
    public long getAcknowledged() {
        return acknowledged;
    }

    /** Closes the producer(s); an open transaction never prepared is aborted, prepared ones stay for their commit. */
    @Override
    public void close() {
        if (producer != null) {
            producer.close(CLOSE_TIMEOUT);
        }
        if (transactions != null) {
            transactions.close();
        }
    }
}
