package io.tidemark.connector.kafka.source.enumerator.subscriber;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
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
    public Set<TopicPartition> getSubscribedTopicPartitions(Admin admin, Duration timeout) {
        List<String> matching = new ArrayList<>();
        for (String topic : KafkaSubscriber.await(admin.listTopics().names(), timeout)) {
            if (pattern.matcher(topic).matches()) {
                matching.add(topic);
            }
        }
        if (matching.isEmpty()) {
            return Set.of();
        }
        return TopicListSubscriber.partitions(KafkaSubscriber.await(admin.describeTopics(matching).allTopicNames(), timeout)
                .values());
    }

    @Override
    public String toString() {
        return "topic pattern " + pattern;
    }
}
