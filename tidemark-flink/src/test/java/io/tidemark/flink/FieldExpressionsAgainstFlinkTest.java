package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.java.tuple.Tuple2;
import io.tidemark.api.java.tuple.Tuple3;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Field positions and field expressions wherever Flink 2.3 takes them, against Flink itself: the same
 * program written with Flink's API and types runs on Flink, and its lines (one source, parallelism 1:
 * in order) must equal the Tidemark program's on the embedded engine and on the Flink runner. Covered:
 * {@code project} (reordered, repeated positions), nested expressions on tuples ({@code "f1.f0"}) and
 * POJOs ({@code "inner.value"}), the value itself of a basic type ({@code 0}, {@code "*"}), array
 * elements by position, aggregations by field name on count windows and non-keyed windows, and
 * {@code connect(..).keyBy} by positions and names.
 */
class FieldExpressionsAgainstFlinkTest {

    /**
     * A POJO with a nested POJO, by Flink's rules (public, public fields, no-argument constructors);
     * serializable for the runner's collection source, which ships its elements by Java serialization.
     */
    public static class Outer implements Serializable {
        public String id;
        public Inner inner;

        public Outer() {}

        public Outer(String id, int value, long weight) {
            this.id = id;
            this.inner = new Inner();
            this.inner.value = value;
            this.inner.weight = weight;
        }

        @Override
        public String toString() {
            return id + ":" + inner.value + ":" + inner.weight;
        }
    }

    public static class Inner implements Serializable {
        public int value;
        public long weight;

        public Inner() {}
    }

    private static final Object[][] ROWS = {
        {"a", 3, 1.5}, {"b", 7, 0.5}, {"a", 1, 2.5}, {"a", 1, 0.5}, {"b", -2, 0.5}, {"a", 5, 2.5}, {"b", -2, 9.0},
    };

    private static List<Tuple3<String, Integer, Double>> rows() {
        List<Tuple3<String, Integer, Double>> l = new ArrayList<>();
        for (Object[] r : ROWS) {
            l.add(Tuple3.of((String) r[0], (Integer) r[1], (Double) r[2]));
        }
        return l;
    }

    private static List<org.apache.flink.api.java.tuple.Tuple3<String, Integer, Double>> flinkRows() {
        List<org.apache.flink.api.java.tuple.Tuple3<String, Integer, Double>> l = new ArrayList<>();
        for (Object[] r : ROWS) {
            l.add(org.apache.flink.api.java.tuple.Tuple3.of((String) r[0], (Integer) r[1], (Double) r[2]));
        }
        return l;
    }

    private static List<Outer> outers() {
        return List.of(new Outer("a", 4, 10), new Outer("a", 2, 30), new Outer("b", 9, 5), new Outer("a", 7, 20), new Outer("b", 1, 5));
    }

    interface Tidemark {
        DataStream<String> build(StreamExecutionEnvironment env);
    }

    interface Flink {
        org.apache.flink.streaming.api.datastream.DataStream<String> build(
                org.apache.flink.streaming.api.environment.StreamExecutionEnvironment env);
    }

