package io.tidemark.examples.etl;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.time.ReplayClock;
import java.time.Duration;
import java.time.Instant;

/**
 * seeds/001 §4.4.3: one Kafka partition stops sending; without idleness its watermark holds the
 * minimum back and no window fires; with {@code withIdleness(5 s)} the partition is left out after
 * 5 s of silence. The seed shows only the strategy; the partitioned source and the 1-minute windows
 * around it are ours.
 */
public class IdleSourceExample {

    /** The seed's strategy, unchanged. */
    public static WatermarkStrategy<MyEvent> strategy() {
        // 设置空闲超时，超过5秒没数据就标记为空闲
        WatermarkStrategy<MyEvent> strategy = WatermarkStrategy
            .<MyEvent>forBoundedOutOfOrderness(Duration.ofSeconds(5))
            .withTimestampAssigner((event, ts) -> event.getEventTime())
            .withIdleness(Duration.ofSeconds(5));  // 关键配置
        return strategy;
    }

    /** Per-user sums over 1-minute windows of a partitioned source watermarked with {@code strategy}. */
    public static SingleOutputStreamOperator<MyEvent> build(StreamExecutionEnvironment env,
            SplitSourceFunction<MyEvent> partitions, WatermarkStrategy<MyEvent> strategy) {
        return env.fromSource(partitions, strategy, "Kafka partitions")
            .keyBy(MyEvent::getUserId)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .process(new MyWindowProcessFunction());
    }

    public static void main(String[] args) throws Exception {
        WatermarkStrategy<MyEvent> withoutIdleness = WatermarkStrategy
            .<MyEvent>forBoundedOutOfOrderness(Duration.ofSeconds(5))
            .withTimestampAssigner((event, ts) -> event.getEventTime());
        run("without withIdleness", withoutIdleness);
        run("with withIdleness(5 s)", strategy());
    }

    private static void run(String label, WatermarkStrategy<MyEvent> strategy) throws Exception {
        ReplayClock clock = new ReplayClock();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setClock(clock);
        System.out.println(label + ": partition p1 stops after 10:00:09, p0 goes on until 10:01:28");
        build(env, PartitionedMySource.withStalledPartition(clock), strategy).addSink(new SinkFunction<MyEvent>() {
            @Override
            public void invoke(MyEvent value, Context context) {
                System.out.println("  window of " + value.getUserId() + " starting " + Instant.ofEpochMilli(value.getEventTime())
                        + ": sum=" + value.getValue() + ", fired at processing time "
                        + Instant.ofEpochMilli(context.currentProcessingTime()));
            }
        });
        env.execute("idleness (seeds/001 §4.4.3): " + label);
    }
}
