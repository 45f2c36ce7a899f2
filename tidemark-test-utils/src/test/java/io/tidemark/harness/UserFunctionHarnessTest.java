package io.tidemark.harness;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.functions.OpenContext;
import io.tidemark.api.common.functions.RichFlatMapFunction;
import io.tidemark.api.common.state.ListState;
import io.tidemark.api.common.state.ListStateDescriptor;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.api.common.typeinfo.Types;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.api.java.tuple.Tuple2;
import io.tidemark.runtime.checkpoint.OperatorSubtaskState;
import io.tidemark.streaming.api.TimeDomain;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.KeyedProcessFunction;
import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.streaming.api.functions.co.BroadcastProcessFunction;
import io.tidemark.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import io.tidemark.streaming.api.functions.co.KeyedCoProcessFunction;
import io.tidemark.streaming.api.operators.KeyedProcessOperator;
import io.tidemark.streaming.api.operators.StreamFlatMap;
import io.tidemark.streaming.api.transformations.OneInputTransformation;
import io.tidemark.streaming.api.watermark.Watermark;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.runtime.streamrecord.StreamRecord;
import io.tidemark.streaming.util.AbstractStreamOperatorTestHarness;
import io.tidemark.streaming.util.BroadcastOperatorTestHarness;
import io.tidemark.streaming.util.KeyedBroadcastOperatorTestHarness;
import io.tidemark.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import io.tidemark.streaming.util.KeyedTwoInputStreamOperatorTestHarness;
import io.tidemark.streaming.util.OneInputStreamOperatorTestHarness;
import io.tidemark.streaming.util.ProcessFunctionTestHarnesses;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A Flink user's unit tests of their own functions, written with Flink's test harnesses. The same file
 * with {@code org.apache.flink} imports runs against Flink 2.3's harnesses in tidemark-flink's tests,
 * so every expectation here is Flink's behaviour.
 */
class UserFunctionHarnessTest {

    private static final KeySelector<Tuple2<String, Long>, String> BY_NAME = e -> e.f0;

    /**
     * Sums each key's amounts and emits "key=sum" once the key has had no event for 10 s of event time;
     * events behind the watermark go to a side output; 60 s of processing time after a key's first event,
     * a key still open is reported.
     */
    static class QuietPeriodSum extends KeyedProcessFunction<String, Tuple2<String, Long>, String> {
        static final OutputTag<Tuple2<String, Long>> LATE = new OutputTag<Tuple2<String, Long>>("late") {};
        private transient ValueState<Long> sum;
        private transient ValueState<Long> timer;

        @Override
        public void open(OpenContext openContext) {
            sum = getRuntimeContext().getState(new ValueStateDescriptor<>("sum", Types.LONG));
            timer = getRuntimeContext().getState(new ValueStateDescriptor<>("timer", Types.LONG));
        }

        @Override
        public void processElement(Tuple2<String, Long> e, Context ctx, Collector<String> out) throws Exception {
            if (ctx.timestamp() <= ctx.timerService().currentWatermark()) {
                ctx.output(LATE, e);
                return;
            }
            Long current = sum.value();
            sum.update(current == null ? e.f1 : current + e.f1);
            if (timer.value() != null) {
                ctx.timerService().deleteEventTimeTimer(timer.value());
            }
            long quietAt = ctx.timestamp() + 10_000;
            ctx.timerService().registerEventTimeTimer(quietAt);
            timer.update(quietAt);
            if (current == null) {
                ctx.timerService().registerProcessingTimeTimer(ctx.timerService().currentProcessingTime() + 60_000);
            }
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) throws Exception {
            if (ctx.timeDomain() == TimeDomain.EVENT_TIME) {
                out.collect(ctx.getCurrentKey() + "=" + sum.value());
                sum.clear();
                timer.clear();
            } else if (sum.value() != null) {
                out.collect(ctx.getCurrentKey() + " still open at " + timestamp);
            }
        }
    }

