package io.tidemark.connector.kafka.sink;

import io.tidemark.api.common.serialization.SerializationSchema;
import java.io.Serializable;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Turns a record of the stream into a Kafka record (topic, key, value, timestamp), as Flink's
 * {@code KafkaRecordSerializationSchema} does; {@link #builder()} makes the usual one from a topic and
 * value (and key) schemas.
 */
public interface KafkaRecordSerializationSchema<T> extends Serializable {

    /** What a serialization schema can ask the sink. */
    interface KafkaSinkContext {
        int getParallelInstanceId();

        int getNumberOfParallelInstances();

        /** The partitions of {@code topic} (asks the brokers the first time). */
        int[] getPartitionsForTopic(String topic);
    }

    /** Called once per sink subtask before the first record. */
    default void open(SerializationSchema.InitializationContext context, KafkaSinkContext sinkContext) throws Exception {}

    /**
     * The Kafka record for {@code element}, or null to write nothing.
     *
     * @param timestamp the element's timestamp in the stream (event time), or null
     */
    ProducerRecord<byte[], byte[]> serialize(T element, KafkaSinkContext context, Long timestamp);

    static <T> KafkaRecordSerializationSchemaBuilder<T> builder() {
        return new KafkaRecordSerializationSchemaBuilder<>();
    }
}
