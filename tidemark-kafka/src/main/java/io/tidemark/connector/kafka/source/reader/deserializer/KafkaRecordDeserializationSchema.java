package io.tidemark.connector.kafka.source.reader.deserializer;

import io.tidemark.api.common.serialization.DeserializationSchema;
import io.tidemark.util.Collector;
import java.io.IOException;
import java.io.Serializable;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * Turns a Kafka record (key, value, headers, topic, partition, offset, timestamp) into records of a
 * stream, as Flink's {@code KafkaRecordDeserializationSchema} does. It may emit none (to skip a
 * record), one or several per Kafka record; each carries the Kafka record's timestamp, which the
 * watermark strategy's timestamp assigner receives as the record's own.
 *
 * <p>An exception fails the source with an error naming the record's topic, partition and offset. A
 * pipeline that must not stop on bad input emits something that carries the error instead (the
 * command line's Kafka source makes such records dead letters).
 */
public interface KafkaRecordDeserializationSchema<T> extends Serializable {

    /** Called once per source subtask before the first record. */
    default void open(DeserializationSchema.InitializationContext context) throws Exception {}

    void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<T> out) throws IOException;

    /** Only the record's value, through {@code valueDeserializationSchema}. */
    static <V> KafkaRecordDeserializationSchema<V> valueOnly(DeserializationSchema<V> valueDeserializationSchema) {
        return new KafkaValueOnlyDeserializationSchemaWrapper<>(valueDeserializationSchema);
    }

    /** Only the record's value, through a Kafka {@link Deserializer} made from its class. */
    static <V> KafkaRecordDeserializationSchema<V> valueOnly(Class<? extends Deserializer<V>> valueDeserializerClass) {
        return valueOnly(valueDeserializerClass, Map.of());
    }

    /** Only the record's value, through a Kafka {@link Deserializer} made from its class and configured with {@code config}. */
    static <V> KafkaRecordDeserializationSchema<V> valueOnly(Class<? extends Deserializer<V>> valueDeserializerClass,
            Map<String, String> config) {
        return new KafkaValueOnlyDeserializerWrapper<>(valueDeserializerClass, config);
    }
}
