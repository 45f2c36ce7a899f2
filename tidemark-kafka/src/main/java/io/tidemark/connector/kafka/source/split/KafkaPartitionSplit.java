package io.tidemark.connector.kafka.source.split;

import java.io.Serializable;
import java.util.Objects;
import org.apache.kafka.common.TopicPartition;

/**
 * One Kafka partition as a split of a source, with its position: the offset of the next record to
 * read and, for a bounded source, the offset to stop before. This is the split state a source
 * snapshots ({@code KafkaSource#snapshotSplitState}) and restores from. Immutable.
 *
 * @param startingOffset the offset of the next record to read (never a sentinel: resolved when the
 *     partition was first seen)
 * @param stoppingOffset the offset not to read (exclusive), or {@link #NO_STOPPING_OFFSET}
 */
public record KafkaPartitionSplit(TopicPartition topicPartition, long startingOffset, long stoppingOffset)
        implements Serializable {

    /** An unbounded split: it never stops. */
    public static final long NO_STOPPING_OFFSET = Long.MAX_VALUE;

    public KafkaPartitionSplit {
        Objects.requireNonNull(topicPartition, "topic partition");
        if (startingOffset < 0) {
            throw new IllegalArgumentException("starting offset of " + topicPartition + " must not be negative: " + startingOffset);
        }
    }

    /** The split's id, as Flink names it: {@code topic-partition}. */
    public String splitId() {
        return toSplitId(topicPartition);
    }

    public static String toSplitId(TopicPartition tp) {
        return tp.topic() + "-" + tp.partition();
    }

    /** Whether a bounded split has nothing left to read. */
    public boolean isFinished() {
        return startingOffset >= stoppingOffset;
    }

    public KafkaPartitionSplit withStartingOffset(long offset) {
        return new KafkaPartitionSplit(topicPartition, offset, stoppingOffset);
    }
}
