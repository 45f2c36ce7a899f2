package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.functions.CoGroupFunction;
import io.tidemark.api.common.functions.FlatJoinFunction;
import io.tidemark.api.common.functions.JoinFunction;
import io.tidemark.api.java.tuple.Tuple2;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.co.ProcessJoinFunction;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import io.tidemark.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.evictors.TimeEvictor;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Differential tests of window joins, co-groups and interval joins: each pipeline runs on the embedded
 * engine and on Flink 2.3, and the sinks must receive the same records (as multisets: the order across
 * keys and inputs is not defined) — and the ones worked out by hand from Flink's rules.
 */
class JoinsBothEnginesTest {

    @SuppressWarnings("unchecked")
    private static List<String> sorted(Object list) {
        List<String> l = new ArrayList<>();
        for (Object o : (List<Object>) list) {
            l.add(String.valueOf(o));
        }
        l.sort(null);
        return l;
    }

    private static void assertSame(BothEngines.Results r, String sink, String... expected) {
        List<String> want = new ArrayList<>(List.of(expected));
        want.sort(null);
        assertThat(sorted(r.flink().get(sink))).as("flink " + sink).isEqualTo(want);
        assertThat(sorted(r.tidemark().get(sink))).as("tidemark " + sink).isEqualTo(want);
    }

    /** Orders (user, amount) and clicks (user, page), each from its own source, in time order. */
    private static DataStream<Tuple2<String, Integer>> orders(StreamExecutionEnvironment env) {
        return env.addSource(new Script<Tuple2<String, Integer>>()
                .record(Tuple2.of("ann", 10), 1_000).record(Tuple2.of("bob", 20), 2_000).record(Tuple2.of("ann", 30), 7_000)
                .record(Tuple2.of("ann", 40), 12_000).record(Tuple2.of("cid", 50), 13_000).watermark(Long.MAX_VALUE));
    }

    private static DataStream<Tuple2<String, String>> clicks(StreamExecutionEnvironment env) {
        return env.addSource(new Script<Tuple2<String, String>>()
                .record(Tuple2.of("ann", "home"), 500).record(Tuple2.of("ann", "cart"), 4_000)
                .record(Tuple2.of("bob", "home"), 11_000).record(Tuple2.of("ann", "pay"), 14_000).watermark(Long.MAX_VALUE));
    }

    static final class Pair implements JoinFunction<Tuple2<String, Integer>, Tuple2<String, String>, String> {
        @Override
        public String join(Tuple2<String, Integer> order, Tuple2<String, String> click) {
            return order.f0 + ":" + order.f1 + "/" + click.f1;
        }
    }

    static final class BigOnly implements FlatJoinFunction<Tuple2<String, Integer>, Tuple2<String, String>, String> {
        @Override
        public void join(Tuple2<String, Integer> order, Tuple2<String, String> click, Collector<String> out) {
            if (order.f1 >= 30) {
                out.collect(order.f0 + ":" + order.f1 + "/" + click.f1);
                out.collect("again " + order.f1);
            }
        }
    }

