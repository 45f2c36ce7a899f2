package io.tidemark.connector.kafka.source.reader.deserializer;

import io.tidemark.api.common.serialization.DeserializationSchema;
import io.tidemark.util.Collector;
import java.io.IOException;
import java.util.Objects;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/** {@link KafkaRecordDeserializationSchema#valueOnly(DeserializationSchema)}: the value through a {@link DeserializationSchema}. */
public final class KafkaValueOnlyDeserializationSchemaWrapper<T> implements KafkaRecordDeserializationSchema<T> {

    private static final long serialVersionUID = 1L;

    private final DeserializationSchema<T> schema;

    KafkaValueOnlyDeserializationSchemaWrapper(DeserializationSchema<T> schema) {
        this.schema = Objects.requireNonNull(schema, "value deserialization schema");
    }

    /** The schema the value goes through. */
    public DeserializationSchema<T> getValueSchema() {
        return schema;
    }

    @Override
    public void open(DeserializationSchema.InitializationContext context) throws Exception {
        schema.open(context);
    }

    @Override
    public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<T> out) throws IOException {
        schema.deserialize(record.value(), out);
    }
}
