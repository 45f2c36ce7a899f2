package io.tidemark.cli.profile;

import io.tidemark.cli.source.KafkaSourceType;
import io.tidemark.connector.kafka.source.split.KafkaPartitionSplit;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * A Kafka source's records for {@code profile} and {@code tune}: every partition of the job's topics
 * from its {@code starting-offsets} to the end it has when the profile starts (what a bounded run with
 * {@code stop-at: latest} reads; with {@code stop-at: never} and a {@code --duration}, on for that long).
 * Commits nothing, whatever {@code group-id} says: a profile must not move a job's offsets.
 */
final class KafkaInput {

    /** Where each record goes, with its partition's split id (as the run's source names it). */
    interface Records {
        void record(ConsumerRecord<byte[], byte[]> record, String split);
    }

    private final KafkaSourceType.Spec spec;
    private final long deadline;

    KafkaInput(KafkaSourceType.Spec spec, long deadline) {
        this.spec = spec;
        this.deadline = deadline;
    }

    void read(Records out) throws IOException {
        Properties p = new Properties();
        p.setProperty(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "15000");
        p.putAll(spec.properties());
        p.setProperty(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, spec.bootstrapServers());
        p.setProperty(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.setProperty(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.setProperty(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.setProperty(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.remove("partition.discovery.interval.ms");
        p.remove("commit.offsets.interval.ms");
        if (spec.groupId() != null) {
            p.setProperty(ConsumerConfig.GROUP_ID_CONFIG, spec.groupId());
        }
        boolean untilDeadline = !spec.stopAtLatest() && deadline != Long.MAX_VALUE;
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(p)) {
            List<TopicPartition> partitions = partitions(consumer);
            consumer.assign(partitions);
            Map<TopicPartition, Long> start = starting(consumer, partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            Map<TopicPartition, String> splits = new HashMap<>();
            List<TopicPartition> open = new ArrayList<>();
            for (TopicPartition tp : partitions) {
                consumer.seek(tp, start.get(tp));
                splits.put(tp, KafkaPartitionSplit.toSplitId(tp));
                if (untilDeadline || start.get(tp) < end.get(tp)) {
                    open.add(tp);
                } else {
                    consumer.pause(List.of(tp));
                }
            }
            while (!open.isEmpty() && System.currentTimeMillis() < deadline) {
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                    TopicPartition tp = new TopicPartition(r.topic(), r.partition());
                    if (untilDeadline || r.offset() < end.get(tp)) {
                        out.record(r, splits.get(tp));
                    }
                }
                if (!untilDeadline) {
                    for (TopicPartition tp : new ArrayList<>(open)) {
                        if (consumer.position(tp) >= end.get(tp)) {
                            open.remove(tp);
                            consumer.pause(List.of(tp));
                        }
                    }
                }
            }
        } catch (KafkaException e) {
            throw new IOException("source kafka at " + spec.bootstrapServers() + ": " + e.getMessage(), e);
        }
    }

    private List<TopicPartition> partitions(KafkaConsumer<byte[], byte[]> consumer) {
        List<TopicPartition> out = new ArrayList<>();
        if (spec.topics() != null) {
            for (String topic : spec.topics()) {
                List<PartitionInfo> info = consumer.partitionsFor(topic);
                if (info != null) {
                    info.forEach(i -> out.add(new TopicPartition(i.topic(), i.partition())));
                }
            }
        } else {
            Pattern pattern = Pattern.compile(spec.topicPattern());
            consumer.listTopics().forEach((topic, info) -> {
                if (pattern.matcher(topic).matches()) {
                    info.forEach(i -> out.add(new TopicPartition(i.topic(), i.partition())));
                }
            });
        }
        out.sort((a, b) -> a.topic().equals(b.topic()) ? Integer.compare(a.partition(), b.partition()) : a.topic().compareTo(b.topic()));
        return out;
    }

    private Map<TopicPartition, Long> starting(KafkaConsumer<byte[], byte[]> consumer, List<TopicPartition> partitions) {
        Map<TopicPartition, Long> earliest = consumer.beginningOffsets(partitions);
        switch (spec.starting()) {
            case "earliest":
                return earliest;
            case "latest":
                return consumer.endOffsets(partitions);
            case "committed": {
                Map<TopicPartition, OffsetAndMetadata> committed = consumer.committed(new java.util.HashSet<>(partitions));
                Map<TopicPartition, Long> out = new HashMap<>(earliest);
                committed.forEach((tp, o) -> {
                    if (o != null) {
                        out.put(tp, o.offset());
                    }
                });
                return out;
            }
            default: {
                long at = Instant.parse(spec.starting()).toEpochMilli();
                Map<TopicPartition, Long> query = new HashMap<>();
                partitions.forEach(tp -> query.put(tp, at));
                Map<TopicPartition, OffsetAndTimestamp> found = consumer.offsetsForTimes(query);
                Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
                Map<TopicPartition, Long> out = new HashMap<>();
                partitions.forEach(tp -> out.put(tp, found.get(tp) == null ? end.get(tp) : found.get(tp).offset()));
                return out;
            }
        }
    }
}
