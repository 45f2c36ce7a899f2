package io.tidemark.connector.kafka.source.enumerator.initializer;

import java.io.Serializable;
import java.util.Collection;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;
import org.apache.kafka.common.TopicPartition;

/**
 * Where a Kafka source starts reading each partition ({@code setStartingOffsets}) or, for a bounded
 * source, where it stops ({@code setBounded}, exclusive), as in Flink. The offsets are resolved when
 * the source first sees a partition: at start for the partitions known then, at discovery for those
 * that appear later (which a running source reads from their earliest offset).
 */
@SuppressWarnings("deprecation") // OffsetResetStrategy: Flink's connector names it, so ported code compiles
public interface OffsetsInitializer extends Serializable {

    /** The offset of each of {@code partitions}. */
    Map<TopicPartition, Long> getPartitionOffsets(Collection<TopicPartition> partitions, PartitionOffsetsRetriever retriever);

    /** What happens to a partition whose offset is out of range (Kafka's {@code auto.offset.reset}). */
    OffsetResetStrategy getAutoOffsetResetStrategy();

    /** The offset look-ups an initializer may use; a source implements it with its consumer. */
    interface PartitionOffsetsRetriever {

        /** The group's committed offsets; a partition without one is absent from the result. */
        Map<TopicPartition, Long> committedOffsets(Collection<TopicPartition> partitions);

        /** The offset after each partition's last record. */
        Map<TopicPartition, Long> endOffsets(Collection<TopicPartition> partitions);

        /** Each partition's first offset still in the log. */
        Map<TopicPartition, Long> beginningOffsets(Collection<TopicPartition> partitions);

        /** The first offset whose record timestamp is at least the given one; null where there is none. */
        Map<TopicPartition, OffsetAndTimestamp> offsetsForTimes(Map<TopicPartition, Long> timestampsToSearch);
    }

    /** The group's committed offsets; fails for a partition without one. */
    static OffsetsInitializer committedOffsets() {
        return committedOffsets(OffsetResetStrategy.NONE);
    }

    /** The group's committed offsets; a partition without one starts as {@code strategy} says. */
    static OffsetsInitializer committedOffsets(OffsetResetStrategy strategy) {
        return new CommittedOffsetsInitializer(strategy);
    }

    /** The first record whose timestamp is at least {@code timestamp} (epoch ms); the end where none is. */
    static OffsetsInitializer timestamp(long timestamp) {
        return new TimestampOffsetsInitializer(timestamp);
    }

    /** Each partition's first offset still in the log. */
    static OffsetsInitializer earliest() {
        return new EarliestOffsetsInitializer();
    }

    /** The end of each partition: only records written from now on. */
    static OffsetsInitializer latest() {
        return new LatestOffsetsInitializer();
    }

    /** Given offsets; a partition not in {@code offsets} starts from the committed offset, else the earliest. */
    static OffsetsInitializer offsets(Map<TopicPartition, Long> offsets) {
        return offsets(offsets, OffsetResetStrategy.EARLIEST);
    }

    /** Given offsets; a partition not in {@code offsets} starts from the committed offset, else as {@code strategy} says. */
    static OffsetsInitializer offsets(Map<TopicPartition, Long> offsets, OffsetResetStrategy strategy) {
        return new SpecifiedOffsetsInitializer(offsets, strategy);
    }
}
