package io.tidemark.connector.kafka.source.enumerator.subscriber;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;

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
    public Set<TopicPartition> getSubscribedTopicPartitions(Admin admin, Duration timeout) {
        Map<String, TopicDescription> described;
        try {
            described = KafkaSubscriber.await(admin.describeTopics(topics).allTopicNames(), timeout);
        } catch (IllegalStateException e) {
            throw new IllegalStateException("a topic of " + topics + " does not exist: " + e.getMessage(), e);
        }
        return partitions(described.values());
    }

    static Set<TopicPartition> partitions(Collection<TopicDescription> topics) {
        Set<TopicPartition> result = new HashSet<>();
        for (TopicDescription d : topics) {
            for (TopicPartitionInfo p : d.partitions()) {
                result.add(new TopicPartition(d.name(), p.partition()));
            }
        }
        return result;
    }

    @Override
    public String toString() {
        return "topics " + topics;
    }
}
