package io.tidemark.connector.kafka.source.enumerator.initializer;

import java.util.Collection;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;
import org.apache.kafka.common.TopicPartition;

/** {@link OffsetsInitializer#latest()}: the end of each partition when the offsets are resolved. */
@SuppressWarnings("deprecation")
public final class LatestOffsetsInitializer implements OffsetsInitializer {

    private static final long serialVersionUID = 1L;

    @Override
    public Map<TopicPartition, Long> getPartitionOffsets(Collection<TopicPartition> partitions, PartitionOffsetsRetriever retriever) {
        return retriever.endOffsets(partitions);
    }

    @Override
    public OffsetResetStrategy getAutoOffsetResetStrategy() {
        return OffsetResetStrategy.LATEST;
    }

    @Override
    public String toString() {
        return "latest";
    }
}