    @Test
    void keyedProcessFunctionWithTimers() throws Exception {
        KeyedOneInputStreamOperatorTestHarness<String, Tuple2<String, Long>, String> h =
                ProcessFunctionTestHarnesses.forKeyedProcessFunction(new QuietPeriodSum(), BY_NAME, Types.STRING);

        h.processElement(Tuple2.of("a", 1L), 1_000);
        h.setProcessingTime(5_000);
        h.processElement(Tuple2.of("b", 5L), 2_000);
        h.processElement(Tuple2.of("a", 2L), 8_000);
        assertThat(h.numEventTimeTimers()).isEqualTo(2);
        assertThat(h.numProcessingTimeTimers()).isEqualTo(2);

        h.processWatermark(12_000);
        assertThat(h.extractOutputValues()).containsExactly("b=5");
        h.processElement(Tuple2.of("b", 7L), 11_500);
        assertThat(h.getSideOutput(QuietPeriodSum.LATE)).containsExactly(new StreamRecord<>(Tuple2.of("b", 7L), 11_500));

        h.setProcessingTime(60_000);
        h.setProcessingTime(65_000);
        h.processWatermark(new Watermark(18_000));

        assertThat(h.getOutput()).containsExactly(
                new StreamRecord<>("b=5", 12_000),
                new Watermark(12_000),
                new StreamRecord<>("a still open at 60000"),
                new StreamRecord<>("a=3", 18_000),
                new Watermark(18_000));
        assertThat(h.numEventTimeTimers()).isZero();
        h.close();
    }

    @Test
    void keyedStateAndTimersSurviveASnapshotAndRestore() throws Exception {
        OperatorSubtaskState state;
        try (KeyedOneInputStreamOperatorTestHarness<String, Tuple2<String, Long>, String> h =
                ProcessFunctionTestHarnesses.forKeyedProcessFunction(new QuietPeriodSum(), BY_NAME, Types.STRING)) {
            h.processElement(Tuple2.of("a", 1L), 1_000);
            h.processElement(Tuple2.of("a", 4L), 3_000);
            h.processElement(Tuple2.of("c", 9L), 4_000);
            h.processWatermark(2_000);
            state = h.snapshot(1L, 100L);
            h.processElement(Tuple2.of("a", 100L), 5_000); // after the snapshot: not in the restored state
        }

        KeyedOneInputStreamOperatorTestHarness<String, Tuple2<String, Long>, String> restored =
                new KeyedOneInputStreamOperatorTestHarness<>(new KeyedProcessOperator<>(new QuietPeriodSum()), BY_NAME,
                        Types.STRING);
        restored.setup();
        restored.initializeState(state);
        restored.open();
        restored.processElement(Tuple2.of("c", 1L), 4_500);
        restored.processWatermark(14_500);
        assertThat(restored.extractOutputValues()).containsExactly("a=5", "c=10");
        restored.close();
    }

    /** Parses "name,amount" lines; what does not parse goes to a side output. */
    static class ParseAmounts extends ProcessFunction<String, Tuple2<String, Long>> {
        static final OutputTag<String> BAD = new OutputTag<String>("bad") {};

        @Override
        public void processElement(String line, Context ctx, Collector<Tuple2<String, Long>> out) {
            String[] parts = line.split(",");
            try {
                out.collect(Tuple2.of(parts[0].trim(), Long.parseLong(parts[1].trim())));
            } catch (RuntimeException e) {
                ctx.output(BAD, line);
            }
        }
    }

    @Test
    void processFunctionWithASideOutput() throws Exception {
        OneInputStreamOperatorTestHarness<String, Tuple2<String, Long>> h =
                ProcessFunctionTestHarnesses.forProcessFunction(new ParseAmounts());
        h.processElement("a, 3", 10);
        h.processElement("b;4", 20);
        h.processElement("c,x", 30);
        h.processElement(new StreamRecord<>("d,7"));

        assertThat(h.extractOutputStreamRecords()).containsExactly(
                new StreamRecord<>(Tuple2.of("a", 3L), 10), new StreamRecord<>(Tuple2.of("d", 7L)));
        assertThat(h.getSideOutput(ParseAmounts.BAD))
                .containsExactly(new StreamRecord<>("b;4", 20), new StreamRecord<>("c,x", 30));
        h.close();
    }

