package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.java.tuple.Tuple4;
import io.tidemark.streaming.api.datastream.KeyedStream;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Rolling aggregations ({@code sum}, {@code min}, {@code max}, {@code minBy}, {@code maxBy}, by position
 * and by field name, on tuples and POJOs) against Flink 2.3 itself: the same program written with
 * Flink's own API and types runs on Flink, and its printed lines (in order: one source, parallelism 1)
 * must equal the Tidemark program's on the embedded engine and on the Flink runner. The input has ties,
 * negative numbers and a string field, where min/minBy and first/last differ.
 */
class RollingAggregationsAgainstFlinkTest {

    /** (key, int, double, string) rows with ties on f1 and f2 per key. */
    private static final Object[][] ROWS = {
        {"a", 3, 1.5, "m"}, {"b", 7, 0.5, "x"}, {"a", 1, 2.5, "k"}, {"a", 1, 0.5, "z"}, {"b", -2, 0.5, "a"},
        {"a", 5, 2.5, "b"}, {"b", -2, 9.0, "c"}, {"a", 1, -1.0, "k"}, {"b", 7, 0.5, "y"},
    };

    /** A POJO by Flink's rules (public class, public fields, public no-argument constructor). */
    public static class Reading {
        public String id;
        public int value;
        public double weight;

        public Reading() {}

        public Reading(String id, int value, double weight) {
            this.id = id;
            this.value = value;
            this.weight = weight;
        }

        @Override
        public String toString() {
            return id + ":" + value + ":" + weight;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Reading && ((Reading) o).toString().equals(toString());
        }

        @Override
        public int hashCode() {
            return Objects.hash(id, value, weight);
        }
    }

    record Case(String name,
            Function<KeyedStream<Tuple4<String, Integer, Double, String>, String>, SingleOutputStreamOperator<?>> tidemark,
            Function<org.apache.flink.streaming.api.datastream.KeyedStream<org.apache.flink.api.java.tuple.Tuple4<String, Integer, Double, String>, String>,
                    org.apache.flink.streaming.api.datastream.DataStream<?>> flink) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> tupleCases() {
        return Stream.of(
                new Case("sum(1)", k -> k.sum(1), k -> k.sum(1)),
                new Case("sum(f2)", k -> k.sum("f2"), k -> k.sum("f2")),
                new Case("min(1)", k -> k.min(1), k -> k.min(1)),
                new Case("min(f3) of strings", k -> k.min("f3"), k -> k.min("f3")),
                new Case("max(2)", k -> k.max(2), k -> k.max(2)),
                new Case("max(f1)", k -> k.max("f1"), k -> k.max("f1")),
                new Case("minBy(1)", k -> k.minBy(1), k -> k.minBy(1)),
                new Case("minBy(1, last)", k -> k.minBy(1, false), k -> k.minBy(1, false)),
                new Case("minBy(f2)", k -> k.minBy("f2"), k -> k.minBy("f2")),
                new Case("maxBy(2)", k -> k.maxBy(2), k -> k.maxBy(2)),
                new Case("maxBy(f1, last)", k -> k.maxBy("f1", false), k -> k.maxBy("f1", false)),
                new Case("maxBy(f3) of strings", k -> k.maxBy("f3"), k -> k.maxBy("f3")),
                new Case("reduce", k -> k.reduce((x, y) -> Tuple4.of(x.f0, x.f1 * 10 + y.f1, y.f2, x.f3 + y.f3)),
                        k -> k.reduce((x, y) -> org.apache.flink.api.java.tuple.Tuple4.of(x.f0, x.f1 * 10 + y.f1, y.f2, x.f3 + y.f3))))
                .map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tupleCases")
    void tuplesAsFlink(Case c) throws Exception {
        List<String> flink = new ArrayList<>();
        org.apache.flink.streaming.api.environment.StreamExecutionEnvironment f = FlinkRunner.environment(SharedMiniCluster.options());
        f.setParallelism(1);
        List<org.apache.flink.api.java.tuple.Tuple4<String, Integer, Double, String>> rows = new ArrayList<>();
        for (Object[] r : ROWS) {
            rows.add(org.apache.flink.api.java.tuple.Tuple4.of((String) r[0], (Integer) r[1], (Double) r[2], (String) r[3]));
        }
        c.flink().apply(f.fromData(rows).keyBy(t -> t.f0)).executeAndCollect(100).forEach(x -> flink.add(x.toString()));

        assertThat(flink).hasSize(ROWS.length);
        for (boolean onFlink : new boolean[] {false, true}) {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
            List<Tuple4<String, Integer, Double, String>> ours = new ArrayList<>();
            for (Object[] r : ROWS) {
                ours.add(Tuple4.of((String) r[0], (Integer) r[1], (Double) r[2], (String) r[3]));
            }
            String id = Collect.newId();
            c.tidemark().apply(env.fromCollection(ours).keyBy(t -> t.f0)).map(Object::toString).addSink(Collect.sink(id));
            if (onFlink) {
                FlinkRunner.execute(env, c.name(), SharedMiniCluster.options());
            } else {
                env.execute(c.name());
            }
            assertThat(Collect.<String>take(id)).as(onFlink ? "the Flink runner" : "the embedded engine").isEqualTo(flink);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pojoCases")
    void pojosAsFlink(String name) throws Exception {
        List<Reading> rows = List.of(new Reading("a", 4, 1.0), new Reading("a", 2, 1.0), new Reading("b", 9, 0.0),
                new Reading("a", 2, 3.0), new Reading("a", 7, 0.5));
        org.apache.flink.streaming.api.environment.StreamExecutionEnvironment f = FlinkRunner.environment(SharedMiniCluster.options());
        f.setParallelism(1);
        var fk = f.fromData(rows).keyBy(r -> r.id);
        var fs = switch (name) {
            case "sum(value)" -> fk.sum("value");
            case "min(weight)" -> fk.min("weight");
            case "minBy(value)" -> fk.minBy("value");
            default -> fk.maxBy("weight", false);
        };
        List<String> flink = new ArrayList<>();
        fs.executeAndCollect(100).forEach(x -> flink.add(x.toString()));

        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        var k = env.fromCollection(rows).keyBy(r -> r.id);
        var s = switch (name) {
            case "sum(value)" -> k.sum("value");
            case "min(weight)" -> k.min("weight");
            case "minBy(value)" -> k.minBy("value");
            default -> k.maxBy("weight", false);
        };
        String id = Collect.newId();
        s.map(Object::toString).addSink(Collect.sink(id));
        env.execute(name);
        assertThat(Collect.<String>take(id)).isEqualTo(flink).hasSize(rows.size());
    }

    static Stream<String> pojoCases() {
        return Stream.of("sum(value)", "min(weight)", "minBy(value)", "maxBy(weight, last)");
    }
}
