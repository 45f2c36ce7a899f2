package io.tidemark.connector.kafka.source.enumerator.initializer;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;
import org.apache.kafka.common.TopicPartition;

/**
 * {@link OffsetsInitializer#committedOffsets}: the group's committed offsets; a partition without one
 * starts at the earliest or latest offset, or fails the source (strategy {@code NONE}, the default).
 */
@SuppressWarnings("deprecation")
public final class CommittedOffsetsInitializer implements OffsetsInitializer {

    private static final long serialVersionUID = 1L;

    private final OffsetResetStrategy strategy;

    CommittedOffsetsInitializer(OffsetResetStrategy strategy) {
        this.strategy = strategy == null ? OffsetResetStrategy.NONE : strategy;
    }

    @Override
    public Map<TopicPartition, Long> getPartitionOffsets(Collection<TopicPartition> partitions, PartitionOffsetsRetriever retriever) {
        Map<TopicPartition, Long> offsets = new HashMap<>(retriever.committedOffsets(partitions));
        List<TopicPartition> missing = new ArrayList<>();
        for (TopicPartition tp : partitions) {
            if (!offsets.containsKey(tp)) {
                missing.add(tp);
            }
        }
        offsets.putAll(reset(missing, strategy, retriever));
        return offsets;
    }

    /** The offsets of partitions without a committed one, as {@code strategy} says. */
    static Map<TopicPartition, Long> reset(List<TopicPartition> missing, OffsetResetStrategy strategy,
            PartitionOffsetsRetriever retriever) {
        if (missing.isEmpty()) {
            return Map.of();
        }
        switch (strategy) {
            case EARLIEST:
                return retriever.beginningOffsets(missing);
            case LATEST:
                return retriever.endOffsets(missing);
            default:
                throw new IllegalStateException("no committed offset for " + missing + " and the reset strategy is "
                        + strategy + ": start from committedOffsets(OffsetResetStrategy.EARLIEST) or LATEST, or commit "
                        + "offsets for the group first");
        }
    }

    @Override
    public OffsetResetStrategy getAutoOffsetResetStrategy() {
        return strategy;
    }

    @Override
    public String toString() {
        return "committed offsets (else " + strategy.toString().toLowerCase(java.util.Locale.ROOT) + ")";
    }
}
