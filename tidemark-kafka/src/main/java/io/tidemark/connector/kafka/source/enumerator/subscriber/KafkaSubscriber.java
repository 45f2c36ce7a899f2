package io.tidemark.connector.kafka.source.enumerator.subscriber;

import java.io.Serializable;
import java.time.Duration;
import java.util.Collection;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Which partitions a Kafka source reads: every partition of some topics, of the topics whose names
 * match a pattern, or a fixed set. Asked at start and at every partition discovery.
 */
public interface KafkaSubscriber extends Serializable {

    /**
     * The partitions subscribed to now, looked up with {@code consumer}'s metadata requests.
     *
     * @throws org.apache.kafka.common.errors.TimeoutException when the brokers do not answer within {@code timeout}
     * @throws IllegalStateException when a named topic or partition does not exist
     */
    Set<TopicPartition> getSubscribedTopicPartitions(Consumer<?, ?> consumer, Duration timeout);

    static KafkaSubscriber getTopicListSubscriber(Collection<String> topics) {
        return new TopicListSubscriber(topics);
    }

    static KafkaSubscriber getTopicPatternSubscriber(Pattern pattern) {
        return new TopicPatternSubscriber(pattern);
    }

    static KafkaSubscriber getPartitionSetSubscriber(Set<TopicPartition> partitions) {
        return new PartitionSetSubscriber(partitions);
    }
}
