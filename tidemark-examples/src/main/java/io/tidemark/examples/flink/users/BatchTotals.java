package io.tidemark.examples.flink.users;

import java.time.Duration;
import io.tidemark.api.common.RuntimeExecutionMode;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.typeinfo.Types;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.api.java.tuple.Tuple3;
import io.tidemark.streaming.api.datastream.BroadcastStream;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.KeyedProcessFunction;
import io.tidemark.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;

/**
 * A Flink 2 user's job in BATCH mode over out-of-order orders {@code (customer, time, amount)}: per
 * second window sums (the first order of a window by time gives the other fields, so the batch's
 * sorting shows), no late orders although some come 2 s behind, running totals that emit only their
 * final value, timers that all fire at the end of input, and a broadcast rule applied to every order
 * (broadcast elements come first in BATCH).
 */
public class BatchTotals {

    static final OutputTag<Tuple3<String, Long, Integer>> LATE = new OutputTag<>("late",
            Types.TUPLE(Types.STRING, Types.LONG, Types.INT));
    static final MapStateDescriptor<String, Integer> RULES = new MapStateDescriptor<>("rules", Types.STRING, Types.INT);

    /** The customer. */
    static final class Customer implements KeySelector<Tuple3<String, Long, Integer>, String> {
        @Override
        public String getKey(Tuple3<String, Long, Integer> order) {
            return order.f0;
        }
    }

    /** Reports the watermark an order sees, and timers when they fire. */
    static final class Timers extends KeyedProcessFunction<String, Tuple3<String, Long, Integer>, String> {
        @Override
        public void processElement(Tuple3<String, Long, Integer> order, Context ctx, Collector<String> out) {
            out.collect("order " + order + " sees watermark " + ctx.timerService().currentWatermark());
            ctx.timerService().registerEventTimeTimer(order.f1 + 500);
            ctx.timerService().registerProcessingTimeTimer(1_000); // once per customer: BATCH fires it at the end
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) {
            out.collect(ctx.timeDomain() + " timer of " + ctx.getCurrentKey() + (ctx.timeDomain().name().startsWith("E")
                    ? " for " + timestamp + " at watermark " + ctx.timerService().currentWatermark() : ""));
        }
    }

    /** Multiplies each order's amount by its customer's rule (1 without one). */
    static final class ApplyRule extends KeyedBroadcastProcessFunction<String, Tuple3<String, Long, Integer>, String, String> {
        @Override
        public void processElement(Tuple3<String, Long, Integer> order, ReadOnlyContext ctx, Collector<String> out)
                throws Exception {
            Integer factor = ctx.getBroadcastState(RULES).get(order.f0);
            out.collect("ruled " + order.f0 + " " + order.f2 * (factor == null ? 1 : factor));
        }

        @Override
        public void processBroadcastElement(String rule, Context ctx, Collector<String> out) throws Exception {
            String[] kv = rule.split("=");
            ctx.getBroadcastState(RULES).put(kv[0], Integer.parseInt(kv[1]));
        }
    }

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        DataStream<Tuple3<String, Long, Integer>> orders = env.fromData(Tuple3.of("a", 3_400L, 1), Tuple3.of("b", 3_100L, 2),
                Tuple3.of("a", 3_200L, 3), Tuple3.of("a", 1_900L, 4), Tuple3.of("b", 900L, 5), Tuple3.of("a", 1_100L, 6),
                Tuple3.of("b", 3_900L, 7)).assignTimestampsAndWatermarks(WatermarkStrategy
                .<Tuple3<String, Long, Integer>>forMonotonousTimestamps().withTimestampAssigner((order, ts) -> order.f1));
        SingleOutputStreamOperator<Tuple3<String, Long, Integer>> windows = orders.keyBy(new Customer())
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1))).sideOutputLateData(LATE).sum(2);
        windows.print("window");
        windows.getSideOutput(LATE).print("late");
        orders.keyBy(new Customer()).sum(2).print("total");
        orders.keyBy(new Customer()).process(new Timers()).print("timers");
        BroadcastStream<String> rules = env.fromData("a=10", "b=100").broadcast(RULES);
        orders.keyBy(new Customer()).connect(rules).process(new ApplyRule()).print("rules");
        env.execute("batch totals");
    }
}