    static final class Sizes implements CoGroupFunction<Tuple2<String, Integer>, Tuple2<String, String>, String> {
        @Override
        public void coGroup(Iterable<Tuple2<String, Integer>> orders, Iterable<Tuple2<String, String>> clicks, Collector<String> out) {
            String user = null;
            int o = 0;
            int c = 0;
            for (Tuple2<String, Integer> t : orders) {
                user = t.f0;
                o++;
            }
            for (Tuple2<String, String> t : clicks) {
                user = t.f0;
                c++;
            }
            out.collect(user + " " + o + "/" + c);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void windowJoinFlatJoinAndCoGroup(int parallelism) throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.setParallelism(parallelism);
            orders(env).join(clicks(env)).where(o -> o.f0).equalTo(c -> c.f0)
                    .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10))).apply(new Pair())
                    .addSink(sinks.sink("tumbling"));
            orders(env).join(clicks(env)).where(o -> o.f0).equalTo(c -> c.f0)
                    .window(SlidingEventTimeWindows.of(Duration.ofSeconds(10), Duration.ofSeconds(5))).apply(new BigOnly())
                    .addSink(sinks.sink("sliding"));
            orders(env).coGroup(clicks(env)).where(o -> o.f0).equalTo(c -> c.f0)
                    .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10))).apply(new Sizes())
                    .addSink(sinks.sink("coGroup"));
            orders(env).join(clicks(env)).where(o -> o.f0).equalTo(c -> c.f0)
                    .window(EventTimeSessionWindows.withGap(Duration.ofSeconds(3))).apply(new Pair())
                    .addSink(sinks.sink("sessions"));
            orders(env).join(clicks(env)).where(o -> o.f0).equalTo(c -> c.f0)
                    .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10))).evictor(TimeEvictor.of(Duration.ofSeconds(5)))
                    .apply(new Pair()).addSink(sinks.sink("evictor"));
        });
        // [0, 10s): ann 10, 30 × home, cart; bob 20 and no click. [10s, 20s): ann 40 × pay; bob click only; cid order only
        assertSame(r, "tumbling", "ann:10/home", "ann:10/cart", "ann:30/home", "ann:30/cart", "ann:40/pay");
        // windows [0, 10s) [5s, 15s) [10s, 20s) (orders under 30 join nothing): ann 30 meets home and cart in
        // [0, 10s) and pay in [5s, 15s); ann 40 meets pay in [5s, 15s) and [10s, 20s)
        assertSame(r, "sliding", "ann:30/home", "again 30", "ann:30/cart", "again 30", "ann:30/pay", "again 30",
                "ann:40/pay", "again 40", "ann:40/pay", "again 40");
        assertSame(r, "coGroup", "ann 2/2", "bob 1/0", "ann 1/1", "bob 0/1", "cid 1/0");
        // ann's sessions (gap 3 s; windows that touch merge): 0.5–10 s (home, 10, cart, 30), 12–17 s (40, pay)
        assertSame(r, "sessions", "ann:10/home", "ann:10/cart", "ann:30/home", "ann:30/cart", "ann:40/pay");
        // the evictor sees both sides' elements: ann's [0, 10s) keeps what is after 7 s - 5 s (cart, 30)
        assertSame(r, "evictor", "ann:30/cart", "ann:40/pay");
    }

    // ---------------------------------------------------------------- interval join

    static final OutputTag<Tuple2<String, Integer>> LEFT_LATE = new OutputTag<>("left-late") {};
    static final OutputTag<Tuple2<String, Integer>> RIGHT_LATE = new OutputTag<>("right-late") {};

    static final class Describe extends ProcessJoinFunction<Tuple2<String, Integer>, Tuple2<String, Integer>, String> {
        @Override
        public void processElement(Tuple2<String, Integer> left, Tuple2<String, Integer> right, Context ctx, Collector<String> out) {
            out.collect(left.f0 + " L" + ctx.getLeftTimestamp() + " R" + ctx.getRightTimestamp() + " @" + ctx.getTimestamp());
            if (left.f1 < 0) {
                ctx.output(NEGATIVE, left.f0 + "@" + ctx.getTimestamp());
            }
        }
    }

    static final OutputTag<String> NEGATIVE = new OutputTag<>("negative") {};

    /** Counts a latch down when the marker pair's result arrives (the join then saw all before the markers). */
    static final class Releasing implements SinkFunction<String> {
        private final String id;
        private final String latch;

        Releasing(String id, String latch) {
            this.id = id;
            this.latch = latch;
        }

        @Override
        public void invoke(String value) {
            Collect.add(id, value);
            if (value.startsWith("m ")) {
                Script.countDown(latch);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void intervalJoinBoundsLatenessAndCleanup(int parallelism) throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.setParallelism(parallelism);
            // bounds [-2, +1] ms: left at 10 meets right at 8..11; left at 10 is dropped at watermark 11, the
            // right at 9 at watermark 9 + 2 = 11
            String latch = Script.latch(1);
            DataStream<Tuple2<String, Integer>> left = env.addSource(new Script<Tuple2<String, Integer>>()
                    .record(Tuple2.of("k", -1), 10).record(Tuple2.of("j", 1), 20).record(Tuple2.of("j", 2), 30)
                    .watermark(11).record(Tuple2.of("m", 0), 12).watermark(12));
            DataStream<Tuple2<String, Integer>> right = env.addSource(new Script<Tuple2<String, Integer>>()
                    .record(Tuple2.of("k", 0), 9).record(Tuple2.of("k", 0), 7).record(Tuple2.of("j", 0), 18)
                    .record(Tuple2.of("j", 0), 21).record(Tuple2.of("j", 0), 22).record(Tuple2.of("j", 0), 29)
                    .watermark(11).record(Tuple2.of("m", 0), 12).await(latch)
                    .record(Tuple2.of("k", 0), 11) // not late (11 < 11 is false), but left 10 is gone
                    .record(Tuple2.of("k", 0), 10) // late: 10 < 11
                    .watermark(Long.MAX_VALUE));
            String id = sinks.ids.computeIfAbsent("inclusive", n -> Collect.newId());
            SingleOutputStreamOperator<String> joined = left.keyBy(t -> t.f0).intervalJoin(right.keyBy(t -> t.f0))
                    .between(Duration.ofMillis(-2), Duration.ofMillis(1))
                    .sideOutputLeftLateData(LEFT_LATE).sideOutputRightLateData(RIGHT_LATE)
                    .process(new Describe());
            // one join subtask: when it has joined the markers, it has seen both inputs' watermark 11
            joined.setParallelism(1);
            joined.addSink(new Releasing(id, latch));
            joined.getSideOutput(RIGHT_LATE).addSink(sinks.sink("rightLate"));
            joined.getSideOutput(LEFT_LATE).addSink(sinks.sink("leftLate"));
            joined.getSideOutput(NEGATIVE).addSink(sinks.sink("negative"));
        });
        assertSame(r, "inclusive", "k L10 R9 @10", "j L20 R18 @20", "j L20 R21 @21", "j L30 R29 @30", "m L12 R12 @12");
        assertSame(r, "rightLate", "(k,0)");
        assertSame(r, "leftLate");
        assertSame(r, "negative", "k@10");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void intervalJoinExclusiveBounds(int parallelism) throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.setParallelism(parallelism);
            DataStream<Tuple2<String, Integer>> left = env.addSource(new Script<Tuple2<String, Integer>>()
                    .record(Tuple2.of("k", 1), 10).record(Tuple2.of("q", 1), 100).watermark(Long.MAX_VALUE));
            DataStream<Tuple2<String, Integer>> right = env.addSource(new Script<Tuple2<String, Integer>>()
                    .record(Tuple2.of("k", 0), 7).record(Tuple2.of("k", 0), 8).record(Tuple2.of("k", 0), 9)
                    .record(Tuple2.of("k", 0), 10).record(Tuple2.of("k", 0), 11).record(Tuple2.of("k", 0), 12)
                    .record(Tuple2.of("q", 0), 95).record(Tuple2.of("q", 0), 96).watermark(Long.MAX_VALUE));
            left.keyBy(t -> t.f0).intervalJoin(right.keyBy(t -> t.f0)).between(Duration.ofMillis(-2), Duration.ofMillis(1))
                    .lowerBoundExclusive().upperBoundExclusive().process(new Describe()).addSink(sinks.sink("exclusive"));
            left.keyBy(t -> t.f0).intervalJoin(right.keyBy(t -> t.f0)).between(Duration.ofMillis(-5), Duration.ofMillis(-4))
                    .process(new Describe()).addSink(sinks.sink("negative"));
        });
        // (-2, 1) exclusive: r - l in [-1, 0]
        assertSame(r, "exclusive", "k L10 R9 @10", "k L10 R10 @10");
        // [-5, -4]: r in [l - 5, l - 4]
        assertSame(r, "negative", "q L100 R95 @100", "q L100 R96 @100");
    }
}
