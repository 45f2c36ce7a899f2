package io.tidemark.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.common.state.MapState;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.api.java.tuple.Tuple2;
import io.tidemark.streaming.api.datastream.BroadcastStream;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.co.CoFlatMapFunction;
import io.tidemark.streaming.api.functions.co.CoMapFunction;
import io.tidemark.streaming.api.functions.co.CoProcessFunction;
import io.tidemark.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import io.tidemark.streaming.api.functions.co.KeyedCoProcessFunction;
import io.tidemark.testutils.CollectSink;
import io.tidemark.testutils.ScriptedSource;
import io.tidemark.util.Collector;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** union, connect with co-functions, and broadcast state on the embedded engine. */
class ConnectAndUnionTest {

    private static List<Integer> range(int from, int to) {
        List<Integer> l = new ArrayList<>();
        for (int i = from; i < to; i++) {
            l.add(i);
        }
        return l;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void unionDeliversEveryRecordOfEveryStreamOnce(int parallelism) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(parallelism);
        DataStream<Integer> a = env.fromCollection(range(0, 100));
        DataStream<Integer> b = env.fromCollection(range(100, 150));
        DataStream<Integer> c = env.fromCollection(range(150, 160)).map(x -> x).setParallelism(parallelism);
        CollectSink<Integer> sink = new CollectSink<>();
        a.union(b, c, a).map(x -> x * 1).addSink(sink);
        env.execute();
        List<Integer> expected = new ArrayList<>(range(0, 160));
        expected.addAll(range(0, 100)); // a unioned with itself: twice
        assertThat(sink.values()).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void unionOfKeyedStreamsKeepsEachSidesPartitioning() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
        CollectSink<String> sink = new CollectSink<>();
        DataStream<Integer> a = env.fromCollection(range(0, 40));
        DataStream<Integer> b = env.fromCollection(range(40, 80));
        a.keyBy(x -> x % 4).union(b.keyBy(x -> x % 4)).process(new WhereKeyed()).addSink(sink);
        env.execute();
        // every key is processed by exactly one subtask
        assertThat(sink.values()).hasSize(80);
        assertThat(sink.values().stream().distinct().map(s -> s.split("@")[0]).distinct().count()).isEqualTo(4);
        assertThat(sink.values().stream().distinct().count()).isEqualTo(4);
    }

