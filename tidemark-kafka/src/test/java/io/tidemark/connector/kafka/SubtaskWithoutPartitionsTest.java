package io.tidemark.connector.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.metrics.SubtaskMetrics;
import io.tidemark.connector.kafka.Jobs.Event;
import io.tidemark.connector.kafka.source.KafkaSource;
import io.tidemark.connector.kafka.source.reader.KafkaSourceReader;
import io.tidemark.core.execution.JobClient;
import io.tidemark.runtime.metrics.OperatorMetrics;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.testutils.CollectSink;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * More source subtasks than partitions, unbounded: a subtask without a partition holds the watermark
 * back like Flink's reader without splits, and with idleness goes idle after the timeout, so the
 * windows fire on the partition's watermark alone.
 */
class SubtaskWithoutPartitionsTest {

    @Test
    void aSubtaskWithoutPartitionsGoesIdleAfterTheTimeoutAndTheWindowsFire() throws Exception {
        String topic = SharedBroker.topic("lonely", 1);
        for (int n = 0; n < 30; n++) {
            Jobs.send(topic, new Event(0, n, n * 1000L));
        }
        SharedBroker.get().flush();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
        KafkaSource<Event> source = KafkaSource.<Event>builder()
                .setBootstrapServers(SharedBroker.get().bootstrapServers())
                .setTopics(topic)
                .setDeserializer((r, out) -> out.collect(Event.parse(r.value())))
                .build();
        CollectSink<Long> counts = new CollectSink<>();
        env.fromSource(source, WatermarkStrategy.<Event>forBoundedOutOfOrderness(Duration.ofSeconds(1))
                        .withTimestampAssigner((e, t) -> e.ts()).withIdleness(Duration.ofMillis(300)), "kafka")
                .keyBy(e -> 0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .aggregate(new Jobs.Count())
                .addSink(counts);
        JobClient job = env.executeAsync("lonely");
        try {
            SharedBroker.await("windows [0, 10) and [10, 20) fired", Duration.ofSeconds(30), () -> counts.values().size() >= 2);
            assertThat(counts.values()).startsWith(10L, 10L);
            int withoutPartition = 1 - KafkaSourceReader.owner(new org.apache.kafka.common.TopicPartition(topic, 0), 2);
            for (SubtaskMetrics m : job.getMetrics()) {
                if (m.getOperatorName().equals("kafka") && m.getSubtaskIndex() == withoutPartition) {
                    assertThat(((OperatorMetrics) m).idleSplits()).containsExactly(KafkaSourceReader.NO_PARTITION_SPLIT);
                }
            }
        } finally {
            job.cancel();
        }
    }
}