    /** Emits each key's first event only (deduplication), keeping a flag per key. */
    static class FirstPerKey extends RichFlatMapFunction<Tuple2<String, Long>, Tuple2<String, Long>> {
        private transient ValueState<Boolean> seen;

        @Override
        public void open(OpenContext openContext) {
            seen = getRuntimeContext().getState(new ValueStateDescriptor<>("seen", Types.BOOLEAN));
        }

        @Override
        public void flatMap(Tuple2<String, Long> e, Collector<Tuple2<String, Long>> out) throws Exception {
            if (seen.value() == null) {
                seen.update(true);
                out.collect(e);
            }
        }
    }

    @Test
    void statefulFlatMapInTheKeyedHarness() throws Exception {
        KeyedOneInputStreamOperatorTestHarness<String, Tuple2<String, Long>, Tuple2<String, Long>> h =
                new KeyedOneInputStreamOperatorTestHarness<>(new StreamFlatMap<>(new FirstPerKey()), BY_NAME, Types.STRING);
        h.open();
        h.processElement(Tuple2.of("a", 1L), 1);
        h.processElement(Tuple2.of("a", 2L), 2);
        h.processElement(Tuple2.of("b", 3L), 3);
        h.processElement(Tuple2.of("a", 4L), 4);
        assertThat(h.extractOutputValues()).containsExactly(Tuple2.of("a", 1L), Tuple2.of("b", 3L));
        assertThat(h.numKeyedStateEntries()).isEqualTo(2);
        h.close();
    }

    /**
     * Enriches orders (id, customer) with the customer's name (customer, name): an order waits for its
     * customer up to 5 s of event time, then goes to the unmatched side output.
     */
    static class OrderEnrichment
            extends KeyedCoProcessFunction<String, Tuple2<Integer, String>, Tuple2<String, String>, String> {
        static final OutputTag<Integer> UNMATCHED = new OutputTag<Integer>("unmatched") {};
        private transient ValueState<String> name;
        private transient ListState<Integer> waiting;

        @Override
        public void open(OpenContext openContext) {
            name = getRuntimeContext().getState(new ValueStateDescriptor<>("name", Types.STRING));
            waiting = getRuntimeContext().getListState(new ListStateDescriptor<>("waiting", Types.INT));
        }

        @Override
        public void processElement1(Tuple2<Integer, String> order, Context ctx, Collector<String> out) throws Exception {
            if (name.value() != null) {
                out.collect("order " + order.f0 + " for " + name.value());
            } else {
                waiting.add(order.f0);
                ctx.timerService().registerEventTimeTimer(ctx.timestamp() + 5_000);
            }
        }

        @Override
        public void processElement2(Tuple2<String, String> customer, Context ctx, Collector<String> out) throws Exception {
            name.update(customer.f1);
            for (Integer id : waiting.get()) {
                out.collect("order " + id + " for " + customer.f1);
            }
            waiting.clear();
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) throws Exception {
            for (Integer id : waiting.get()) {
                ctx.output(UNMATCHED, id);
            }
            waiting.clear();
        }
    }

    @Test
    void keyedCoProcessFunction() throws Exception {
        KeyedTwoInputStreamOperatorTestHarness<String, Tuple2<Integer, String>, Tuple2<String, String>, String> h =
                ProcessFunctionTestHarnesses.forKeyedCoProcessFunction(new OrderEnrichment(), o -> o.f1, c -> c.f0,
                        Types.STRING);
        h.processElement1(Tuple2.of(1, "alice"), 1_000);
        h.processElement1(Tuple2.of(2, "bob"), 1_500);
        h.processElement2(Tuple2.of("alice", "Alice A."), 2_000);
        h.processElement1(Tuple2.of(3, "alice"), 3_000);
        h.processWatermark1(new Watermark(7_000));
        assertThat(h.getSideOutput(OrderEnrichment.UNMATCHED)).isNull();
        h.processWatermark2(new Watermark(6_800));

        assertThat(h.getOutput()).containsExactly(
                new StreamRecord<>("order 1 for Alice A.", 2_000),
                new StreamRecord<>("order 3 for Alice A.", 3_000),
                new Watermark(6_800));
        assertThat(h.getSideOutput(OrderEnrichment.UNMATCHED)).containsExactly(new StreamRecord<>(2, 6_500));
        h.close();
    }

