package io.tidemark.connector.kafka.source;

import io.tidemark.api.common.serialization.DeserializationSchema;
import io.tidemark.connector.kafka.source.enumerator.initializer.CommittedOffsetsInitializer;
import io.tidemark.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import io.tidemark.connector.kafka.source.enumerator.subscriber.KafkaSubscriber;
import io.tidemark.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.TopicPartition;

/**
 * Builds a {@link KafkaSource}, as Flink's builder does. Required: bootstrap servers, what to read
 * (topics, a topic pattern or partitions: exactly one) and a deserializer. Defaults: start at the
 * earliest offsets, unbounded, no group (no offsets committed).
 */
public final class KafkaSourceBuilder<OUT> {

    private KafkaSubscriber subscriber;
    private OffsetsInitializer startingOffsets = OffsetsInitializer.earliest();
    private OffsetsInitializer stoppingOffsets;
    private KafkaRecordDeserializationSchema<OUT> deserializer;
    private final Properties props = new Properties();

    KafkaSourceBuilder() {}

    public KafkaSourceBuilder<OUT> setBootstrapServers(String bootstrapServers) {
        return setProperty(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    }

    public KafkaSourceBuilder<OUT> setGroupId(String groupId) {
        return setProperty(ConsumerConfig.GROUP_ID_CONFIG, groupId);
    }

    public KafkaSourceBuilder<OUT> setTopics(List<String> topics) {
        ensureSubscriberIsNull("topics");
        if (topics.isEmpty()) {
            throw new IllegalArgumentException("no topics given");
        }
        subscriber = KafkaSubscriber.getTopicListSubscriber(topics);
        return this;
    }

    public KafkaSourceBuilder<OUT> setTopics(String... topics) {
        return setTopics(Arrays.asList(topics));
    }

    public KafkaSourceBuilder<OUT> setTopicPattern(Pattern topicPattern) {
        ensureSubscriberIsNull("topic pattern");
        subscriber = KafkaSubscriber.getTopicPatternSubscriber(Objects.requireNonNull(topicPattern, "topic pattern"));
        return this;
    }

    public KafkaSourceBuilder<OUT> setPartitions(Set<TopicPartition> partitions) {
        ensureSubscriberIsNull("partitions");
        if (partitions.isEmpty()) {
            throw new IllegalArgumentException("no partitions given");
        }
        subscriber = KafkaSubscriber.getPartitionSetSubscriber(partitions);
        return this;
    }

    public KafkaSourceBuilder<OUT> setStartingOffsets(OffsetsInitializer startingOffsetsInitializer) {
        this.startingOffsets = Objects.requireNonNull(startingOffsetsInitializer, "starting offsets");
        return this;
    }

    /** Makes the source bounded: each partition ends before its stopping offset, the source when all have. */
    public KafkaSourceBuilder<OUT> setBounded(OffsetsInitializer stoppingOffsetsInitializer) {
        this.stoppingOffsets = Objects.requireNonNull(stoppingOffsetsInitializer, "stopping offsets");
        return this;
    }

    public KafkaSourceBuilder<OUT> setDeserializer(KafkaRecordDeserializationSchema<OUT> recordDeserializer) {
        this.deserializer = Objects.requireNonNull(recordDeserializer, "deserializer");
        return this;
    }

    public KafkaSourceBuilder<OUT> setValueOnlyDeserializer(DeserializationSchema<OUT> deserializationSchema) {
        return setDeserializer(KafkaRecordDeserializationSchema.valueOnly(deserializationSchema));
    }

    public KafkaSourceBuilder<OUT> setClientIdPrefix(String prefix) {
        return setProperty(KafkaSourceOptions.CLIENT_ID_PREFIX, prefix);
    }

    /** A Kafka consumer property or a {@link KafkaSourceOptions source option}. */
    public KafkaSourceBuilder<OUT> setProperty(String key, String value) {
        props.setProperty(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value of " + key));
        return this;
    }

    public KafkaSourceBuilder<OUT> setProperties(Properties properties) {
        for (String k : properties.stringPropertyNames()) {
            setProperty(k, properties.getProperty(k));
        }
        return this;
    }

    /** The source; fails naming what is missing or inconsistent. */
    public KafkaSource<OUT> build() {
        if (props.getProperty(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "").isBlank()) {
            throw new IllegalStateException("the bootstrap servers (bootstrap.servers) are not set: setBootstrapServers(\"host:port\")");
        }
        if (subscriber == null) {
            throw new IllegalStateException("nothing to read: setTopics, setTopicPattern or setPartitions");
        }
        if (deserializer == null) {
            throw new IllegalStateException("no deserializer: setValueOnlyDeserializer or setDeserializer");
        }
        boolean grouped = !props.getProperty(ConsumerConfig.GROUP_ID_CONFIG, "").isBlank();
        if (!grouped && (startingOffsets instanceof CommittedOffsetsInitializer
                || stoppingOffsets instanceof CommittedOffsetsInitializer)) {
            throw new IllegalStateException("committed offsets need a group id (group.id): setGroupId(\"...\")");
        }
        KafkaSourceOptions.getLong(props, KafkaSourceOptions.PARTITION_DISCOVERY_INTERVAL_MS, 0);
        KafkaSourceOptions.getLong(props, KafkaSourceOptions.COMMIT_OFFSETS_INTERVAL_MS, 0);
        Properties copy = new Properties();
        copy.putAll(props);
        return new KafkaSource<>(subscriber, startingOffsets, stoppingOffsets, deserializer, copy);
    }

    private void ensureSubscriberIsNull(String what) {
        if (subscriber != null) {
            throw new IllegalStateException("cannot set " + what + ": the source already reads " + subscriber
                    + " (use one of setTopics, setTopicPattern, setPartitions)");
        }
    }
}
