package io.tidemark.connector.kafka.sink;

import io.tidemark.api.common.serialization.SerializationSchema;
import java.util.Objects;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Builds the usual {@link KafkaRecordSerializationSchema}: a topic (fixed or per record), the value's
 * schema and optionally the key's; the Kafka record's timestamp is the element's timestamp, and its
 * partition Kafka's choice (by key hash when there is a key).
 */
public final class KafkaRecordSerializationSchemaBuilder<T> {

    private TopicSelector<? super T> topicSelector;
    private String topic;
    private SerializationSchema<? super T> keySchema;
    private SerializationSchema<? super T> valueSchema;

    KafkaRecordSerializationSchemaBuilder() {}

    public KafkaRecordSerializationSchemaBuilder<T> setTopic(String topic) {
        ensureNoTopic();
        this.topic = Objects.requireNonNull(topic, "topic");
        String t = topic;
        this.topicSelector = e -> t;
        return this;
    }

    public KafkaRecordSerializationSchemaBuilder<T> setTopicSelector(TopicSelector<? super T> topicSelector) {
        ensureNoTopic();
        this.topicSelector = Objects.requireNonNull(topicSelector, "topic selector");
        return this;
    }

    public KafkaRecordSerializationSchemaBuilder<T> setKeySerializationSchema(SerializationSchema<? super T> keySchema) {
        this.keySchema = Objects.requireNonNull(keySchema, "key schema");
        return this;
    }

    public KafkaRecordSerializationSchemaBuilder<T> setValueSerializationSchema(SerializationSchema<? super T> valueSchema) {
        this.valueSchema = Objects.requireNonNull(valueSchema, "value schema");
        return this;
    }

    public KafkaRecordSerializationSchema<T> build() {
        if (topicSelector == null) {
            throw new IllegalStateException("no topic: setTopic or setTopicSelector");
        }
        if (valueSchema == null) {
            throw new IllegalStateException("no value schema: setValueSerializationSchema");
        }
        return new Built<>(topicSelector, topic, keySchema, valueSchema);
    }

    private void ensureNoTopic() {
        if (topicSelector != null) {
            throw new IllegalStateException("the topic is already set (use one of setTopic, setTopicSelector)");
        }
    }

    /** The built schema. */
    static final class Built<T> implements KafkaRecordSerializationSchema<T> {
        private static final long serialVersionUID = 1L;
        private final TopicSelector<? super T> topicSelector;
        private final String topic;
        private final SerializationSchema<? super T> keySchema;
        private final SerializationSchema<? super T> valueSchema;

        Built(TopicSelector<? super T> topicSelector, String topic, SerializationSchema<? super T> keySchema,
                SerializationSchema<? super T> valueSchema) {
            this.topicSelector = topicSelector;
            this.topic = topic;
            this.keySchema = keySchema;
            this.valueSchema = valueSchema;
        }

        @Override
        public void open(SerializationSchema.InitializationContext context, KafkaSinkContext sinkContext) throws Exception {
            if (keySchema != null) {
                keySchema.open(context);
            }
            valueSchema.open(context);
        }

        @Override
        public ProducerRecord<byte[], byte[]> serialize(T element, KafkaSinkContext context, Long timestamp) {
            String target = topic != null ? topic : topicSelector.apply(element);
            byte[] key = keySchema == null ? null : keySchema.serialize(element);
            byte[] value = valueSchema.serialize(element);
            return new ProducerRecord<>(target, null, timestamp == null || timestamp < 0 ? null : timestamp, key, value);
        }

        @Override
        public String toString() {
            return topic != null ? "topic " + topic : "topic chosen per record";
        }
    }
}