    /**
     * Readings (sensor, value) checked against limits broadcast as (sensor, limit): a reading above its
     * sensor's limit is an alert; a reading of a sensor without a limit yet goes to a side output.
     */
    static class ThresholdAlerts
            extends BroadcastProcessFunction<Tuple2<String, Integer>, Tuple2<String, Integer>, String> {
        static final MapStateDescriptor<String, Integer> LIMITS =
                new MapStateDescriptor<>("limits", Types.STRING, Types.INT);
        static final OutputTag<String> NO_LIMIT = new OutputTag<String>("no-limit") {};

        @Override
        public void processElement(Tuple2<String, Integer> reading, ReadOnlyContext ctx, Collector<String> out)
                throws Exception {
            Integer limit = ctx.getBroadcastState(LIMITS).get(reading.f0);
            if (limit == null) {
                ctx.output(NO_LIMIT, reading.f0);
            } else if (reading.f1 > limit) {
                out.collect(reading.f0 + " " + reading.f1 + " > " + limit);
            }
        }

        @Override
        public void processBroadcastElement(Tuple2<String, Integer> rule, Context ctx, Collector<String> out)
                throws Exception {
            ctx.getBroadcastState(LIMITS).put(rule.f0, rule.f1);
        }
    }

    @Test
    void broadcastProcessFunction() throws Exception {
        BroadcastOperatorTestHarness<Tuple2<String, Integer>, Tuple2<String, Integer>, String> h =
                ProcessFunctionTestHarnesses.forBroadcastProcessFunction(new ThresholdAlerts(), ThresholdAlerts.LIMITS);
        h.processElement(Tuple2.of("t1", 50), 1_000);
        h.processBroadcastElement(Tuple2.of("t1", 40), 1_500);
        h.processElement(Tuple2.of("t1", 45), 2_000);
        h.processElement(Tuple2.of("t1", 30), 2_500);
        h.processBroadcastElement(Tuple2.of("t1", 50), 3_000);
        h.processElement(Tuple2.of("t1", 45), 3_500);
        h.processWatermark(5_000);
        h.processBroadcastWatermark(4_000);

        assertThat(h.getOutput()).containsExactly(new StreamRecord<>("t1 45 > 40", 2_000), new Watermark(4_000));
        assertThat(h.getSideOutput(ThresholdAlerts.NO_LIMIT)).containsExactly(new StreamRecord<>("t1", 1_000));
        assertThat(h.getBroadcastState(ThresholdAlerts.LIMITS).get("t1")).isEqualTo(50);
        h.close();
    }

    /**
     * Counts each user's clicks (user, page) and alerts when a count passes the limit broadcast as
     * ("clicks", n); a broadcast ("reset", 0) clears every user's count.
     */
    static class ClickLimits
            extends KeyedBroadcastProcessFunction<String, Tuple2<String, String>, Tuple2<String, Integer>, String> {
        static final MapStateDescriptor<String, Integer> LIMITS =
                new MapStateDescriptor<>("limits", Types.STRING, Types.INT);
        static final ValueStateDescriptor<Integer> COUNT = new ValueStateDescriptor<>("count", Types.INT);

        @Override
        public void processElement(Tuple2<String, String> click, ReadOnlyContext ctx, Collector<String> out)
                throws Exception {
            ValueState<Integer> count = getRuntimeContext().getState(COUNT);
            int n = count.value() == null ? 1 : count.value() + 1;
            count.update(n);
            Integer limit = ctx.getBroadcastState(LIMITS).get("clicks");
            if (limit != null && n > limit) {
                out.collect(click.f0 + " over " + limit + " with " + n);
            }
        }

        @Override
        public void processBroadcastElement(Tuple2<String, Integer> rule, Context ctx, Collector<String> out)
                throws Exception {
            if (rule.f0.equals("reset")) {
                ctx.applyToKeyedState(COUNT, (user, state) -> state.clear());
            } else {
                ctx.getBroadcastState(LIMITS).put(rule.f0, rule.f1);
            }
        }
    }

