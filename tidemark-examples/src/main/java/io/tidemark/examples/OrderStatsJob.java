package io.tidemark.examples;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.time.ReplayClock;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.time.Duration;

/**
 * seeds/000 §4.2–4.4 and §5.1: per-user order statistics over 5-minute tumbling event-time windows,
 * with 10 s bounded out-of-orderness, 1 min idleness, 30 s allowed lateness and a side output for
 * orders later than that.
 *
 * <p>Run: {@code mvn -q -B install -DskipTests && mvn -q -B -pl tidemark-examples exec:java}. The
 * orders come from {@link OrderSource}, replayed on a {@link ReplayClock}: the output is the same on
 * every run.
 */
public class OrderStatsJob {

    /** The window operator's name, under which the job result reports its counters. */
    public static final String WINDOW_OPERATOR = "Window(aggregate, process)";
    /** The source's name in the job result ({@code addSource} without a name). */
    public static final String SOURCE_OPERATOR = "Custom Source";

    /**
     * The seed's pipeline. Returns the window results; the late orders go to {@code lateSink} (the
     * seed's {@code new LateOrderSink()}).
     */
    public static SingleOutputStreamOperator<OrderWindowResult> build(StreamExecutionEnvironment env,
            SourceFunction<OrderEvent> orderSource, SinkFunction<OrderEvent> lateSink) {
        DataStream<OrderEvent> stream = env
                .addSource(orderSource) // seed: new FlinkKafkaConsumer<>(...): no Kafka here; the source is a parameter so tests can replay their own orders
                .assignTimestampsAndWatermarks(
                        WatermarkStrategy
                                .<OrderEvent>forBoundedOutOfOrderness(Duration.ofSeconds(10))
                                .withTimestampAssigner((event, ts) -> event.eventTime)
                                .withIdleness(Duration.ofMinutes(1)));

        OutputTag<OrderEvent> lateTag = new OutputTag<OrderEvent>("late-orders"){};
        SingleOutputStreamOperator<OrderWindowResult> result = stream // seed: SingleOutputStreamOperator<OrderStat>; see the aggregate line
                .keyBy(e -> e.userId)
                .window(TumblingEventTimeWindows.of(Duration.ofMinutes(5))) // seed: Time.minutes(5); Flink 2 takes a java.time.Duration
                .allowedLateness(Duration.ofSeconds(30)) // seed: Time.seconds(30); Flink 2 takes a java.time.Duration
                .sideOutputLateData(lateTag)
                .aggregate(new OrderAggregate(), new OrderWindowReport()); // seed: .aggregate(new OrderAggregate()); the window function adds user, window and firing to each OrderStat
        DataStream<OrderEvent> lateStream = result.getSideOutput(lateTag);
        lateStream.addSink(lateSink); // seed: new LateOrderSink(); a parameter so tests can collect the late orders
        return result;
    }

    /**
     * Runs on each firing with the window's one aggregated {@link OrderStat}: copies its values (the
     * accumulator itself lives on for late re-firings) with the key, the window and the firing.
     */
    public static class OrderWindowReport extends ProcessWindowFunction<OrderStat, OrderWindowResult, String, TimeWindow> {

        private static final long serialVersionUID = 1L;

        @Override
        public void process(String userId, Context ctx, Iterable<OrderStat> stats, Collector<OrderWindowResult> out) {
            OrderStat stat = stats.iterator().next();
            out.collect(new OrderWindowResult(userId, ctx.window().getStart(), ctx.window().getEnd(), stat.count,
                    stat.totalAmount, ctx.firing().timing(), ctx.firing().index()));
        }
    }

    public static void main(String[] args) throws Exception {
        ReplayClock clock = new ReplayClock();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setClock(clock); // processing time follows the replayed arrival times: same output every run

        OrderSource source = new OrderSource(clock);
        System.out.printf("OrderStatsJob: %d orders of users %s, replayed in arrival order; 5-minute event-time windows per user,"
                + " out-of-orderness 10 s, allowed lateness 30 s, idleness 1 min%n",
                source.arrivals().size(), String.join("/", OrderSource.USERS));

        build(env, source, new LateOrderSink()).print();
        JobExecutionResult result = env.execute("OrderStatsJob");

        System.out.printf("summary: records read=%d, window results=%d, late records to side output=%d,"
                + " late records within allowed lateness (re-fired their window)=%d%n",
                result.getCounter(SOURCE_OPERATOR, "numRecordsOut"),
                result.getCounter(WINDOW_OPERATOR, "numRecordsOut"),
                result.getCounter(WINDOW_OPERATOR, "numLateRecordsSideOutput"),
                result.getCounter(WINDOW_OPERATOR, "numLateRecordsReFired"));
    }
}
