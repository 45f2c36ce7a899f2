package io.tidemark.connector.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.connector.kafka.Jobs.Event;
import io.tidemark.connector.kafka.source.KafkaSource;
import io.tidemark.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import io.tidemark.core.execution.JobClient;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.testutils.CollectSink;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * The seeds' reason for per-partition watermarks (seeds/004 §3.5.5, seeds/003 §2.3): partitions are
 * each in order within the bound, but one runs far ahead of the others. Watermarked per partition,
 * nothing is late; the same records watermarked as one stream after the source make most of them late.
 */
class PerPartitionWatermarksTest {

    static final int PARTITIONS = 4;
    static final int PER_PARTITION = 300;
    static final long BOUND = 5_000;
    /** How far partition 0 runs ahead of the others: far more than the bound. */
    static final long LEAD = 120_000;

    /** Record n of partition p: one a second, up to 3 s out of order within its partition. */
    static Event event(int p, int n) {
        long ts = n * 1000L - ((n * 7L + p * 3L) % 4) * 1000L + (p == 0 ? LEAD : 0);
        return new Event(p, n, ts);
    }

    static final OutputTag<Event> LATE_PER_PARTITION = new OutputTag<>("late-per-partition") {};
    static final OutputTag<Event> LATE_ONE_STREAM = new OutputTag<>("late-one-stream") {};

    @Test
    void perPartitionWatermarksMakeNothingLateWhereOneStreamMakesTheLaggingPartitionsLate() throws Exception {
        String topic = SharedBroker.topic("skew", PARTITIONS);
        Map<TopicPartition, Long> end = new HashMap<>();
        for (int p = 0; p < PARTITIONS; p++) {
            end.put(new TopicPartition(topic, p), (long) PER_PARTITION);
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(1);
        env.getConfig().setPerEventWatermarks(true); // a watermark after every record: the outcome depends on the data only
        WatermarkStrategy<Event> strategy = WatermarkStrategy.<Event>forBoundedOutOfOrderness(Duration.ofMillis(BOUND))
                .withTimestampAssigner((e, t) -> e.ts());

        DataStream<Event> perPartition = env.fromSource(source(topic, end), strategy, "per-partition");
        DataStream<Event> oneStream = env.fromSource(source(topic, end), WatermarkStrategy.noWatermarks(), "one-stream")
                .assignTimestampsAndWatermarks(strategy);
        CollectSink<Long> perPartitionCounts = new CollectSink<>();
        CollectSink<Event> perPartitionLate = new CollectSink<>();
        CollectSink<Event> oneStreamLate = new CollectSink<>();
        SingleOutputStreamOperator<Long> a = window(perPartition, LATE_PER_PARTITION, "windows-per-partition");
        a.addSink(perPartitionCounts);
        a.getSideOutput(LATE_PER_PARTITION).addSink(perPartitionLate);
        SingleOutputStreamOperator<Long> b = window(oneStream, LATE_ONE_STREAM, "windows-one-stream");
        b.getSideOutput(LATE_ONE_STREAM).addSink(oneStreamLate);
        JobClient job = env.executeAsync("skew");

        // partition 0 (ahead) arrives first, the others after it
        for (int n = 0; n < PER_PARTITION; n++) {
            Jobs.send(topic, event(0, n));
        }
        SharedBroker.get().flush();
        SharedBroker.await("partition 0 read by both sources", Duration.ofSeconds(120),
                () -> Jobs.emitted(job, "per-partition") == PER_PARTITION && Jobs.emitted(job, "one-stream") == PER_PARTITION);
        for (int p = 1; p < PARTITIONS; p++) {
            for (int n = 0; n < PER_PARTITION; n++) {
                Jobs.send(topic, event(p, n));
            }
        }
        SharedBroker.get().flush();
        JobExecutionResult result = job.getJobExecutionResult();

        int total = PARTITIONS * PER_PARTITION;
        assertThat(perPartitionLate.values()).isEmpty();
        assertThat(perPartitionCounts.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(total);
        // as one stream: the watermark followed partition 0, so every record of the others was late
        List<Event> late = oneStreamLate.values();
        assertThat(late).hasSize((PARTITIONS - 1) * PER_PARTITION).allMatch(e -> e.partition() != 0);
        assertThat(result.getCounter("windows-one-stream", "numLateRecordsSideOutput")).isEqualTo(late.size());
        assertThat(result.getCounter("windows-per-partition", "numLateRecordsSideOutput")).isZero();
    }

    static KafkaSource<Event> source(String topic, Map<TopicPartition, Long> end) {
        return KafkaSource.<Event>builder()
                .setBootstrapServers(SharedBroker.get().bootstrapServers())
                .setTopics(topic)
                .setStartingOffsets(OffsetsInitializer.earliest())
                .setBounded(OffsetsInitializer.offsets(end))
                .setDeserializer((r, out) -> out.collect(Event.parse(r.value())))
                .build();
    }

    static SingleOutputStreamOperator<Long> window(DataStream<Event> in, OutputTag<Event> late, String name) {
        return in.keyBy(e -> 0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .sideOutputLateData(late)
                .aggregate(new Jobs.Count())
                .name(name);
    }
}