    @Test
    void keyedBroadcastProcessFunction() throws Exception {
        KeyedBroadcastOperatorTestHarness<String, Tuple2<String, String>, Tuple2<String, Integer>, String> h =
                ProcessFunctionTestHarnesses.forKeyedBroadcastProcessFunction(new ClickLimits(), c -> c.f0, Types.STRING,
                        ClickLimits.LIMITS);
        h.processBroadcastElement(Tuple2.of("clicks", 2), 0);
        h.processElement(Tuple2.of("ann", "/a"), 1);
        h.processElement(Tuple2.of("ann", "/b"), 2);
        h.processElement(Tuple2.of("bob", "/a"), 3);
        h.processElement(Tuple2.of("ann", "/c"), 4);
        h.processBroadcastElement(Tuple2.of("reset", 0), 5);
        h.processElement(Tuple2.of("ann", "/d"), 6);
        h.processElement(Tuple2.of("bob", "/b"), 7);
        h.processElement(Tuple2.of("bob", "/c"), 8);
        h.processElement(Tuple2.of("bob", "/d"), 9);

        assertThat(h.extractOutputStreamRecords()).containsExactly(
                new StreamRecord<>("ann over 2 with 3", 4), new StreamRecord<>("bob over 2 with 3", 9));
        assertThat(h.getBroadcastState(ClickLimits.LIMITS).get("clicks")).isEqualTo(2);
        h.close();
    }

    static final OutputTag<Tuple2<String, Integer>> TOO_LATE = new OutputTag<Tuple2<String, Integer>>("too-late") {};

    @Test
    @SuppressWarnings("unchecked")
    void windowedOperatorInTheKeyedHarness() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        SingleOutputStreamOperator<Tuple2<String, Integer>> sums = env.fromData(Tuple2.of("x", 0))
                .keyBy(t -> t.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .allowedLateness(Duration.ofSeconds(5))
                .sideOutputLateData(TOO_LATE)
                .reduce((a, b) -> Tuple2.of(a.f0, a.f1 + b.f1));
        OneInputTransformation<Tuple2<String, Integer>, Tuple2<String, Integer>> window =
                (OneInputTransformation<Tuple2<String, Integer>, Tuple2<String, Integer>>) sums.getTransformation();
        KeyedOneInputStreamOperatorTestHarness<String, Tuple2<String, Integer>, Tuple2<String, Integer>> h =
                new KeyedOneInputStreamOperatorTestHarness<>(window.getOperator(),
                        (KeySelector<Tuple2<String, Integer>, String>) window.getStateKeySelector(), Types.STRING);
        h.open();

        h.processElement(Tuple2.of("a", 1), 1_000);
        h.processElement(Tuple2.of("b", 2), 3_000);
        h.processElement(Tuple2.of("a", 3), 9_000);
        h.processElement(Tuple2.of("a", 4), 12_000);
        h.processWatermark(9_999);
        assertThat(drain(h)).containsExactlyInAnyOrder(
                new StreamRecord<>(Tuple2.of("a", 4), 9_999),
                new StreamRecord<>(Tuple2.of("b", 2), 9_999),
                new Watermark(9_999));

        h.processElement(Tuple2.of("a", 5), 8_000); // late, within the allowed lateness: the window fires again
        h.processWatermark(15_000);
        h.processElement(Tuple2.of("a", 6), 2_000); // behind the lateness: the side output
        h.processWatermark(20_000);
        assertThat(drain(h)).containsExactly(
                new StreamRecord<>(Tuple2.of("a", 9), 9_999),
                new Watermark(15_000),
                new StreamRecord<>(Tuple2.of("a", 4), 19_999),
                new Watermark(20_000));
        assertThat(h.getSideOutput(TOO_LATE)).containsExactly(new StreamRecord<>(Tuple2.of("a", 6), 2_000));
        h.close();
    }

    private static List<Object> drain(AbstractStreamOperatorTestHarness<?> h) {
        List<Object> out = new ArrayList<>(h.getOutput());
        h.getOutput().clear();
        return out;
    }
}
