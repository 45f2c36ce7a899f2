package io.tidemark.connector.kafka.source.enumerator.initializer;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;
import org.apache.kafka.common.TopicPartition;

/**
 * {@link OffsetsInitializer#timestamp}: each partition's first record whose timestamp is at least the
 * given one; the end of a partition that has none.
 */
@SuppressWarnings("deprecation")
public final class TimestampOffsetsInitializer implements OffsetsInitializer {

    private static final long serialVersionUID = 1L;

    private final long timestamp;

    TimestampOffsetsInitializer(long timestamp) {
        this.timestamp = timestamp;
    }

    public long getTimestamp() {
        return timestamp;
    }

    @Override
    public Map<TopicPartition, Long> getPartitionOffsets(Collection<TopicPartition> partitions, PartitionOffsetsRetriever retriever) {
        Map<TopicPartition, Long> search = new HashMap<>();
        for (TopicPartition tp : partitions) {
            search.put(tp, timestamp);
        }
        Map<TopicPartition, OffsetAndTimestamp> found = retriever.offsetsForTimes(search);
        Map<TopicPartition, Long> offsets = new HashMap<>();
        List<TopicPartition> none = new ArrayList<>();
        for (TopicPartition tp : partitions) {
            OffsetAndTimestamp o = found.get(tp);
            if (o == null) {
                none.add(tp);
            } else {
                offsets.put(tp, o.offset());
            }
        }
        if (!none.isEmpty()) {
            offsets.putAll(retriever.endOffsets(none));
        }
        return offsets;
    }

    @Override
    public OffsetResetStrategy getAutoOffsetResetStrategy() {
        return OffsetResetStrategy.LATEST;
    }

    @Override
    public String toString() {
        return "timestamp " + java.time.Instant.ofEpochMilli(timestamp);
    }
}
