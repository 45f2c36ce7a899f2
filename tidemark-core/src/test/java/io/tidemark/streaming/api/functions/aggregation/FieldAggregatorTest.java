package io.tidemark.streaming.api.functions.aggregation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.java.tuple.Tuple2;
import io.tidemark.api.java.tuple.Tuple3;
import org.junit.jupiter.api.Test;

/** Field aggregations on tuples, POJOs, records and plain values; Flink's rules (see FieldAggregator). */
class FieldAggregatorTest {

    public static class Pojo {
        public String id;
        private int n;
        public Inner inner = new Inner();

        public Pojo() {}

        Pojo(String id, int n, long deep) {
            this.id = id;
            this.n = n;
            this.inner.deep = deep;
        }

        @Override
        public String toString() {
            return id + "/" + n + "/" + inner.deep;
        }
    }

    public static class Inner {
        public long deep;
    }

    record Rec(String id, double v) {}

    private static <T> T reduce(FieldAggregator<T> f, T a, T b) throws Exception {
        return f.reduce(a, b);
    }

    @Test
    void sumMinMaxKeepTheFirstRecordsOtherFieldsAndNeverChangeTheirInput() throws Exception {
        Tuple3<String, Integer, String> a = Tuple3.of("k", 5, "first");
        Tuple3<String, Integer, String> b = Tuple3.of("k", 3, "second");
        assertThat(reduce(new FieldAggregator<>(FieldAggregator.Kind.SUM, FieldAccessor.of(1), true), a, b))
                .isEqualTo(Tuple3.of("k", 8, "first"));
        assertThat(reduce(new FieldAggregator<>(FieldAggregator.Kind.MIN, FieldAccessor.of("f1"), true), a, b))
                .isEqualTo(Tuple3.of("k", 3, "first"));
        assertThat(reduce(new FieldAggregator<>(FieldAggregator.Kind.MAX, FieldAccessor.of("1"), true), a, b))
                .isSameAs(a);
        assertThat(a).as("input unchanged").isEqualTo(Tuple3.of("k", 5, "first"));
    }

    @Test
    void arrayElementsByPositionOrIndexOnCopies() throws Exception {
        int[] a = {1, 5, 9};
        int[] b = {1, -3, 2};
        assertThat(reduce(new FieldAggregator<>(FieldAggregator.Kind.SUM, FieldAccessor.of(1), true), a, b)).containsExactly(1, 2, 9);
        assertThat(reduce(new FieldAggregator<>(FieldAggregator.Kind.MIN, FieldAccessor.of("2"), true), a, b)).containsExactly(1, 5, 2);
        assertThat(reduce(new FieldAggregator<>(FieldAggregator.Kind.MAX_BY, FieldAccessor.of(2), true), a, b)).isSameAs(a);
        assertThat(a).as("input unchanged").containsExactly(1, 5, 9);
        Object[] nested = {Tuple2.of("x", new long[] {4L, 6L})};
        assertThat(FieldAccessor.of("0.f1.1").get(nested)).isEqualTo(6L);
        assertThatThrownBy(() -> FieldAccessor.of("f1").get(a)).hasMessageContaining("must be an integer index");
        assertThatThrownBy(() -> FieldAccessor.of(3).get(a)).hasMessageContaining("index 3 is out of range for an array of 3");
    }

    @Test
    void minByAndMaxByKeepTheEarlierOnATieUnlessLast() throws Exception {
        Tuple2<String, Integer> a = Tuple2.of("a", 1);
        Tuple2<String, Integer> b = Tuple2.of("b", 1);
        assertThat(reduce(new FieldAggregator<>(FieldAggregator.Kind.MIN_BY, FieldAccessor.of(1), true), a, b)).isSameAs(a);
        assertThat(reduce(new FieldAggregator<>(FieldAggregator.Kind.MIN_BY, FieldAccessor.of(1), false), a, b)).isSameAs(b);
        assertThat(reduce(new FieldAggregator<>(FieldAggregator.Kind.MAX_BY, FieldAccessor.of(1), false), a, b)).isSameAs(b);
        assertThat(reduce(new FieldAggregator<>(FieldAggregator.Kind.MAX_BY, FieldAccessor.of(1), true), a, Tuple2.of("c", 2)))
                .isEqualTo(Tuple2.of("c", 2));
    }

    @Test
    void pojoFieldsPrivateAndNestedAndRecords() throws Exception {
        Pojo a = new Pojo("x", 2, 10);
        Pojo b = new Pojo("y", 3, 20);
        assertThat(reduce(new FieldAggregator<>(FieldAggregator.Kind.SUM, "n"), a, b).toString()).isEqualTo("x/5/10");
        assertThat(reduce(new FieldAggregator<>(FieldAggregator.Kind.SUM, "inner.deep"), a, b).toString()).isEqualTo("x/2/30");
        assertThat(a.toString()).as("input unchanged, nested object too").isEqualTo("x/2/10");
        assertThat(reduce(new FieldAggregator<>(FieldAggregator.Kind.MAX, "v"), new Rec("a", 1.5), new Rec("b", 2.5)))
                .isEqualTo(new Rec("a", 2.5));
        assertThat(reduce(new FieldAggregator<>(FieldAggregator.Kind.SUM, FieldAccessor.of(0), true), 4L, 5L)).isEqualTo(9L);
        assertThat(reduce(new FieldAggregator<>(FieldAggregator.Kind.MIN, "*"), "b", "a")).isEqualTo("a");
    }

    @Test
    void badFieldsFailNamingTheExpressionAndTheClass() {
        assertThatThrownBy(() -> reduce(new FieldAggregator<>(FieldAggregator.Kind.SUM, FieldAccessor.of(1), true),
                new Pojo("x", 1, 1), new Pojo("y", 1, 1))).hasMessageContaining("by position is supported on tuples only");
        assertThatThrownBy(() -> reduce(new FieldAggregator<>(FieldAggregator.Kind.SUM, "nope"), new Pojo("x", 1, 1),
                new Pojo("y", 1, 1))).hasMessageContaining("no field 'nope' in").hasMessageContaining("Pojo");
        assertThatThrownBy(() -> reduce(new FieldAggregator<>(FieldAggregator.Kind.SUM, FieldAccessor.of(2), true),
                Tuple2.of("a", 1), Tuple2.of("b", 1))).hasMessageContaining("out of range for a tuple of 2 fields");
        assertThatThrownBy(() -> reduce(new FieldAggregator<>(FieldAggregator.Kind.SUM, FieldAccessor.of(0), true),
                Tuple2.of("a", 1), Tuple2.of("b", 1))).hasMessageContaining("sum aggregation on a field of type java.lang.String");
        assertThatThrownBy(() -> reduce(new FieldAggregator<>(FieldAggregator.Kind.SUM, FieldAccessor.of(1), true), 1, 2))
                .hasMessageContaining("only position 0");
    }
}
