package io.tidemark.semantics;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.functions.OpenContext;
import io.tidemark.api.common.state.ListState;
import io.tidemark.api.common.state.ListStateDescriptor;
import io.tidemark.api.common.state.MapState;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.KeyedProcessFunction;
import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.GlobalWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import io.tidemark.streaming.api.windowing.triggers.ContinuousEventTimeTrigger;
import io.tidemark.streaming.api.windowing.triggers.CountTrigger;
import io.tidemark.streaming.api.windowing.triggers.PurgingTrigger;
import io.tidemark.streaming.api.windowing.windows.GlobalWindow;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.testutils.CollectSink;
import io.tidemark.testutils.ScriptedSource;
import io.tidemark.time.ManualClock;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Triggers other than the default, processing-time windows, process functions with state and timers, and the other window functions. */
class TriggersAndFunctionsTest {

    /**
     * Public: field aggregation reads record components through their accessors. Serializable: with
     * RocksDB (tidemark-rocksdb runs these tests again) a window's reduced value is state, written by
     * the value codec.
     */
    public record Order(String user, long ts, int amount) implements java.io.Serializable {}

    /** The same, but not public (see the disabled test below). */
    record PrivateOrder(String user, long ts, int amount) implements java.io.Serializable {}

    private static final class DescribeGlobal extends ProcessWindowFunction<Long, String, String, GlobalWindow> {
        private static final long serialVersionUID = 1L;

        @Override
        public void process(String key, Context ctx, Iterable<Long> elements, Collector<String> out) {
            out.collect(elements + " " + ctx.firing());
        }
    }

    private static ScriptedSource<Long> oneToSeven() {
        ScriptedSource<Long> src = new ScriptedSource<>();
        for (long i = 1; i <= 7; i++) {
            src.record(i);
        }
        return src;
    }

