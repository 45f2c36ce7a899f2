package io.tidemark.connector.kafka.source.enumerator.initializer;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;
import org.apache.kafka.common.TopicPartition;

/**
 * {@link OffsetsInitializer#offsets}: given offsets; a partition not given starts from the group's
 * committed offset, else as the reset strategy says.
 */
@SuppressWarnings("deprecation")
public final class SpecifiedOffsetsInitializer implements OffsetsInitializer {

    private static final long serialVersionUID = 1L;

    private final HashMap<TopicPartition, Long> offsets;
    private final OffsetResetStrategy strategy;

    SpecifiedOffsetsInitializer(Map<TopicPartition, Long> offsets, OffsetResetStrategy strategy) {
        this.offsets = new HashMap<>(offsets);
        this.strategy = strategy == null ? OffsetResetStrategy.EARLIEST : strategy;
    }

    /** The given offsets. */
    public Map<TopicPartition, Long> getOffsets() {
        return Map.copyOf(offsets);
    }

    @Override
    public Map<TopicPartition, Long> getPartitionOffsets(Collection<TopicPartition> partitions, PartitionOffsetsRetriever retriever) {
        Map<TopicPartition, Long> result = new HashMap<>();
        List<TopicPartition> unspecified = new ArrayList<>();
        for (TopicPartition tp : partitions) {
            Long o = offsets.get(tp);
            if (o != null) {
                result.put(tp, o);
            } else {
                unspecified.add(tp);
            }
        }
        if (!unspecified.isEmpty()) {
            Map<TopicPartition, Long> committed = retriever.committedOffsets(unspecified);
            result.putAll(committed);
            List<TopicPartition> missing = new ArrayList<>();
            for (TopicPartition tp : unspecified) {
                if (!committed.containsKey(tp)) {
                    missing.add(tp);
                }
            }
            result.putAll(CommittedOffsetsInitializer.reset(missing, strategy, retriever));
        }
        return result;
    }

    @Override
    public OffsetResetStrategy getAutoOffsetResetStrategy() {
        return strategy;
    }

    @Override
    public String toString() {
        return "offsets " + offsets;
    }
}
