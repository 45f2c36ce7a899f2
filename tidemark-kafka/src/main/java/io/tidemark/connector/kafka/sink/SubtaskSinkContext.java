package io.tidemark.connector.kafka.sink;

import io.tidemark.api.common.serialization.SerializationSchema;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.common.PartitionInfo;

/**
 * What a record serializer of one sink subtask knows, whichever engine runs the sink: the subtask, the
 * parallelism, and each topic's partitions (asked of the subtask's producer once per topic).
 */
public final class SubtaskSinkContext implements KafkaRecordSerializationSchema.KafkaSinkContext {

    private final int subtask;
    private final int parallelism;
    private final Function<String, List<PartitionInfo>> partitionsFor;
    private final Map<String, int[]> partitions = new HashMap<>();

    /** @param partitionsFor the producer's partitions of a topic */
    public SubtaskSinkContext(int subtask, int parallelism, Function<String, List<PartitionInfo>> partitionsFor) {
        this.subtask = subtask;
        this.parallelism = parallelism;
        this.partitionsFor = partitionsFor;
    }

    @Override
    public int getParallelInstanceId() {
        return subtask;
    }

    @Override
    public int getNumberOfParallelInstances() {
        return parallelism;
    }

    @Override
    public int[] getPartitionsForTopic(String topic) {
        return partitions.computeIfAbsent(topic, t -> partitionsFor.apply(t).stream().mapToInt(PartitionInfo::partition).sorted()
                .toArray());
    }

    /** Opens {@code serializer} for this subtask. */
    public void open(KafkaRecordSerializationSchema<?> serializer) throws Exception {
        serializer.open(new SerializationSchema.InitializationContext() {
            @Override
            public int getIndexOfThisSubtask() {
                return subtask;
            }

            @Override
            public int getNumberOfParallelSubtasks() {
                return parallelism;
            }
        }, this);
    }
}
