package io.tidemark.connector.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.connector.kafka.Jobs.Event;
import io.tidemark.connector.kafka.source.KafkaSource;
import io.tidemark.connector.kafka.source.KafkaSourceOptions;
import io.tidemark.core.execution.JobClient;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.testutils.CollectSink;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A partition added to a topic while the job runs: the source finds it, reads it from its first
 * record, and from the moment it is found it holds the watermark back until its records are read, so
 * none of them is late although the other partitions are ahead.
 */
class PartitionDiscoveryTest {

    static final long MIN = 60_000;
    static final OutputTag<Event> LATE = new OutputTag<>("late") {};

    @Test
    void aPartitionAddedWhileRunningIsFoundReadAndHoldsTheWatermarkUntilRead() throws Exception {
        String topic = SharedBroker.topic("grow", 2);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(1);
        env.getConfig().setPerEventWatermarks(true); // a watermark after every record: the outcome depends on the data only
        KafkaSource<Event> source = KafkaSource.<Event>builder()
                .setBootstrapServers(SharedBroker.get().bootstrapServers())
                .setTopics(topic)
                .setProperty(KafkaSourceOptions.PARTITION_DISCOVERY_INTERVAL_MS, "100")
                .setDeserializer((r, out) -> out.collect(Event.parse(r.value())))
                .build();
        CollectSink<Long> windowStarts = new CollectSink<>();
        CollectSink<Event> late = new CollectSink<>();
        SingleOutputStreamOperator<Long> windows = env
                .fromSource(source, WatermarkStrategy.<Event>forBoundedOutOfOrderness(Duration.ofSeconds(5))
                        .withTimestampAssigner((e, t) -> e.ts()), "kafka")
                .keyBy(e -> 0)
                .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
                .sideOutputLateData(LATE)
                .process(new io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction<Event, Long, Integer,
                        io.tidemark.streaming.api.windowing.windows.TimeWindow>() {
                    @Override
                    public void process(Integer key, Context ctx, Iterable<Event> events, io.tidemark.util.Collector<Long> out) {
                        out.collect(ctx.window().getStart() / MIN);
                    }
                })
                .name("windows");
        windows.addSink(windowStarts);
        windows.getSideOutput(LATE).addSink(late);
        JobClient job = env.executeAsync("discovery");
        try {
            // minutes 0-9 on partitions 0 and 1
            int sent = write(topic, 0, 2, 0, 10);
            await(job, sent);
            assertThat(windowStarts.values()).isNotEmpty().allMatch(m -> m < 9);

            SharedBroker.get().addPartitions(topic, 3);
            sent += write(topic, 2, 3, 10, 11); // the new partition's first record: minute 10
            SharedBroker.await("the new partition found and read", Duration.ofSeconds(30),
                    () -> Jobs.source(job, "kafka").splitWatermarks().containsKey(topic + "-2"));
            await(job, sent);

            // minutes 10-19 on the old partitions: the new one (at minute 10) holds the watermark
            sent += write(topic, 0, 2, 10, 20);
            await(job, sent);
            assertThat(windowStarts.values()).allMatch(m -> m < 10);
            assertThat(Jobs.source(job, "kafka").splitHoldingBack()).isEqualTo(topic + "-2");

            // the new partition catches up: its records are all on time, and the windows fire
            sent += write(topic, 2, 3, 11, 20);
            await(job, sent);
            assertThat(windowStarts.values()).contains(17L);
            assertThat(late.values()).isEmpty();
        } finally {
            job.cancel();
        }
    }

    /** Two records a minute (at :10 and :40) for minutes [from, to) on partitions [p0, p1); returns how many. */
    static int write(String topic, int p0, int p1, int from, int to) {
        int n = 0;
        for (int m = from; m < to; m++) {
            for (int p = p0; p < p1; p++) {
                Jobs.send(topic, new Event(p, 2L * m, m * MIN + 10_000));
                Jobs.send(topic, new Event(p, 2L * m + 1, m * MIN + 40_000));
                n += 2;
            }
        }
        SharedBroker.get().flush();
        return n;
    }

    static void await(JobClient job, long records) {
        SharedBroker.await(records + " records read and windowed", Duration.ofSeconds(30),
                () -> Jobs.emitted(job, "kafka") == records && Jobs.received(job, "windows") == records);
    }
}
