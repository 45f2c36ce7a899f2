package io.tidemark.examples.outoforder;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkGenerator;
import io.tidemark.api.common.eventtime.WatermarkOutput;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.examples.ReplaySource;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.time.ReplayClock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;

/** seeds/003 §8: a custom WatermarkGenerator with a "dynamic" out-of-orderness bound. */
public class CustomWatermarkExample {

    public static class Event {
        public long eventTime;
        public String data;

        public Event() {}

        @Override
        public String toString() {
            return "Event{eventTime=" + eventTime + ", data=" + data + "}";
        }
    }

    /** The seed's EventSource (not shown in the article): {@link SampleEvents} replayed on the job's clock. */
    public static class EventSource extends ReplaySource<Event> {
        private static final long serialVersionUID = 1L;

        public EventSource(ReplayClock clock) {
            this(clock, SampleEvents.defaults());
        }

        public EventSource(ReplayClock clock, List<SampleEvents.Row> rows) {
            super(clock, SampleEvents.arrivals(rows, (eventTime, data) -> {
                Event e = new Event();
                e.eventTime = eventTime;
                e.data = data;
                return e;
            }));
        }
    }

    // 自定义 WatermarkGenerator：动态调整乱序容忍时间
    // 统计最近 N 条数据的最大乱序程度，动态调整乱序容忍时间
    public static class DynamicOutOfOrdernessGenerator 
        implements WatermarkGenerator<Event> {

        private long maxTimestamp = Long.MIN_VALUE;
        private final Queue<Long> recentOutOfOrders = new ArrayDeque<>();
        private final int maxRecords;  // 统计最近多少条数据的乱序
        private final long minOutOfOrderness;  // 最小乱序容忍时间
        private final long maxOutOfOrderness;  // 最大乱序容忍时间

        public DynamicOutOfOrdernessGenerator(int maxRecords, 
                long minOutOfOrderness, long maxOutOfOrderness) {
            this.maxRecords = maxRecords;
            this.minOutOfOrderness = minOutOfOrderness;
            this.maxOutOfOrderness = maxOutOfOrderness;
        }

        @Override
        public void onEvent(Event event, long eventTimestamp, WatermarkOutput output) {
            // 更新最大事件时间
            maxTimestamp = Math.max(maxTimestamp, eventTimestamp);
        }

        @Override
        public void onPeriodicEmit(WatermarkOutput output) {
            if (maxTimestamp == Long.MIN_VALUE) {
                return;
            }

            // 动态计算乱序容忍时间：基于最近数据的乱序程度
            // 这里简化为：在最小和最大之间取中间值
            // 实际场景可以根据业务时间、数据量等动态调整
            long dynamicOutOfOrderness = (minOutOfOrderness + maxOutOfOrderness) / 2;

            output.emitWatermark(new Watermark(maxTimestamp - dynamicOutOfOrderness));
        }
    }

    /** The seed's pipeline up to {@code result}. */
    public static DataStream<String> build(StreamExecutionEnvironment env, SourceFunction<Event> eventSource) {
        DataStream<Event> source = env.addSource(eventSource); // seed: new EventSource(); a parameter: ours replays onto the job's clock, tests pass their own events

        // 自定义 Watermark 策略：动态乱序容忍（最小5秒，最大60秒）
        WatermarkStrategy<Event> customStrategy = WatermarkStrategy
            .<Event>forGenerator(ctx -> new DynamicOutOfOrdernessGenerator(
                1000,  // 统计最近1000条数据
                5000,  // 最小乱序容忍 5 秒
                60000  // 最大乱序容忍 60 秒
            ))
            .withIdleness(Duration.ofMinutes(1))
            .withTimestampAssigner((event, ts) -> event.eventTime);

        DataStream<String> result = source
            .assignTimestampsAndWatermarks(customStrategy)
            .keyBy(event -> event.data)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(5))) // seed: Time.minutes(5); Flink 2 takes a java.time.Duration
            .process(new MyWindowProcessFunction());
        return result;
    }

    public static void main(String[] args) throws Exception {
        ReplayClock clock = new ReplayClock();
        StreamExecutionEnvironment env = 
            StreamExecutionEnvironment.getExecutionEnvironment();
        env.setClock(clock); // processing time = the replayed arrival times

        DataStream<String> result = build(env, new EventSource(clock));

        result.print();

        env.execute("Custom Watermark Example");
    }
}
