package io.tidemark.connector.kafka.source.enumerator.initializer;

import java.util.Collection;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;
import org.apache.kafka.common.TopicPartition;

/** {@link OffsetsInitializer#earliest()}: each partition's first offset still in the log. */
@SuppressWarnings("deprecation")
public final class EarliestOffsetsInitializer implements OffsetsInitializer {

    private static final long serialVersionUID = 1L;

    @Override
    public Map<TopicPartition, Long> getPartitionOffsets(Collection<TopicPartition> partitions, PartitionOffsetsRetriever retriever) {
        return retriever.beginningOffsets(partitions);
    }

    @Override
    public OffsetResetStrategy getAutoOffsetResetStrategy() {
        return OffsetResetStrategy.EARLIEST;
    }

    @Override
    public String toString() {
        return "earliest";
    }
}
