package io.tidemark.connector.kafka.source.enumerator.subscriber;

import java.io.Serializable;
import java.time.Duration;
import java.util.Collection;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * Which partitions a Kafka source reads: every partition of some topics, of the topics whose names
 * match a pattern, or a fixed set. Asked at start and at every partition discovery, through an admin
 * client (fresh metadata each time, as Flink's subscribers ask).
 */
public interface KafkaSubscriber extends Serializable {

    /**
     * The partitions subscribed to now.
     *
     * @throws TimeoutException when the brokers do not answer within {@code timeout}
     * @throws IllegalStateException when a named topic or partition does not exist
     */
    Set<TopicPartition> getSubscribedTopicPartitions(Admin admin, Duration timeout);

    static KafkaSubscriber getTopicListSubscriber(Collection<String> topics) {
        return new TopicListSubscriber(topics);
    }

    static KafkaSubscriber getTopicPatternSubscriber(Pattern pattern) {
        return new TopicPatternSubscriber(pattern);
    }

    static KafkaSubscriber getPartitionSetSubscriber(Set<TopicPartition> partitions) {
        return new PartitionSetSubscriber(partitions);
    }

    /** The future's value within {@code timeout}; a missing topic as {@link IllegalStateException}, a timeout as {@link TimeoutException}. */
    static <T> T await(KafkaFuture<T> future, Duration timeout) {
        try {
            return future.get(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new org.apache.kafka.common.errors.InterruptException(e);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new TimeoutException("no answer within " + timeout.toMillis() + " ms", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof UnknownTopicOrPartitionException) {
                throw new IllegalStateException(c.getMessage(), c);
            }
            if (c instanceof TimeoutException) {
                throw (TimeoutException) c;
            }
            throw new IllegalStateException("asking the brokers for partitions failed: " + c, c);
        }
    }
}