    record Case(String name, Tidemark tidemark, Flink flink) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                new Case("project(2, 0)",
                        env -> env.fromCollection(rows()).<Tuple2<Double, String>>project(2, 0).map(t -> t.toString()),
                        env -> env.fromData(flinkRows()).<org.apache.flink.api.java.tuple.Tuple2<Double, String>>project(2, 0)
                                .map(t -> t.toString())),
                new Case("project(1, 1, 0) then sum(1)",
                        env -> env.fromCollection(rows()).<Tuple3<Integer, Integer, String>>project(1, 1, 0)
                                .keyBy(t -> t.f2).sum(1).map(t -> t.toString()),
                        env -> env.fromData(flinkRows()).<org.apache.flink.api.java.tuple.Tuple3<Integer, Integer, String>>project(1, 1, 0)
                                .keyBy(t -> t.f2).sum(1).map(t -> t.toString())),
                new Case("nested tuple fields sum(f1.f0), maxBy(f1.f1)",
                        env -> {
                            var nested = env.fromCollection(rows()).map(t -> Tuple2.of(t.f0, Tuple2.of(t.f1, t.f2)));
                            return nested.keyBy(t -> t.f0).sum("f1.f0").map(t -> "sum " + t)
                                    .union(nested.keyBy(t -> t.f0).maxBy("f1.f1").map(t -> "maxBy " + t));
                        },
                        env -> {
                            var nested = env.fromData(flinkRows()).map(t -> org.apache.flink.api.java.tuple.Tuple2.of(t.f0,
                                    org.apache.flink.api.java.tuple.Tuple2.of(t.f1, t.f2)))
                                    .returns(new org.apache.flink.api.common.typeinfo.TypeHint<
                                            org.apache.flink.api.java.tuple.Tuple2<String, org.apache.flink.api.java.tuple.Tuple2<Integer, Double>>>() {});
                            return nested.keyBy(t -> t.f0).sum("f1.f0").map(t -> "sum " + t)
                                    .union(nested.keyBy(t -> t.f0).maxBy("f1.f1").map(t -> "maxBy " + t));
                        }),
                new Case("basic type sum(0), max(*)",
                        env -> {
                            var ints = env.fromData(5, -3, 8, 2, 8, -7, 4).keyBy(i -> i & 1);
                            return ints.sum(0).map(i -> "sum " + i).union(ints.max("*").map(i -> "max " + i));
                        },
                        env -> {
                            var ints = env.fromData(5, -3, 8, 2, 8, -7, 4).keyBy(i -> i & 1);
                            return ints.sum(0).map(i -> "sum " + i).union(ints.max("*").map(i -> "max " + i));
                        }),
                new Case("array elements sum(1), minBy(2)",
                        env -> {
                            var arrays = env.fromData(new int[] {1, 5, 9}, new int[] {2, 4, 4}, new int[] {1, -3, 2},
                                    new int[] {1, 8, 2}, new int[] {2, 1, 7}).keyBy(a -> a[0]);
                            return arrays.sum(1).map(a -> "sum " + Arrays.toString(a)).union(arrays.minBy(2).map(a -> "minBy " + Arrays.toString(a)));
                        },
                        env -> {
                            var arrays = env.fromData(new int[] {1, 5, 9}, new int[] {2, 4, 4}, new int[] {1, -3, 2},
                                    new int[] {1, 8, 2}, new int[] {2, 1, 7}).keyBy(a -> a[0]);
                            return arrays.sum(1).map(a -> "sum " + Arrays.toString(a)).union(arrays.minBy(2).map(a -> "minBy " + Arrays.toString(a)));
                        }),
                new Case("nested POJO fields sum(inner.value), max(inner.weight)",
                        env -> {
                            var k = env.fromCollection(outers()).keyBy(o -> o.id);
                            return k.sum("inner.value").map(o -> "sum " + o).union(k.max("inner.weight").map(o -> "max " + o));
                        },
                        env -> {
                            var k = env.fromData(outers()).keyBy(o -> o.id);
                            return k.sum("inner.value").map(o -> "sum " + o).union(k.max("inner.weight").map(o -> "max " + o));
                        }),
                new Case("by name on count windows and non-keyed windows",
                        env -> env.fromCollection(rows()).keyBy(t -> t.f0).countWindow(2).sum("f1").map(t -> "sum " + t)
                                .union(env.fromCollection(rows()).countWindowAll(3).maxBy("f2").map(t -> "maxBy " + t)),
                        env -> env.fromData(flinkRows()).keyBy(t -> t.f0).countWindow(2).sum("f1").map(t -> "sum " + t)
                                .union(env.fromData(flinkRows()).countWindowAll(3).maxBy("f2").map(t -> "maxBy " + t))))
                .map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void asFlink(Case c) throws Exception {
        org.apache.flink.streaming.api.environment.StreamExecutionEnvironment f = FlinkRunner.environment(SharedMiniCluster.options());
        f.setParallelism(1);
        List<String> flink = new ArrayList<>();
        c.flink().build(f).executeAndCollect(1000).forEach(flink::add);
        assertThat(flink).isNotEmpty();
        for (boolean onFlink : new boolean[] {false, true}) {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
            String id = Collect.newId();
            c.tidemark().build(env).addSink(Collect.sink(id));
            if (onFlink) {
                FlinkRunner.execute(env, c.name(), SharedMiniCluster.options());
            } else {
                env.execute(c.name());
            }
            // a union's inputs interleave as they come: each input's lines (labelled) in order
            assertThat(byInput(Collect.take(id))).as(onFlink ? "the Flink runner" : "the embedded engine").isEqualTo(byInput(flink));
        }
    }

    /** The lines by the label of the union's input they came from (the first word), each input's in order. */
    private static Map<String, List<String>> byInput(List<String> lines) {
        Map<String, List<String>> m = new TreeMap<>();
        for (String l : lines) {
            m.computeIfAbsent(l.startsWith("(") ? "" : l.substring(0, l.indexOf(' ')), k -> new ArrayList<>()).add(l);
        }
        return m;
    }

    @Test
    void projectFailsAsFlinkDoes() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        DataStream<Tuple2<String, Integer>> pairs = env.fromData(Tuple2.of("a", 1));
        assertThatThrownBy(() -> pairs.project()).hasMessage("project() needs to select at least one (1) field.");
        assertThatThrownBy(() -> pairs.project(new int[25])).hasMessage("project() may select only up to (24) fields.");
        pairs.project(2).addSink(Collect.sink(Collect.newId()));
        assertThatThrownBy(() -> env.execute("out of range")).hasStackTraceContaining("field index 2 is out of range for a tuple of 2 fields");
    }

    // ---------------------------------------------------------------- connect(..).keyBy by positions and names

    /** Each record with the key the operator sees (a tuple of the key fields, as Flink's field keys are). */
    static final class WithKey extends io.tidemark.streaming.api.functions.co.KeyedCoProcessFunction<Object, Object, Object, String> {
        @Override
        public void processElement1(Object value, Context ctx, io.tidemark.util.Collector<String> out) {
            out.collect("1 " + ctx.getCurrentKey() + " " + value);
        }

        @Override
        public void processElement2(Object value, Context ctx, io.tidemark.util.Collector<String> out) {
            out.collect("2 " + ctx.getCurrentKey() + " " + value);
        }
    }

    static final class FlinkWithKey extends org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction<Object, Object, Object, String> {
        @Override
        public void processElement1(Object value, Context ctx, org.apache.flink.util.Collector<String> out) {
            out.collect("1 " + ctx.getCurrentKey() + " " + value);
        }

        @Override
        public void processElement2(Object value, Context ctx, org.apache.flink.util.Collector<String> out) {
            out.collect("2 " + ctx.getCurrentKey() + " " + value);
        }
    }

    /**
     * {@code connect(..).keyBy(int, int)}, {@code keyBy(int[], int[])}, {@code keyBy(String, String)} on
     * tuples and POJOs: the same records meet under the same keys as on Flink (the two inputs interleave
     * as they come: compared as sets).
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    @Test
    void connectedStreamsKeyedByPositionsAndNamesAsFlink() throws Exception {
        for (String how : List.of("keyBy(0, 0)", "keyBy([0, 1], [2, 1])", "keyBy(f0, id)")) {
            org.apache.flink.streaming.api.environment.StreamExecutionEnvironment f = FlinkRunner.environment(SharedMiniCluster.options());
            f.setParallelism(1);
            var fa = f.fromData(flinkRows());
            var fc = switch (how) {
                case "keyBy(0, 0)" -> fa.connect(f.fromData(flinkRows())).keyBy(0, 0);
                case "keyBy([0, 1], [2, 1])" -> fa.connect(f.fromData(org.apache.flink.api.java.tuple.Tuple3.of(0.5, 7, "b"),
                        org.apache.flink.api.java.tuple.Tuple3.of(2.5, 1, "a"))).keyBy(new int[] {0, 1}, new int[] {2, 1});
                default -> fa.connect(f.fromData(outers())).keyBy("f0", "id");
            };
            List<String> flink = new ArrayList<>();
            ((org.apache.flink.streaming.api.datastream.ConnectedStreams) fc).process(new FlinkWithKey(),
                    org.apache.flink.api.common.typeinfo.Types.STRING).executeAndCollect(1000).forEach(x -> flink.add((String) x));
            flink.sort(null);
            assertThat(flink).anyMatch(l -> l.startsWith("2 "));
            for (boolean onFlink : new boolean[] {false, true}) {
                StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
                var a = env.fromCollection(rows());
                var c = switch (how) {
                    case "keyBy(0, 0)" -> a.connect(env.fromCollection(rows())).keyBy(0, 0);
                    case "keyBy([0, 1], [2, 1])" -> a.connect(env.fromData(Tuple3.of(0.5, 7, "b"), Tuple3.of(2.5, 1, "a")))
                            .keyBy(new int[] {0, 1}, new int[] {2, 1});
                    default -> a.connect(env.fromCollection(outers())).keyBy("f0", "id");
                };
                String id = Collect.newId();
                ((io.tidemark.streaming.api.datastream.ConnectedStreams) c).process(new WithKey()).addSink(Collect.sink(id));
                if (onFlink) {
                    FlinkRunner.execute(env, how, SharedMiniCluster.options());
                } else {
                    env.execute(how);
                }
                List<String> ours = Collect.take(id);
                ours.sort(null);
                assertThat(ours).as("%s on %s", how, onFlink ? "the Flink runner" : "the embedded engine").isEqualTo(flink);
            }
        }
    }
}
