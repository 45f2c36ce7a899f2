package io.tidemark.connector.kafka.source.reader.deserializer;

import io.tidemark.api.common.serialization.DeserializationSchema;
import io.tidemark.util.Collector;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.serialization.Deserializer;

/** {@link KafkaRecordDeserializationSchema#valueOnly(Class)}: the value through a Kafka {@link Deserializer}. */
public final class KafkaValueOnlyDeserializerWrapper<T> implements KafkaRecordDeserializationSchema<T> {

    private static final long serialVersionUID = 1L;

    private final Class<? extends Deserializer<T>> deserializerClass;
    private final HashMap<String, String> config;
    private transient Deserializer<T> deserializer;

    KafkaValueOnlyDeserializerWrapper(Class<? extends Deserializer<T>> deserializerClass, Map<String, String> config) {
        this.deserializerClass = deserializerClass;
        this.config = new HashMap<>(config);
    }

    public Class<? extends Deserializer<T>> getDeserializerClass() {
        return deserializerClass;
    }

    @Override
    public void open(DeserializationSchema.InitializationContext context) throws Exception {
        deserializer = deserializerClass.getDeclaredConstructor().newInstance();
        deserializer.configure(config, false);
    }

    @Override
    public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<T> out) {
        T value = deserializer.deserialize(record.topic(), record.headers(), record.value());
        if (value != null) {
            out.collect(value);
        }
    }
}
