package io.tidemark.flink.bridge;

import io.tidemark.api.common.serialization.DeserializationSchema;
import io.tidemark.api.common.serialization.SerializationSchema;
import io.tidemark.connector.kafka.sink.KafkaSink;
import io.tidemark.connector.kafka.source.KafkaSource;
import io.tidemark.connector.kafka.source.KafkaSourceOptions;
import io.tidemark.connector.kafka.source.enumerator.initializer.CommittedOffsetsInitializer;
import io.tidemark.connector.kafka.source.enumerator.initializer.EarliestOffsetsInitializer;
import io.tidemark.connector.kafka.source.enumerator.initializer.LatestOffsetsInitializer;
import io.tidemark.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import io.tidemark.connector.kafka.source.enumerator.initializer.SpecifiedOffsetsInitializer;
import io.tidemark.connector.kafka.source.enumerator.initializer.TimestampOffsetsInitializer;
import io.tidemark.connector.kafka.source.enumerator.subscriber.KafkaSubscriber;
import io.tidemark.connector.kafka.source.enumerator.subscriber.PartitionSetSubscriber;
import io.tidemark.connector.kafka.source.enumerator.subscriber.TopicListSubscriber;
import io.tidemark.connector.kafka.source.enumerator.subscriber.TopicPatternSubscriber;
import io.tidemark.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import io.tidemark.connector.kafka.source.reader.deserializer.KafkaValueOnlyDeserializationSchemaWrapper;
import io.tidemark.flink.TranslationException;
import java.io.IOException;
import java.util.Properties;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.base.DeliveryGuarantee;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Tidemark's Kafka connectors as Flink's own ({@code flink-connector-kafka}): a Tidemark
 * {@link KafkaSource} becomes Flink's {@code KafkaSource} and a {@link KafkaSink} Flink's
 * {@code KafkaSink}, built from the same settings, so on Flink the splits, per-partition watermarks,
 * idleness, offsets and partition discovery are Flink's. Only the user's (de)serialization schemas
 * are Tidemark's, wrapped.
 *
 * <p>Offsets: with checkpoints, Flink's source keeps its offsets in them and commits them to the group
 * when a checkpoint completes. Without, Flink would commit none: a source with a group id and a commit
 * interval gets the Kafka consumer's own periodic commit at that interval instead
 * ({@code enable.auto.commit}), so lag tools see the job on both engines.
 */
public final class KafkaConnectors {

    private KafkaConnectors() {}

    /**
     * Flink's KafkaSource with the settings of {@code source}; {@code checkpointing}: whether the job
     * takes checkpoints (then offsets are committed when they complete, as Flink does).
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static org.apache.flink.connector.kafka.source.KafkaSource<Object> source(KafkaSource<Object> source, String name,
            boolean checkpointing) {
        var b = org.apache.flink.connector.kafka.source.KafkaSource.<Object>builder();
        Properties props = source.getProperties();
        KafkaSubscriber subscriber = source.getKafkaSubscriber();
        if (subscriber instanceof TopicListSubscriber) {
            b.setTopics(((TopicListSubscriber) subscriber).getTopics());
        } else if (subscriber instanceof TopicPatternSubscriber) {
            b.setTopicPattern(((TopicPatternSubscriber) subscriber).getTopicPattern());
        } else if (subscriber instanceof PartitionSetSubscriber) {
            b.setPartitions(new java.util.HashSet<>(((PartitionSetSubscriber) subscriber).getPartitions()));
        } else {
            throw new TranslationException("source '" + name + "': the Kafka subscriber " + subscriber + " has no Flink translation");
        }
        b.setStartingOffsets(offsets(source.getStartingOffsetsInitializer(), name));
        if (source.isBounded()) {
            b.setBounded(offsets(source.getStoppingOffsetsInitializer(), name));
        }
        long commit = KafkaSourceOptions.getLong(props, KafkaSourceOptions.COMMIT_OFFSETS_INTERVAL_MS,
                KafkaSourceOptions.DEFAULT_COMMIT_OFFSETS_INTERVAL_MS);
        props.remove(KafkaSourceOptions.COMMIT_OFFSETS_INTERVAL_MS);
        if (!checkpointing && !props.getProperty(ConsumerConfig.GROUP_ID_CONFIG, "").isBlank() && commit > 0) {
            props.setProperty(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "true");
            props.setProperty(ConsumerConfig.AUTO_COMMIT_INTERVAL_MS_CONFIG, Long.toString(commit));
        }
        // Flink's source builds an admin client from these properties, which refuses an API timeout shorter
        // than its request timeout (30 s by default): a shorter API timeout shortens the requests too
        String api = props.getProperty(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG);
        if (api != null && !props.containsKey(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG)
                && KafkaSourceOptions.getLong(props, ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 60_000L) < 30_000L) {
            props.setProperty(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, api.trim());
        }
        b.setProperties(props);
        b.setDeserializer(new Deserializer(source.getDeserializer(), producedType(source.getDeserializer())));
        return b.build();
    }

    /** The Flink record type of what {@code d} emits, from the class it declares. */
    public static TypeInformation<Object> producedType(KafkaRecordDeserializationSchema<?> d) {
        if (d instanceof KafkaValueOnlyDeserializationSchemaWrapper) {
            return States.producedType(((KafkaValueOnlyDeserializationSchemaWrapper<?>) d).getValueSchema(),
                    DeserializationSchema.class, 0);
        }
        return States.producedType(d, KafkaRecordDeserializationSchema.class, 0);
    }

