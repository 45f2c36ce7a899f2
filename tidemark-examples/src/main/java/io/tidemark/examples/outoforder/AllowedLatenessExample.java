package io.tidemark.examples.outoforder;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.examples.ReplaySource;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;

import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.time.ReplayClock;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.List;

/** seeds/003 §6: allowed lateness 5 minutes re-fires windows; later data goes to the side output. */
public class AllowedLatenessExample {

    public static class Order {
        public String userId;
        public double amount;
        public long timestamp;

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

    // 定义迟到数据侧输出标签
    public static final OutputTag<Order> lateTag = new OutputTag<Order>("late-data") {}; // seed: a local variable in main; a constant so that main and tests can read the side output

    /** The seed's pipeline up to {@code result}. */
    public static SingleOutputStreamOperator<Order> build(StreamExecutionEnvironment env, SourceFunction<Order> orderSource) {
        DataStream<Order> source = env.addSource(orderSource); // seed: new OrderSource(); a parameter: ours replays onto the job's clock, tests pass their own orders

        WatermarkStrategy<Order> strategy = WatermarkStrategy
            .<Order>forBoundedOutOfOrderness(Duration.ofSeconds(30))
            .withIdleness(Duration.ofMinutes(1))
            .withTimestampAssigner((event, ts) -> event.timestamp);

        SingleOutputStreamOperator<Order> result = source // seed: SingleOutputStreamOperator<Double>, a compile error in Flink too: sum("amount") returns the Order stream
            .assignTimestampsAndWatermarks(strategy)
            .keyBy(order -> order.userId)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(5))) // seed: Time.minutes(5); Flink 2 takes a java.time.Duration
            .allowedLateness(Duration.ofMinutes(5))  // 允许 5 分钟迟到数据重新触发 (seed: Time.minutes(5))
            .sideOutputLateData(lateTag)        // 超过 allowedLateness 的迟到数据侧输出
            .sum("amount");
        return result;
    }

    public static void main(String[] args) throws Exception {
        ReplayClock clock = new ReplayClock();
        StreamExecutionEnvironment env =
            StreamExecutionEnvironment.getExecutionEnvironment();
        env.setClock(clock); // processing time = the replayed arrival times

        SingleOutputStreamOperator<Order> result = build(env, new OrderSource(clock));

        // 主流结果
        result.print("main");

        // 侧输出的迟到数据（超过 allowedLateness）
        result.getSideOutput(lateTag).print("late");

        env.execute("Allowed Lateness Example");
    }
}
