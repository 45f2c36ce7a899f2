package io.tidemark.examples.outoforder;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.examples.ReplaySource;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.time.ReplayClock;
import java.time.Duration;
import java.util.List;

/** seeds/003 §5: bounded out-of-orderness 5 s, 5-minute windows, sum of amounts per user. */
public class BoundedOutOfOrdernessExample {

    public static class Order {
        public String userId;
        public double amount;
        public long timestamp;  // 毫秒级事件时间戳

        public Order() {}

        @Override
        public String toString() {
            return "Order{userId=" + userId + ", amount=" + amount + ", timestamp=" + timestamp + "}";
        }
    }

    /** The seed's OrderSource (not shown in the article): {@link SampleOrders} replayed on the job's clock. */
    public static class OrderSource extends ReplaySource<Order> {
        private static final long serialVersionUID = 1L;

        public OrderSource(ReplayClock clock) {
            this(clock, SampleOrders.defaults());
        }

        public OrderSource(ReplayClock clock, List<SampleOrders.Row> rows) {
            super(clock, SampleOrders.arrivals(rows, (userId, amount, timestamp) -> {
                Order o = new Order();
                o.userId = userId;
                o.amount = amount;
                o.timestamp = timestamp;
                return o;
            }));
        }
    }

    /** The seed's pipeline up to {@code result}. */
    public static DataStream<Order> build(StreamExecutionEnvironment env, SourceFunction<Order> orderSource) {
        DataStream<Order> source = env.addSource(orderSource); // seed: new OrderSource(); a parameter: ours replays onto the job's clock, tests pass their own orders

        // 有界乱序 Watermark：允许 5 秒乱序（最常用）
        WatermarkStrategy<Order> strategy = WatermarkStrategy
            .<Order>forBoundedOutOfOrderness(Duration.ofSeconds(5))
            .withIdleness(Duration.ofMinutes(1))  // 空闲输入处理（必须设置）
            .withTimestampAssigner((event, timestamp) -> event.timestamp);

        DataStream<Order> result = source // seed: DataStream<Double>, a compile error in Flink too: sum("amount") returns the Order stream
            .assignTimestampsAndWatermarks(strategy)
            .keyBy(order -> order.userId)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(5))) // seed: Time.minutes(5); Flink 2 takes a java.time.Duration
            .sum("amount");
        return result;
    }

    public static void main(String[] args) throws Exception {
        ReplayClock clock = new ReplayClock();
        StreamExecutionEnvironment env =
            StreamExecutionEnvironment.getExecutionEnvironment();
        env.setClock(clock); // processing time = the replayed arrival times

        DataStream<Order> result = build(env, new OrderSource(clock));

        result.print();

        env.execute("Bounded OutOf Orderness Example");
    }
}