    @SuppressWarnings("deprecation")
    static org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer offsets(OffsetsInitializer o,
            String name) {
        if (o instanceof EarliestOffsetsInitializer) {
            return org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer.earliest();
        } else if (o instanceof LatestOffsetsInitializer) {
            return org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer.latest();
        } else if (o instanceof CommittedOffsetsInitializer) {
            return org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer.committedOffsets(
                    o.getAutoOffsetResetStrategy());
        } else if (o instanceof TimestampOffsetsInitializer) {
            return org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer.timestamp(
                    ((TimestampOffsetsInitializer) o).getTimestamp());
        } else if (o instanceof SpecifiedOffsetsInitializer) {
            return org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer.offsets(
                    ((SpecifiedOffsetsInitializer) o).getOffsets(), o.getAutoOffsetResetStrategy());
        }
        throw new TranslationException("source '" + name + "': the offsets initializer " + o.getClass().getName()
                + " has no Flink translation; use OffsetsInitializer's own (earliest, latest, committedOffsets, timestamp, offsets)");
    }

    /** Flink's KafkaSink with the settings of {@code sink}. */
    public static org.apache.flink.connector.kafka.sink.KafkaSink<Object> sink(KafkaSink<Object> sink) {
        var b = org.apache.flink.connector.kafka.sink.KafkaSink.<Object>builder()
                .setKafkaProducerConfig(sink.getKafkaProducerConfig())
                .setDeliveryGuarantee(DeliveryGuarantee.valueOf(sink.getDeliveryGuarantee().name()))
                .setRecordSerializer(new Serializer(sink.getRecordSerializer()));
        if (sink.getTransactionalIdPrefix() != null) {
            b.setTransactionalIdPrefix(sink.getTransactionalIdPrefix());
        }
        return b.build();
    }

    /** A Tidemark record deserializer as Flink's. */
    static final class Deserializer
            implements org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema<Object> {
        private static final long serialVersionUID = 1L;
        private final KafkaRecordDeserializationSchema<Object> d;
        private final TypeInformation<Object> type;

        @SuppressWarnings("unchecked")
        Deserializer(KafkaRecordDeserializationSchema<?> d, TypeInformation<Object> type) {
            this.d = (KafkaRecordDeserializationSchema<Object>) d;
            this.type = type;
        }

        @Override
        public void open(org.apache.flink.api.common.serialization.DeserializationSchema.InitializationContext context)
                throws Exception {
            d.open(new DeserializationSchema.InitializationContext() {
                @Override
                public int getIndexOfThisSubtask() {
                    return -1;
                }

                @Override
                public int getNumberOfParallelSubtasks() {
                    return -1;
                }
            });
        }

        @Override
        public void deserialize(ConsumerRecord<byte[], byte[]> record, org.apache.flink.util.Collector<Object> out) throws IOException {
            d.deserialize(record, out::collect);
        }

        @Override
        public TypeInformation<Object> getProducedType() {
            return type;
        }
    }

    /** A Tidemark record serializer as Flink's. */
    static final class Serializer implements org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema<Object> {
        private static final long serialVersionUID = 1L;
        private final io.tidemark.connector.kafka.sink.KafkaRecordSerializationSchema<Object> s;

        Serializer(io.tidemark.connector.kafka.sink.KafkaRecordSerializationSchema<Object> s) {
            this.s = s;
        }

        private static io.tidemark.connector.kafka.sink.KafkaRecordSerializationSchema.KafkaSinkContext context(
                KafkaSinkContext flink) {
            return new io.tidemark.connector.kafka.sink.KafkaRecordSerializationSchema.KafkaSinkContext() {
                @Override
                public int getParallelInstanceId() {
                    return flink.getParallelInstanceId();
                }

                @Override
                public int getNumberOfParallelInstances() {
                    return flink.getNumberOfParallelInstances();
                }

                @Override
                public int[] getPartitionsForTopic(String topic) {
                    return flink.getPartitionsForTopic(topic);
                }
            };
        }

        @Override
        public void open(org.apache.flink.api.common.serialization.SerializationSchema.InitializationContext context,
                KafkaSinkContext sinkContext) throws Exception {
            s.open(new SerializationSchema.InitializationContext() {
                @Override
                public int getIndexOfThisSubtask() {
                    return sinkContext.getParallelInstanceId();
                }

                @Override
                public int getNumberOfParallelSubtasks() {
                    return sinkContext.getNumberOfParallelInstances();
                }
            }, context(sinkContext));
        }

        @Override
        public ProducerRecord<byte[], byte[]> serialize(Object element, KafkaSinkContext context, Long timestamp) {
            return s.serialize(element, context(context), timestamp);
        }
    }
}
