package io.tidemark.connector.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.serialization.SimpleStringSchema;
import io.tidemark.connector.kafka.source.KafkaSource;
import io.tidemark.connector.kafka.source.reader.KafkaSourceReader;
import io.tidemark.connector.kafka.source.split.KafkaPartitionSplit;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * A checkpoint restored at another parallelism gives each partition's offset to the subtask that reads
 * the partition now: Flink's assignment (a start per topic, then partitions round robin), not the
 * default hash of the split id. Hand-checked: for topic "t" ({@code hashCode} 116, × 31 = 3596) at 4
 * subtasks the start is 3596 mod 4 = 0, so partition 5 is read by subtask 1.
 */
class KafkaSplitOwnerTest {

    @Test
    void aPartitionsStateGoesToTheSubtaskThatReadsIt() {
        KafkaSource<String> source = KafkaSource.<String>builder().setBootstrapServers("127.0.0.1:1").setTopics("t", "my-orders")
                .setValueOnlyDeserializer(new SimpleStringSchema()).build();
        assertThat(source.ownerOf(KafkaPartitionSplit.toSplitId(new TopicPartition("t", 5)), 4)).isEqualTo(1);
        for (int p = 1; p <= 7; p++) {
            for (int partition = 0; partition < 12; partition++) {
                TopicPartition tp = new TopicPartition("my-orders", partition);
                assertThat(source.ownerOf(KafkaPartitionSplit.toSplitId(tp), p)).isEqualTo(KafkaSourceReader.owner(tp, p));
            }
        }
    }
}