    static final class WhereKeyed extends io.tidemark.streaming.api.functions.ProcessFunction<Integer, String> {
        @Override
        public void processElement(Integer value, Context ctx, Collector<String> out) {
            out.collect((value % 4) + "@" + getRuntimeContext().getTaskInfo().getIndexOfThisSubtask());
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

    static final class TensAndTwice implements CoFlatMapFunction<Integer, String, String> {
        @Override
        public void flatMap1(Integer value, Collector<String> out) {
            if (value % 10 == 0) {
                out.collect("n" + value);
            }
        }

        @Override
        public void flatMap2(String value, Collector<String> out) {
            out.collect(value);
            out.collect(value);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void coMapAndCoFlatMapSeeBothInputs(int parallelism) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(parallelism);
        DataStream<Integer> numbers = env.fromCollection(range(0, 50));
        DataStream<String> words = env.fromData("a", "b", "c");
        CollectSink<String> mapped = new CollectSink<>();
        CollectSink<String> flat = new CollectSink<>();
        numbers.connect(words).map(new Prefix()).addSink(mapped);
        numbers.connect(words).flatMap(new TensAndTwice()).addSink(flat);
        env.execute();
        List<String> expected = new ArrayList<>();
        range(0, 50).forEach(i -> expected.add("n" + i));
        expected.addAll(List.of("wa", "wb", "wc"));
        assertThat(mapped.values()).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(flat.values()).containsExactlyInAnyOrder("n0", "n10", "n20", "n30", "n40", "a", "a", "b", "b", "c", "c");
    }

    /** Orders (input 1) joined with the price of their item (input 2) when the watermark passes the order. */
    static final class PriceJoin extends KeyedCoProcessFunction<String, Tuple2<String, Long>, Tuple2<String, Integer>, String> {
        private transient ValueState<Integer> price;
        private transient MapState<Long, Long> pending;

        @Override
        public void open(io.tidemark.api.common.functions.OpenContext ctx) {
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
            out.collect(ctx.getCurrentKey() + " order " + pending.get(timestamp) + " @" + timestamp + " at price " + price.value());
            pending.remove(timestamp);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void keyedCoProcessSharesStateAndFiresTimersAtTheMinimumOfBothWatermarks(int parallelism) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(parallelism);
        ScriptedSource<Tuple2<String, Long>> orders = new ScriptedSource<Tuple2<String, Long>>()
                .record(Tuple2.of("apple", 1L), 10).record(Tuple2.of("pear", 2L), 20).watermark(20)
                .record(Tuple2.of("apple", 3L), 30).watermark(30);
        ScriptedSource<Tuple2<String, Integer>> prices = new ScriptedSource<Tuple2<String, Integer>>()
                .record(Tuple2.of("apple", 5), 5).record(Tuple2.of("pear", 7), 5).watermark(9)
                .record(Tuple2.of("apple", 6), 25).watermark(25);
        CollectSink<String> sink = new CollectSink<>();
        env.addSource(orders).connect(env.addSource(prices)).keyBy(o -> o.f0, p -> p.f0).process(new PriceJoin())
                .addSink(sink);
        env.execute();
        // the orders' watermark reaches 20 and 30 early, but the order at 10 waits for the prices' watermark
        // to pass it, which goes from 9 to 25: after the price 6 of apples (timestamp 25) came in
        assertThat(sink.values()).containsExactlyInAnyOrder(
                "apple order 1 @10 at price 6",
                "pear order 2 @20 at price 7",
                "apple order 3 @30 at price 6");
    }

    @Test
    void anIdleInputDoesNotHoldTheOtherBack() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        CountDownLatch fired = new CountDownLatch(1);
        ScriptedSource<Tuple2<String, Long>> orders = new ScriptedSource<Tuple2<String, Long>>()
                .record(Tuple2.of("apple", 1L), 10).watermark(20);
        ScriptedSource<Tuple2<String, Integer>> prices = new ScriptedSource<Tuple2<String, Integer>>()
                .idle().step(() -> await(fired)).record(Tuple2.of("apple", 9), 100);
        CollectSink<String> sink = new CollectSink<String>();
        env.addSource(orders).connect(env.addSource(prices)).keyBy(o -> o.f0, p -> p.f0).process(new PriceJoin())
                .map(s -> {
                    fired.countDown();
                    return s;
                }).addSink(sink);
        env.execute();
        // the timer fired at watermark 20 of the orders while the prices were idle (before the price came)
        assertThat(sink.values()).containsExactly("apple order 1 @10 at price null");
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Counts per key; a broadcast threshold decides what is reported; a broadcast "reset" clears every key. */
    static final class Thresholds extends KeyedBroadcastProcessFunction<String, String, String, String> {
        static final MapStateDescriptor<String, Integer> RULES = new MapStateDescriptor<>("rules", String.class, Integer.class);
        static final ValueStateDescriptor<Integer> COUNT = new ValueStateDescriptor<>("count", Integer.class);

        @Override
        public void processElement(String value, ReadOnlyContext ctx, Collector<String> out) throws Exception {
            ValueState<Integer> count = getRuntimeContext().getState(COUNT);
            int n = count.value() == null ? 1 : count.value() + 1;
            count.update(n);
            Integer threshold = ctx.getBroadcastState(RULES).get("threshold");
            if (threshold != null && n >= threshold) {
                out.collect(ctx.getCurrentKey() + "=" + n);
            }
        }

        @Override
        public void processBroadcastElement(String rule, Context ctx, Collector<String> out) throws Exception {
            if (rule.equals("reset")) {
                ctx.applyToKeyedState(COUNT, (key, state) -> {
                    out.collect("reset " + key + " from " + state.value());
                    state.clear();
                });
            } else {
                ctx.getBroadcastState(RULES).put("threshold", Integer.parseInt(rule));
                out.collect("threshold " + rule);
            }
        }
    }

    private static volatile CountDownLatch rulesApplied;
    private static volatile CountDownLatch countsDone;

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void keyedBroadcastStateIsWrittenByTheBroadcastSideAndAppliedToEveryKey(int parallelism) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(parallelism);
        rulesApplied = new CountDownLatch(parallelism);
        countsDone = new CountDownLatch(1);
        ScriptedSource<String> rules = new ScriptedSource<String>().record("2").step(() -> await(countsDone)).record("reset");
        ScriptedSource<String> words = new ScriptedSource<String>().step(() -> await(rulesApplied))
                .record("a").record("b").record("a").record("a");
        BroadcastStream<String> broadcast = env.addSource(rules).broadcast(Thresholds.RULES);
        CollectSink<String> sink = new CollectSink<>();
        env.addSource(words).keyBy(w -> w).connect(broadcast).process(new Thresholds())
                .map(s -> {
                    if (s.equals("threshold 2")) {
                        rulesApplied.countDown(); // once per subtask: the words may come
                    } else if (s.equals("a=3")) {
                        countsDone.countDown(); // the reset may come
                    }
                    return s;
                }).addSink(sink);
        env.execute();
        List<String> expected = new ArrayList<>(List.of("a=2", "a=3", "reset a from 3", "reset b from 1"));
        for (int i = 0; i < parallelism; i++) {
            expected.add("threshold 2");
        }
        assertThat(sink.values()).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void aKeyedCoProcessFunctionNeedsTwoKeyedStreams() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        DataStream<Integer> a = env.fromData(1);
        assertThatThrownBy(() -> a.connect(a).process(new KeyedCoProcessFunction<Object, Integer, Integer, Integer>() {
            @Override
            public void processElement1(Integer value, Context ctx, Collector<Integer> out) {}

            @Override
            public void processElement2(Integer value, Context ctx, Collector<Integer> out) {}
        })).isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("both input streams");
    }

    @Test
    void timersOfANonKeyedCoProcessFunctionFailTheJob() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        DataStream<Integer> a = env.fromData(1);
        a.connect(a).process(new CoProcessFunction<Integer, Integer, Integer>() {
            @Override
            public void processElement1(Integer value, Context ctx, Collector<Integer> out) {
                ctx.timerService().registerEventTimeTimer(1);
            }

            @Override
            public void processElement2(Integer value, Context ctx, Collector<Integer> out) {}
        }).addSink(new CollectSink<>());
        assertThatThrownBy(env::execute).hasStackTraceContaining("keyed stream").hasMessageContaining("Co-Process");
    }
}
