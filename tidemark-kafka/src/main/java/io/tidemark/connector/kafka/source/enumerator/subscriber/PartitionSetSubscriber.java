package io.tidemark.connector.kafka.source.enumerator.subscriber;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
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
    public Set<TopicPartition> getSubscribedTopicPartitions(Admin admin, Duration timeout) {
        Set<String> topics = new HashSet<>();
        for (TopicPartition tp : partitions) {
            topics.add(tp.topic());
        }
        Set<TopicPartition> existing = TopicListSubscriber.partitions(
                KafkaSubscriber.await(admin.describeTopics(topics).allTopicNames(), timeout).values());
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