    /**
     * GlobalWindows + CountTrigger(3): fires at every third element and keeps the contents; the 7th
     * element is never emitted (the global window never ends). The clock (0) is before the global
     * window's end (Long.MAX_VALUE), so every firing is EARLY.
     */
    @Test
    void countTriggerOnGlobalWindowsFiresEveryThirdElementAndKeepsTheContents() throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        CollectSink<String> sink = new CollectSink<>();
        env.addSource(oneToSeven()).keyBy(v -> "k").window(GlobalWindows.create()).trigger(CountTrigger.of(3))
                .process(new DescribeGlobal()).addSink(sink);
        env.execute("count");
        assertThat(sink.values()).containsExactly("[1, 2, 3] EARLY#1", "[1, 2, 3, 4, 5, 6] EARLY#2");
    }

    @Test
    void purgingTriggerEmptiesTheWindowAfterEachFiring() throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        CollectSink<String> sink = new CollectSink<>();
        env.addSource(oneToSeven()).keyBy(v -> "k").window(GlobalWindows.create())
                .trigger(PurgingTrigger.of(CountTrigger.of(3)))
                .process(new DescribeGlobal()).addSink(sink);
        env.execute("purging");
        assertThat(sink.values()).containsExactly("[1, 2, 3] EARLY#1", "[4, 5, 6] EARLY#2");
    }

    /**
     * ContinuousEventTimeTrigger(3 s) on [0,10000): early firings at watermarks 3000, 6000, 9000 (EARLY,
     * the watermark is still before the window's last timestamp 9999), then the firing at 9999
     * (ON_TIME). The pending early timer at 12000 is removed with the window.
     */
    @Test
    void continuousEventTimeTriggerFiresEarlyThenOnTime() throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        ScriptedSource<Long> src = new ScriptedSource<Long>()
                .record(1000L, 1000).record(2000L, 2000).watermark(3000)
                .record(4000L, 4000).watermark(6500).watermark(9000).watermark(9999);
        CollectSink<String> sink = new CollectSink<>();
        env.addSource(src).keyBy(v -> "k").window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .trigger(ContinuousEventTimeTrigger.of(Duration.ofSeconds(3)))
                .process(new Sem.Describe<Long, String>()).addSink(sink);
        env.execute("continuous");
        assertThat(sink.values()).containsExactly(
                "k [0,10000) [1000, 2000] EARLY#1",
                "k [0,10000) [1000, 2000, 4000] EARLY#2",
                "k [0,10000) [1000, 2000, 4000] EARLY#3",
                "k [0,10000) [1000, 2000, 4000] ON_TIME#4");
    }

    /**
     * Early firing times are capped at the window's end, as in Flink 2.3 (found by the differential
     * suite). Tumbling 10 ms, allowed lateness 5 ms, continuous trigger every 4 ms, events at 1, 12, 20
     * with watermark = timestamp − 1: the watermark 11 fires [0,10) at its early timer 4, then at 8, then
     * at 9 (min(12, 9): the end) — three firings; no early timer at 12 re-fires it after its end.
     */
    @Test
    void continuousEventTimeTriggerNeverSetsAnEarlyTimerAfterTheWindowEnd() throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        ScriptedSource<Long> src = new ScriptedSource<Long>()
                .record(1L, 1).watermark(0).record(12L, 12).watermark(11).record(20L, 20).watermark(19);
        CollectSink<String> sink = new CollectSink<>();
        env.addSource(src).keyBy(v -> "k").window(TumblingEventTimeWindows.of(Duration.ofMillis(10)))
                .allowedLateness(Duration.ofMillis(5))
                .trigger(ContinuousEventTimeTrigger.of(Duration.ofMillis(4)))
                .process(new Sem.Describe<Long, String>()).addSink(sink);
        env.execute("continuous-capped");
        assertThat(sink.values()).filteredOn(s -> s.startsWith("k [0,10)")).containsExactly(
                "k [0,10) [1] ON_TIME#1", "k [0,10) [1] LATE#2", "k [0,10) [1] LATE#3");
    }

    /**
     * Processing-time windows of 1 s on a manual clock: a (at 100) and b (at 900) are in [0,1000), which
     * fires when the clock reaches 999 — before c (at 1000) is processed. c and d (at 1500) are in
     * [1000,2000), still open when the input ends: Tidemark fires pending processing-time windows at the
     * end of input, as if the clock had jumped past their end, so that firing is ON_TIME.
     */
    @Test
    void processingTimeWindowsOnAManualClock() throws Exception {
        ManualClock clock = new ManualClock(0);
        StreamExecutionEnvironment env = Sem.env(clock, 200);
        ScriptedSource<String> src = new ScriptedSource<String>(clock)
                .at(100).record("a").at(900).record("b").at(1000).record("c").at(1500).record("d");
        CollectSink<String> sink = new CollectSink<>();
        env.addSource(src).keyBy(v -> "k").window(TumblingProcessingTimeWindows.of(Duration.ofSeconds(1)))
                .process(new Sem.Describe<String, String>()).addSink(sink);
        env.execute("processing-time");
        assertThat(sink.values()).containsExactly("k [0,1000) [a, b] ON_TIME#1", "k [1000,2000) [c, d] ON_TIME#1");
    }

    /** Keyed state of every kind and timers of both domains, on key:value strings. */
    private static final class StateAndTimers extends KeyedProcessFunction<String, String, String> {
        private static final long serialVersionUID = 1L;
        private transient ValueState<Long> count;
        private transient ListState<String> values;
        private transient MapState<String, Long> perValue;

        @Override
        public void open(OpenContext openContext) {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Long.class));
            values = getRuntimeContext().getListState(new ListStateDescriptor<>("values", String.class));
            perValue = getRuntimeContext().getMapState(new MapStateDescriptor<>("perValue", String.class, Long.class));
        }

        @Override
        public void processElement(String in, Context ctx, Collector<String> out) throws Exception {
            String v = in.substring(2);
            count.update(count.value() == null ? 1L : count.value() + 1);
            values.add(v);
            Long n = perValue.get(v);
            perValue.put(v, n == null ? 1L : n + 1);
            ctx.timerService().registerEventTimeTimer(ctx.timestamp() + 1000);
            ctx.timerService().registerProcessingTimeTimer(ctx.timerService().currentProcessingTime() + 500);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) throws Exception {
            List<String> list = new ArrayList<>();
            values.get().forEach(list::add);
            Map<String, Long> map = new TreeMap<>();
            for (Map.Entry<String, Long> e : perValue.entries()) {
                map.put(e.getKey(), e.getValue());
            }
            out.collect(ctx.getCurrentKey() + " " + ctx.timeDomain() + "@" + timestamp + " count=" + count.value()
                    + " list=" + list + " map=" + map);
        }
    }

    /**
     * Event-time timers at ts + 1000 fire when the watermark reaches them; processing-time timers at
     * clock + 500 fire when the clock passes them (before the next record); a timer registered twice for
     * the same key and time fires once; state is per key.
     */
    @Test
    void keyedProcessFunctionWithStateAndTimersOfBothDomains() throws Exception {
        ManualClock clock = new ManualClock(0);
        StreamExecutionEnvironment env = Sem.perEvent(clock);
        ScriptedSource<String> src = new ScriptedSource<String>(clock)
                .record("a:x", 100).record("b:y", 200).record("a:x", 300)
                .watermark(1150)
                .at(600).record("a:z", 400)
                .watermark(1400);
        CollectSink<String> sink = new CollectSink<>();
        env.addSource(src).keyBy(v -> v.substring(0, 1)).process(new StateAndTimers()).addSink(sink);
        env.execute("keyed-process");
        assertThat(sink.values()).containsExactly(
                "a EVENT_TIME@1100 count=2 list=[x, x] map={x=2}",
                "a PROCESSING_TIME@500 count=2 list=[x, x] map={x=2}",
                "b PROCESSING_TIME@500 count=1 list=[y] map={y=1}",
                "b EVENT_TIME@1200 count=1 list=[y] map={y=1}",
                "a EVENT_TIME@1300 count=3 list=[x, x, z] map={x=2, z=1}",
                "a EVENT_TIME@1400 count=3 list=[x, x, z] map={x=2, z=1}");
    }

    @Test
    void processFunctionSideOutputs() throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        OutputTag<String> even = new OutputTag<>("even");
        SingleOutputStreamOperator<Long> odd = env.addSource(new ScriptedSource<Long>()
                        .record(1L).record(2L).record(3L).record(4L).record(5L))
                .process(new ProcessFunction<Long, Long>() {
                    @Override
                    public void processElement(Long v, Context ctx, Collector<Long> out) {
                        if (v % 2 == 0) {
                            ctx.output(even, "even " + v);
                        } else {
                            out.collect(v);
                        }
                    }
                });
        CollectSink<Long> main = new CollectSink<>();
        CollectSink<String> side = new CollectSink<>();
        odd.addSink(main);
        odd.getSideOutput(even).addSink(side);
        env.execute("side-outputs");
        assertThat(main.values()).containsExactly(1L, 3L, 5L);
        assertThat(side.values()).containsExactly("even 2", "even 4");
    }

    @Test
    void rollingReduceEmitsTheRunningReductionPerKey() throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        CollectSink<Long> sink = new CollectSink<>();
        env.addSource(new ScriptedSource<Long>().record(1L).record(2L).record(3L).record(4L).record(5L))
                .keyBy(v -> v % 2).reduce(Long::sum).addSink(sink);
        env.execute("rolling-reduce");
        assertThat(sink.values()).containsExactly(1L, 2L, 4L, 6L, 9L);
    }

    private static ScriptedSource<Order> orders() {
        return new ScriptedSource<Order>()
                .record(new Order("a", 1000, 5), 1000).record(new Order("a", 2000, 7), 2000)
                .record(new Order("b", 3000, 1), 3000).record(new Order("a", 12_000, 2), 12_000);
    }

    /** sum("amount"): the first record of the window with the amounts summed. */
    @Test
    void windowedSumOfAField() throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        CollectSink<Order> sink = new CollectSink<>();
        env.addSource(orders()).keyBy(Order::user).window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .sum("amount").addSink(sink);
        env.execute("sum");
        assertThat(sink.values()).containsExactly(
                new Order("a", 1000, 12), new Order("b", 3000, 1), new Order("a", 12_000, 2));
    }

    /**
     * Field aggregation copies a record through its accessors; a non-public record works too (this once
     * failed with IllegalAccessException because the accessors were not made accessible).
     */
    @Test
    void windowedSumOfAFieldOfANonPublicRecord() throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        CollectSink<PrivateOrder> sink = new CollectSink<>();
        env.addSource(new ScriptedSource<PrivateOrder>()
                        .record(new PrivateOrder("a", 1000, 5), 1000).record(new PrivateOrder("a", 2000, 7), 2000))
                .keyBy(PrivateOrder::user).window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .sum("amount").addSink(sink);
        env.execute("sum-private-record");
        assertThat(sink.values()).containsExactly(new PrivateOrder("a", 1000, 12));
    }

    private static final class Average implements AggregateFunction<Order, long[], Double> {
        private static final long serialVersionUID = 1L;

        @Override
        public long[] createAccumulator() {
            return new long[2];
        }

        @Override
        public long[] add(Order value, long[] acc) {
            return new long[] {acc[0] + value.amount(), acc[1] + 1};
        }

        @Override
        public Double getResult(long[] acc) {
            return (double) acc[0] / acc[1];
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            return new long[] {a[0] + b[0], a[1] + b[1]};
        }
    }

    /** aggregate(agg, processWindowFunction): the window function sees the one aggregated value, plus key and window. */
    @Test
    void aggregateWithAProcessWindowFunction() throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        CollectSink<String> sink = new CollectSink<>();
        env.addSource(orders()).keyBy(Order::user).window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .aggregate(new Average(), new ProcessWindowFunction<Double, String, String, TimeWindow>() {
                    @Override
                    public void process(String key, Context ctx, Iterable<Double> averages, Collector<String> out) {
                        out.collect(key + " " + ctx.window().getStart() + " " + averages);
                    }
                })
                .addSink(sink);
        env.execute("aggregate");
        assertThat(sink.values()).containsExactly("a 0 [6.0]", "b 0 [1.0]", "a 10000 [2.0]");
    }
}
