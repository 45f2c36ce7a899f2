package io.tidemark.examples.outoforder;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.examples.ReplaySource;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.time.ReplayClock;
import io.tidemark.util.Collector;
import java.time.Duration;
import java.util.List;

/** seeds/003 §4.3: measures out-of-orderness as processing time − event time. */
public class OutOfOrderMonitor {

    public static class Event {
        public long eventTime;  // 事件时间（毫秒）
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

    /** The seed's pipeline up to {@code .print()}; it prints every {@code reportEvery} events (seed: 10000). */
    public static DataStream<String> build(StreamExecutionEnvironment env, SourceFunction<Event> eventSource, long reportEvery) {
        DataStream<Event> source = env.addSource(eventSource); // seed: new EventSource(); a parameter: ours replays onto the job's clock, tests pass their own events

        // 用一个很大的乱序容忍时间，保证所有数据都被处理
        WatermarkStrategy<Event> strategy = WatermarkStrategy
            .<Event>forBoundedOutOfOrderness(Duration.ofHours(1))
            .withTimestampAssigner((event, ts) -> event.eventTime);

        return source
            .assignTimestampsAndWatermarks(strategy)
            .process(new ProcessFunction<Event, String>() {
                private long maxOutOfOrder = 0;
                private long count = 0;
                private long sumOutOfOrder = 0;

                @Override
                public void processElement(Event event, Context ctx, Collector<String> out) {
                    long processingTime = ctx.timerService().currentProcessingTime();
                    long outOfOrder = processingTime - event.eventTime;

                    if (outOfOrder > maxOutOfOrder) {
                        maxOutOfOrder = outOfOrder;
                    }
                    sumOutOfOrder += outOfOrder;
                    count++;

                    // 每 10000 条打印一次统计
                    if (count % reportEvery == 0) { // seed: count % 10000; our bounded source has 40 events
                        out.collect(String.format(
                            "count=%d, maxOutOfOrder=%dms, avgOutOfOrder=%dms",
                            count, maxOutOfOrder, sumOutOfOrder / count));
                    }
                }
            });
    }

    public static void main(String[] args) throws Exception {
        ReplayClock clock = new ReplayClock();
        StreamExecutionEnvironment env =
            StreamExecutionEnvironment.getExecutionEnvironment();
        env.setClock(clock); // processing time = the replayed arrival times

        build(env, new EventSource(clock), 10).print();

        env.execute("OutOfOrder Monitor");
    }
}
