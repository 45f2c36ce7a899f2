package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.functions.OpenContext;
import io.tidemark.api.common.state.MapState;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.api.java.tuple.Tuple2;
import io.tidemark.streaming.api.datastream.BroadcastStream;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.co.BroadcastProcessFunction;
import io.tidemark.streaming.api.functions.co.CoFlatMapFunction;
import io.tidemark.streaming.api.functions.co.CoMapFunction;
import io.tidemark.streaming.api.functions.co.CoProcessFunction;
import io.tidemark.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import io.tidemark.streaming.api.functions.co.KeyedCoProcessFunction;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Differential tests of union, connect and broadcast state: each pipeline runs on the embedded engine
 * and on Flink 2.3, and the sinks must receive the same records (as multisets: the interleaving of two
 * inputs is not defined) — and the expected ones.
 */
class TwoInputBothEnginesTest {

    @SuppressWarnings("unchecked")
    private static <T> List<T> sorted(Object list) {
        List<T> l = new ArrayList<>((List<T>) list);
        l.sort((a, b) -> a.toString().compareTo(b.toString()));
        return l;
    }

    private static void assertSame(BothEngines.Results r, String sink, List<?> expected) {
        assertThat(sorted(r.flink().get(sink))).as("flink").isEqualTo(sorted(expected));
        assertThat(sorted(r.tidemark().get(sink))).as("tidemark").isEqualTo(sorted(r.flink().get(sink)));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void unionOfThreeStreamsAndOfAStreamWithItself(int parallelism) throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.setParallelism(parallelism);
            DataStream<Integer> a = env.fromData(1, 2, 3);
            DataStream<Integer> b = env.fromData(10, 20);
            DataStream<Integer> c = env.fromData(100).map(new Times(1));
            a.union(b, c, a).map(new Times(2)).addSink(sinks.sink("out"));
        });
        assertSame(r, "out", List.of(2, 4, 6, 20, 40, 200, 2, 4, 6));
    }

    static final class Times implements io.tidemark.api.common.functions.MapFunction<Integer, Integer> {
        private final int factor;

        Times(int factor) {
            this.factor = factor;
        }

        @Override
        public Integer map(Integer value) {
            return value * factor;
        }
    }

    static final class Prefix implements CoMapFunction<Integer, String, String> {
        @Override
        public String map1(Integer value) {
            return "n" + value;
        }

        @Override
        public String map2(String value) {
            return "w" + value;
        }
    }

    static final class Split implements CoFlatMapFunction<String, Integer, String> {
        @Override
        public void flatMap1(String value, Collector<String> out) {
            for (String s : value.split(" ")) {
                out.collect(s);
            }
        }

        @Override
        public void flatMap2(Integer value, Collector<String> out) {
            for (int i = 0; i < value; i++) {
                out.collect("#" + value);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void coMapAndCoFlatMap(int parallelism) throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.setParallelism(parallelism);
            DataStream<Integer> numbers = env.fromData(1, 2, 3);
            DataStream<String> words = env.fromData("to be", "or not");
            numbers.connect(words).map(new Prefix()).addSink(sinks.sink("map"));
            words.connect(numbers).flatMap(new Split()).addSink(sinks.sink("flatMap"));
        });
        assertSame(r, "map", List.of("n1", "n2", "n3", "wto be", "wor not"));
        assertSame(r, "flatMap", List.of("to", "be", "or", "not", "#1", "#2", "#2", "#3", "#3", "#3"));
    }

    /** Orders joined with their item's price when the watermark (the minimum of both inputs') passes them. */
    static final class PriceJoin extends KeyedCoProcessFunction<String, Tuple2<String, Long>, Tuple2<String, Integer>, String> {
        static final OutputTag<String> CHEAP = new OutputTag<>("cheap") {};
        private transient ValueState<Integer> price;
        private transient MapState<Long, Long> pending;

        @Override
        public void open(OpenContext ctx) {
            price = getRuntimeContext().getState(new ValueStateDescriptor<>("price", Integer.class));
            pending = getRuntimeContext().getMapState(new MapStateDescriptor<>("pending", Long.class, Long.class));
        }

        @Override
        public void processElement1(Tuple2<String, Long> order, Context ctx, Collector<String> out) throws Exception {
            pending.put(ctx.timestamp(), order.f1);
            ctx.timerService().registerEventTimeTimer(ctx.timestamp());
        }

        @Override
        public void processElement2(Tuple2<String, Integer> p, Context ctx, Collector<String> out) throws Exception {
            price.update(p.f1);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) throws Exception {
            Integer p = price.value();
            String line = ctx.getCurrentKey() + " order " + pending.get(timestamp) + " @" + ctx.timestamp() + " at price " + p;
            if (p != null && p < 6) {
                ctx.output(CHEAP, line);
            } else {
                out.collect(line);
            }
            pending.remove(timestamp);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void keyedCoProcessFiresTimersAtTheMinimumOfBothInputsWatermarks(int parallelism) throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.setParallelism(parallelism);
            Script<Tuple2<String, Long>> orders = new Script<Tuple2<String, Long>>()
                    .record(Tuple2.of("apple", 1L), 10).record(Tuple2.of("pear", 2L), 20).watermark(20)
                    .record(Tuple2.of("apple", 3L), 30).watermark(30);
            Script<Tuple2<String, Integer>> prices = new Script<Tuple2<String, Integer>>()
                    .record(Tuple2.of("apple", 5), 5).record(Tuple2.of("pear", 4), 5).watermark(9)
                    .record(Tuple2.of("apple", 6), 25).watermark(25);
            var joined = env.addSource(orders).connect(env.addSource(prices)).keyBy(o -> o.f0, p -> p.f0)
                    .process(new PriceJoin());
            joined.addSink(sinks.sink("out"));
            joined.getSideOutput(PriceJoin.CHEAP).addSink(sinks.sink("cheap"));
        });
        // the order at 10 waits for the prices' watermark to pass 10 (it jumps from 9 to 25): after apple's 6
        assertSame(r, "out", List.of("apple order 1 @10 at price 6", "apple order 3 @30 at price 6"));
        assertSame(r, "cheap", List.of("pear order 2 @20 at price 4"));
    }

    /** A co-process function on keyed connected streams: keyed state and timers work there too. */
    static final class CountBoth extends CoProcessFunction<String, String, String> {
        private transient ValueState<Integer> count;

        @Override
        public void open(OpenContext ctx) {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Integer.class));
        }

        private void add(Context ctx) throws Exception {
            count.update(count.value() == null ? 1 : count.value() + 1);
            ctx.timerService().registerEventTimeTimer(100);
        }

        @Override
        public void processElement1(String value, Context ctx, Collector<String> out) throws Exception {
            add(ctx);
        }

        @Override
        public void processElement2(String value, Context ctx, Collector<String> out) throws Exception {
            add(ctx);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) throws Exception {
            out.collect(ctx.timeDomain() + " " + timestamp + " count " + count.value());
        }
    }

    @Test
    void coProcessOnKeyedStreamsHasKeyedStateAndTimers() throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.setParallelism(2);
            Script<String> a = new Script<String>().record("x", 1).record("y", 2).record("x", 3);
            Script<String> b = new Script<String>().record("x", 4).record("z", 5);
            env.addSource(a).connect(env.addSource(b)).keyBy(s -> s, s -> s).process(new CountBoth())
                    .addSink(sinks.sink("out"));
        });
        assertSame(r, "out", List.of("EVENT_TIME 100 count 3", "EVENT_TIME 100 count 1", "EVENT_TIME 100 count 1"));
    }

    @Test
    void anIdleInputDoesNotHoldTheOtherBack() throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            String fired = Script.latch(1);
            Script<Tuple2<String, Long>> orders = new Script<Tuple2<String, Long>>()
                    .record(Tuple2.of("apple", 1L), 10).watermark(20);
            Script<Tuple2<String, Integer>> prices = new Script<Tuple2<String, Integer>>()
                    .idle().await(fired).record(Tuple2.of("apple", 9), 100);
            env.addSource(orders).connect(env.addSource(prices)).keyBy(o -> o.f0, p -> p.f0).process(new PriceJoin())
                    .map(new CountDown(fired)).addSink(sinks.sink("out"));
        });
        // fired at the orders' watermark 20 while the prices were idle, before the price came
        assertSame(r, "out", List.of("apple order 1 @10 at price null"));
    }

    static final class CountDown implements io.tidemark.api.common.functions.MapFunction<String, String> {
        private final String latch;
        private final String when;

        CountDown(String latch) {
            this(latch, null);
        }

        CountDown(String latch, String when) {
            this.latch = latch;
            this.when = when;
        }

        @Override
        public String map(String value) {
            if (when == null || value.equals(when)) {
                Script.countDown(latch);
            }
            return value;
        }
    }

    static final MapStateDescriptor<String, Integer> RULES = new MapStateDescriptor<>("rules", String.class, Integer.class);

    /** Words longer than the broadcast limit are reported; the limit comes from the broadcast stream. */
    static final class Limit extends BroadcastProcessFunction<String, Integer, String> {
        @Override
        public void processElement(String value, ReadOnlyContext ctx, Collector<String> out) throws Exception {
            Integer limit = ctx.getBroadcastState(RULES).get("limit");
            if (limit != null && value.length() > limit) {
                out.collect(value + " > " + limit);
            }
        }

        @Override
        public void processBroadcastElement(Integer value, Context ctx, Collector<String> out) throws Exception {
            ctx.getBroadcastState(RULES).put("limit", value);
            out.collect("limit " + value);
        }
    }

    /** Counts per key above a broadcast threshold; a broadcast 0 resets every key's count. */
    static final class Thresholds extends KeyedBroadcastProcessFunction<String, String, Integer, String> {
        static final ValueStateDescriptor<Integer> COUNT = new ValueStateDescriptor<>("count", Integer.class);

        @Override
        public void processElement(String value, ReadOnlyContext ctx, Collector<String> out) throws Exception {
            ValueState<Integer> count = getRuntimeContext().getState(COUNT);
            int n = count.value() == null ? 1 : count.value() + 1;
            count.update(n);
            Integer threshold = ctx.getBroadcastState(RULES).get("limit");
            if (threshold != null && n >= threshold) {
                out.collect(ctx.getCurrentKey() + "=" + n);
            }
        }

        @Override
        public void processBroadcastElement(Integer rule, Context ctx, Collector<String> out) throws Exception {
            if (rule == 0) {
                ctx.applyToKeyedState(COUNT, (key, state) -> {
                    out.collect("reset " + key + " from " + state.value());
                    state.clear();
                });
                List<String> entries = new ArrayList<>();
                for (Map.Entry<String, Integer> e : ctx.getBroadcastState(RULES).immutableEntries()) {
                    entries.add(e.getKey() + ":" + e.getValue());
                }
                out.collect("rules " + entries);
            } else {
                ctx.getBroadcastState(RULES).put("limit", rule);
                out.collect("limit " + rule);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void broadcastStateWrittenByTheBroadcastSideReadByTheOther(int parallelism) throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.setParallelism(parallelism);
            String limitSet = Script.latch(parallelism);
            BroadcastStream<Integer> rules = env.addSource(new Script<Integer>().record(3, 0)).broadcast(RULES);
            Script<String> words = new Script<String>().await(limitSet).record("to", 1).record("be", 2)
                    .record("question", 3).record("whether", 4);
            env.addSource(words).rebalance().connect(rules).process(new Limit())
                    .map(new CountDown(limitSet, "limit 3")).addSink(sinks.sink("out"));
        });
        List<String> expected = new ArrayList<>(List.of("question > 3", "whether > 3"));
        for (int i = 0; i < parallelism; i++) {
            expected.add("limit 3");
        }
        assertSame(r, "out", expected);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void keyedBroadcastStateAndApplyToKeyedState(int parallelism) throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.setParallelism(parallelism);
            String limitSet = Script.latch(parallelism);
            // the reset waits until both keys' last records were counted: a key's records and the rules
            // reach its subtask over different channels, so nothing else orders them
            String counted = Script.latch(2);
            BroadcastStream<Integer> rules = env.addSource(new Script<Integer>().record(2, 0).await(counted).record(0, 1))
                    .broadcast(RULES);
            Script<String> words = new Script<String>().await(limitSet).record("a", 1).record("b", 2).record("a", 3)
                    .record("b", 4).record("a", 5);
            env.addSource(words).keyBy(w -> w).connect(rules).process(new Thresholds())
                    .map(new CountDown(limitSet, "limit 2")).map(new CountDown(counted, "a=3"))
                    .map(new CountDown(counted, "b=2")).addSink(sinks.sink("out"));
        });
        List<String> expected = new ArrayList<>(List.of("a=2", "a=3", "b=2", "reset a from 3", "reset b from 2"));
        for (int i = 0; i < parallelism; i++) {
            expected.add("limit 2");
            expected.add("rules [limit:2]");
        }
        // on each subtask only its keys are reset: the resets together cover every key once
        assertSame(r, "out", expected);
    }
}
