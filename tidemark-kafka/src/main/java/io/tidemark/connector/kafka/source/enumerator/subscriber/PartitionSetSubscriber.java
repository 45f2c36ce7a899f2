package io.tidemark.connector.kafka.source.enumerator.subscriber;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;

/** A fixed set of partitions; one that does not exist fails the look-up. */
public final class PartitionSetSubscriber implements KafkaSubscriber {

    private static final long serialVersionUID = 1L;

    private final HashSet<TopicPartition> partitions;

    PartitionSetSubscriber(Set<TopicPartition> partitions) {
        this.partitions = new HashSet<>(partitions);
    }

    public Set<TopicPartition> getPartitions() {
        return Set.copyOf(partitions);
    }

    @Override
    public Set<TopicPartition> getSubscribedTopicPartitions(Consumer<?, ?> consumer, Duration timeout) {
        Set<String> topics = new HashSet<>();
        for (TopicPartition tp : partitions) {
            topics.add(tp.topic());
        }
        Set<TopicPartition> existing = new HashSet<>();
        for (String topic : topics) {
            List<PartitionInfo> infos = consumer.partitionsFor(topic, timeout);
            if (infos != null) {
                for (PartitionInfo p : infos) {
                    existing.add(new TopicPartition(p.topic(), p.partition()));
                }
            }
        }
        for (TopicPartition tp : partitions) {
            if (!existing.contains(tp)) {
                throw new IllegalStateException("partition " + tp + " does not exist");
            }
        }
        return Set.copyOf(partitions);
    }

    @Override
    public String toString() {
        return "partitions " + partitions;
    }
}
