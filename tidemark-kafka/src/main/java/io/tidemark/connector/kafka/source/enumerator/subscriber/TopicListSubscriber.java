package io.tidemark.connector.kafka.source.enumerator.subscriber;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;

/** Every partition of the named topics; a topic that does not exist fails the look-up. */
public final class TopicListSubscriber implements KafkaSubscriber {

    private static final long serialVersionUID = 1L;

    private final ArrayList<String> topics;

    TopicListSubscriber(Collection<String> topics) {
        this.topics = new ArrayList<>(topics);
    }

    public List<String> getTopics() {
        return List.copyOf(topics);
    }

    @Override
    public Set<TopicPartition> getSubscribedTopicPartitions(Consumer<?, ?> consumer, Duration timeout) {
        Set<TopicPartition> result = new HashSet<>();
        for (String topic : topics) {
            List<PartitionInfo> partitions = consumer.partitionsFor(topic, timeout);
            if (partitions == null || partitions.isEmpty()) {
                throw new IllegalStateException("topic '" + topic + "' does not exist");
            }
            for (PartitionInfo p : partitions) {
                result.add(new TopicPartition(p.topic(), p.partition()));
            }
        }
        return result;
    }

    @Override
    public String toString() {
        return "topics " + topics;
    }
}
