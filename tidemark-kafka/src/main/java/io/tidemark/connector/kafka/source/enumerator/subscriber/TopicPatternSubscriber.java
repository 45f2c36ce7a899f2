package io.tidemark.connector.kafka.source.enumerator.subscriber;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;

/** Every partition of the topics whose whole name matches a pattern (none is not an error). */
public final class TopicPatternSubscriber implements KafkaSubscriber {

    private static final long serialVersionUID = 1L;

    private final Pattern pattern;

    TopicPatternSubscriber(Pattern pattern) {
        this.pattern = pattern;
    }

    public Pattern getTopicPattern() {
        return pattern;
    }

    @Override
    public Set<TopicPartition> getSubscribedTopicPartitions(Consumer<?, ?> consumer, Duration timeout) {
        Set<TopicPartition> result = new HashSet<>();
        for (Map.Entry<String, List<PartitionInfo>> e : consumer.listTopics(timeout).entrySet()) {
            if (pattern.matcher(e.getKey()).matches()) {
                for (PartitionInfo p : e.getValue()) {
                    result.add(new TopicPartition(p.topic(), p.partition()));
                }
            }
        }
        return result;
    }

    @Override
    public String toString() {
        return "topic pattern " + pattern;
    }
}
