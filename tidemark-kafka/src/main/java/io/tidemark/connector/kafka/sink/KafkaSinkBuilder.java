package io.tidemark.connector.kafka.sink;

import io.tidemark.connector.base.DeliveryGuarantee;
import java.util.Objects;
import java.util.Properties;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * Builds a {@link KafkaSink}, as Flink's builder does. Required: bootstrap servers and a record
 * serializer. The delivery guarantee defaults to Flink's default, {@code NONE}; {@code AT_LEAST_ONCE}
 * is what Tidemark's own outputs use; {@code EXACTLY_ONCE} (Kafka transactions) needs a transactional
 * id prefix, as in Flink.
 */
public final class KafkaSinkBuilder<IN> {

    private final Properties props = new Properties();
    private KafkaRecordSerializationSchema<IN> serializer;
    private DeliveryGuarantee deliveryGuarantee = DeliveryGuarantee.NONE;
    private String transactionalIdPrefix;

    KafkaSinkBuilder() {}

    public KafkaSinkBuilder<IN> setBootstrapServers(String bootstrapServers) {
        return setProperty(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    }

    public KafkaSinkBuilder<IN> setRecordSerializer(KafkaRecordSerializationSchema<IN> recordSerializer) {
        this.serializer = Objects.requireNonNull(recordSerializer, "record serializer");
        return this;
    }

    public KafkaSinkBuilder<IN> setDeliveryGuarantee(DeliveryGuarantee deliveryGuarantee) {
        this.deliveryGuarantee = Objects.requireNonNull(deliveryGuarantee, "delivery guarantee");
        return this;
    }

    /**
     * The prefix of the sink's transactional ids ({@code EXACTLY_ONCE}): unique to this sink among every
     * job writing to the brokers, and the same when the job starts again (its restart commits and aborts
     * by these ids).
     */
    public KafkaSinkBuilder<IN> setTransactionalIdPrefix(String transactionalIdPrefix) {
        this.transactionalIdPrefix = Objects.requireNonNull(transactionalIdPrefix, "transactional id prefix");
        return this;
    }

    /** Kafka producer properties. */
    public KafkaSinkBuilder<IN> setKafkaProducerConfig(Properties config) {
        for (String k : config.stringPropertyNames()) {
            setProperty(k, config.getProperty(k));
        }
        return this;
    }

    public KafkaSinkBuilder<IN> setProperty(String key, String value) {
        props.setProperty(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value of " + key));
        return this;
    }

    public KafkaSink<IN> build() {
        if (props.getProperty(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "").isBlank()) {
            throw new IllegalStateException("the bootstrap servers (bootstrap.servers) are not set: setBootstrapServers(\"host:port\")");
        }
        if (serializer == null) {
            throw new IllegalStateException("no record serializer: setRecordSerializer(KafkaRecordSerializationSchema.builder()...build())");
        }
        if (deliveryGuarantee == DeliveryGuarantee.EXACTLY_ONCE
                && (transactionalIdPrefix == null || transactionalIdPrefix.isBlank())) {
            throw new IllegalStateException("EXACTLY_ONCE delivery needs a transactional id prefix, unique to this sink among "
                    + "every job writing to the brokers: setTransactionalIdPrefix(\"my-job-results\")");
        }
        Properties copy = new Properties();
        copy.putAll(props);
        return new KafkaSink<>(copy, serializer, deliveryGuarantee, transactionalIdPrefix);
    }
}
