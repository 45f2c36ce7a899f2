package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.java.tuple.Tuple2;
import io.tidemark.api.java.tuple.Tuple3;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.functions.windowing.AllWindowFunction;
import io.tidemark.streaming.api.functions.windowing.ProcessAllWindowFunction;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.GlobalWindows;
import io.tidemark.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.evictors.CountEvictor;
import io.tidemark.streaming.api.windowing.evictors.DeltaEvictor;
import io.tidemark.streaming.api.windowing.evictors.Evictor;
import io.tidemark.streaming.api.windowing.evictors.TimeEvictor;
import io.tidemark.streaming.api.windowing.triggers.CountTrigger;
import io.tidemark.streaming.api.windowing.triggers.DeltaTrigger;
import io.tidemark.streaming.api.windowing.windows.GlobalWindow;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.streaming.api.windowing.windows.Window;
import io.tidemark.streaming.runtime.operators.windowing.TimestampedValue;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Differential tests of count windows, non-keyed windows and evictors: each pipeline runs on the
 * embedded engine and on Flink 2.3 (the runner translates it to Flink's countWindow-equivalent
 * assigner/trigger/evictor and to Flink's own evictors), and the sinks must receive the same records —
 * in the same order where one subtask produces them in a defined order.
 */
class CountAllEvictingWindowsBothEnginesTest {

    @SuppressWarnings("unchecked")
    private static List<String> sorted(Object list) {
        List<String> l = new ArrayList<>();
        for (Object o : (List<Object>) list) {
            l.add(String.valueOf(o));
        }
        l.sort(null);
        return l;
    }

    private static void assertSameSet(BothEngines.Results r, String sink) {
        assertThat(sorted(r.tidemark().get(sink))).as(sink).isEqualTo(sorted(r.flink().get(sink))).isNotEmpty();
    }

    @SuppressWarnings("unchecked")
    private static void assertSameOrder(BothEngines.Results r, String sink) {
        assertThat(((List<Object>) r.tidemark().get(sink))).map(String::valueOf).as(sink)
                .isEqualTo(((List<Object>) r.flink().get(sink)).stream().map(String::valueOf).toList()).isNotEmpty();
    }

    /** Words (a key and 1) from one source, so each key's order is defined. */
    private static DataStream<Tuple2<String, Integer>> words(io.tidemark.streaming.api.environment.StreamExecutionEnvironment env) {
        Script<Tuple2<String, Integer>> s = new Script<>();
        String text = "a b a c a b a a c b b a c a a b c c a b";
        long t = 0;
        for (String w : text.split(" ")) {
            s.record(Tuple2.of(w, 1), t += 100);
        }
        return env.addSource(s.watermark(Long.MAX_VALUE));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void keyedCountWindowsTumblingAndSliding(int parallelism) throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.setParallelism(parallelism);
            words(env).keyBy(w -> w.f0).countWindow(3).sum(1).addSink(sinks.sink("tumbling"));
            words(env).keyBy(w -> w.f0).countWindow(4, 2).sum(1).addSink(sinks.sink("sliding"));
            words(env).keyBy(w -> w.f0).countWindow(2, 3).reduce((a, b) -> Tuple2.of(a.f0 + b.f0, a.f1 + b.f1))
                    .addSink(sinks.sink("gapped"));
        });
        assertSameSet(r, "tumbling");
        assertSameSet(r, "sliding");
        assertSameSet(r, "gapped");
        assertThat(sorted(r.tidemark().get("tumbling"))).containsExactly("(a,3)", "(a,3)", "(a,3)", "(b,3)", "(b,3)", "(c,3)");
    }

    static final class Sizes implements AllWindowFunction<Tuple2<String, Integer>, String, GlobalWindow> {
        @Override
        public void apply(GlobalWindow window, Iterable<Tuple2<String, Integer>> values, Collector<String> out) {
            StringBuilder b = new StringBuilder();
            for (Tuple2<String, Integer> v : values) {
                b.append(v.f0);
            }
            out.collect(b.toString());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void countWindowAllRunsOnOneSubtaskInOrder(int parallelism) throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.setParallelism(parallelism);
            SingleOutputStreamOperator<String> tumbling = words(env).countWindowAll(4).apply(new Sizes());
            tumbling.addSink(sinks.sink("tumbling")).setParallelism(1);
            words(env).countWindowAll(5, 3).apply(new Sizes()).addSink(sinks.sink("sliding")).setParallelism(1);
            words(env).countWindowAll(3).maxBy(0).addSink(sinks.sink("maxBy")).setParallelism(1);
        });
        assertSameOrder(r, "tumbling");
        assertSameOrder(r, "sliding");
        assertSameOrder(r, "maxBy");
        assertThat((List<?>) r.tidemark().get("tumbling")).map(String::valueOf)
                .containsExactly("abac", "abaa", "cbba", "caab", "ccab");
    }

    static final OutputTag<Tuple3<String, Long, Integer>> LATE = new OutputTag<>("late") {};

    static final class Describe extends ProcessAllWindowFunction<Tuple3<String, Long, Integer>, String, TimeWindow> {
        @Override
        public void process(Context ctx, Iterable<Tuple3<String, Long, Integer>> elements, Collector<String> out) {
            int sum = 0;
            for (Tuple3<String, Long, Integer> e : elements) {
                sum += e.f2;
            }
            out.collect(ctx.window() + " " + ctx.firing().timing() + "#" + ctx.firing().index() + " sum " + sum);
        }
    }

    static final class SumAgg implements AggregateFunction<Tuple3<String, Long, Integer>, Integer, Integer> {
        @Override
        public Integer createAccumulator() {
            return 0;
        }

        @Override
        public Integer add(Tuple3<String, Long, Integer> value, Integer acc) {
            return acc + value.f2;
        }

        @Override
        public Integer getResult(Integer acc) {
            return acc;
        }

        @Override
        public Integer merge(Integer a, Integer b) {
            return a + b;
        }
    }

    static final class WithWindow implements AllWindowFunction<Integer, String, TimeWindow> {
        @Override
        public void apply(TimeWindow window, Iterable<Integer> values, Collector<String> out) {
            out.collect(window.getStart() + ":" + values.iterator().next());
        }
    }

    private static Script<Tuple3<String, Long, Integer>> events() {
        return new Script<Tuple3<String, Long, Integer>>()
                .record(Tuple3.of("x", 1000L, 1), 1000).record(Tuple3.of("y", 4000L, 2), 4000)
                .record(Tuple3.of("x", 9000L, 3), 9000).watermark(9999)
                .record(Tuple3.of("y", 5000L, 4), 5000) // within the lateness: [0, 10s) again
                .record(Tuple3.of("x", 12000L, 5), 12000).watermark(12000)
                .record(Tuple3.of("z", 6000L, 6), 6000) // [0, 10s) is gone (cleanup at 11999): late
                .record(Tuple3.of("z", 15000L, 7), 15000).watermark(Long.MAX_VALUE);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void windowAllWithLatenessLateOutputAndEveryKindOfFunction(int parallelism) throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.setParallelism(parallelism);
            DataStream<Tuple3<String, Long, Integer>> events = env.addSource(events());
            SingleOutputStreamOperator<String> described = events
                    .windowAll(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                    .allowedLateness(Duration.ofSeconds(2))
                    .sideOutputLateData(LATE)
                    .process(new Describe());
            described.addSink(sinks.sink("process")).setParallelism(1);
            described.getSideOutput(LATE).addSink(sinks.sink("late")).setParallelism(1);
            events.windowAll(SlidingEventTimeWindows.of(Duration.ofSeconds(10), Duration.ofSeconds(5)))
                    .aggregate(new SumAgg(), new WithWindow()).addSink(sinks.sink("aggregate")).setParallelism(1);
            events.windowAll(TumblingEventTimeWindows.of(Duration.ofSeconds(10))).sum(2)
                    .addSink(sinks.sink("sum")).setParallelism(1);
        });
        assertSameOrder(r, "process");
        assertSameOrder(r, "late");
        assertSameOrder(r, "aggregate");
        assertSameOrder(r, "sum");
        assertThat((List<?>) r.tidemark().get("process")).map(String::valueOf).containsExactly(
                "TimeWindow{start=0, end=10000} ON_TIME#1 sum 6", "TimeWindow{start=0, end=10000} LATE#2 sum 10",
                "TimeWindow{start=10000, end=20000} ON_TIME#1 sum 12");
    }

    /** Cars: id, speed, distance, time (TopSpeedWindowing's records). */
    private static DataStream<Tuple3<Integer, Integer, Double>> cars(io.tidemark.streaming.api.environment.StreamExecutionEnvironment env) {
        Script<Tuple3<Integer, Integer, Double>> s = new Script<>();
        double[] distance = new double[2];
        int[] speed = {50, 60};
        for (int i = 0; i < 40; i++) {
            int car = i % 2;
            speed[car] = Math.max(0, Math.min(100, speed[car] + ((i * 7) % 3 - 1) * 5));
            distance[car] += speed[car] / 3.6;
            s.record(Tuple3.of(car, speed[car], distance[car]), 1000L * i);
        }
        return env.addSource(s.watermark(Long.MAX_VALUE));
    }

    static final class Distance implements io.tidemark.streaming.api.functions.windowing.delta.DeltaFunction<Tuple3<Integer, Integer, Double>> {
        @Override
        public double getDelta(Tuple3<Integer, Integer, Double> older, Tuple3<Integer, Integer, Double> newer) {
            return newer.f2 - older.f2;
        }
    }

    /** Keeps every other element (a user-defined evictor: runs as is on Flink's elements). */
    static final class EveryOther implements Evictor<Object, Window> {
        @Override
        public void evictBefore(Iterable<TimestampedValue<Object>> elements, int size, Window window, EvictorContext ctx) {
            boolean drop = false;
            for (Iterator<TimestampedValue<Object>> it = elements.iterator(); it.hasNext();) {
                it.next();
                if (drop) {
                    it.remove();
                }
                drop = !drop;
            }
        }

        @Override
        public void evictAfter(Iterable<TimestampedValue<Object>> elements, int size, Window window, EvictorContext ctx) {}
    }

    static final class Listing<W extends Window> extends ProcessWindowFunction<Tuple3<Integer, Integer, Double>, String, Integer, W> {
        @Override
        public void process(Integer key, Context ctx, Iterable<Tuple3<Integer, Integer, Double>> elements, Collector<String> out) {
            StringBuilder b = new StringBuilder(key + ":");
            for (Tuple3<Integer, Integer, Double> e : elements) {
                b.append(' ').append(e.f1);
            }
            out.collect(b.toString());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void evictorsBeforeAndAfterOnGlobalTimeAndSessionWindows(int parallelism) throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.setParallelism(parallelism);
            // TopSpeedWindowing: top speed of the last 10 s at every 50 m of a car
            cars(env).keyBy(c -> c.f0).window(GlobalWindows.create())
                    .evictor(TimeEvictor.of(Duration.ofSeconds(10)))
                    .trigger(DeltaTrigger.of(50, new Distance(), null))
                    .maxBy(1).addSink(sinks.sink("topSpeed"));
            cars(env).keyBy(c -> c.f0).window(GlobalWindows.create())
                    .evictor(DeltaEvictor.of(60, new Distance(), true))
                    .trigger(CountTrigger.of(3)).process(new Listing<>()).addSink(sinks.sink("deltaAfter"));
            cars(env).keyBy(c -> c.f0).window(TumblingEventTimeWindows.of(Duration.ofSeconds(8)))
                    .evictor(CountEvictor.of(2, true)).trigger(CountTrigger.of(3))
                    .process(new Listing<>()).addSink(sinks.sink("countAfter"));
            cars(env).keyBy(c -> c.f0).window(EventTimeSessionWindows.withGap(Duration.ofSeconds(3)))
                    .evictor(new EveryOther()).process(new Listing<>()).addSink(sinks.sink("userEvictorSessions"));
            cars(env).keyBy(c -> c.f0).window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                    .evictor(TimeEvictor.of(Duration.ofSeconds(3), true)).trigger(CountTrigger.of(2))
                    .reduce((a, b) -> Tuple3.of(a.f0, a.f1 + b.f1, b.f2)).addSink(sinks.sink("reduce"));
        });
        for (String sink : List.of("topSpeed", "deltaAfter", "countAfter", "userEvictorSessions", "reduce")) {
            assertSameSet(r, sink);
        }
    }
}
