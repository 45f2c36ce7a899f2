package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.java.tuple.Tuple;
import io.tidemark.api.java.tuple.Tuple0;
import io.tidemark.api.java.tuple.Tuple2;
import io.tidemark.api.java.tuple.Tuple3;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Tidemark's tuples against Flink 2.3's, field for field: every arity with random field values (null,
 * numbers, strings, arrays, nested tuples) gives the same {@code toString}, {@code hashCode},
 * {@code equals} and arity, and the same errors past the arity.
 */
class TuplesAgainstFlinkTest {

    private static Object value(Random random, int depth) {
        switch (random.nextInt(depth > 0 ? 7 : 8)) {
            case 0:
                return null;
            case 1:
                return random.nextInt(1000) - 500;
            case 2:
                return "s" + random.nextInt(100);
            case 3:
                return random.nextDouble();
            case 4:
                return new int[] {random.nextInt(9), random.nextInt(9)};
            case 5:
                return new String[] {"a", null};
            case 6:
                return random.nextLong();
            default:
                return null; // a nested tuple is built by the caller (needs both kinds)
        }
    }

    @Test
    void everyArityPrintsHashesAndComparesAsFlinks() {
        Random random = new Random(19);
        for (int round = 0; round < 20; round++) {
            for (int arity = 0; arity <= Tuple.MAX_ARITY; arity++) {
                Tuple ours = Tuple.newInstance(arity);
                org.apache.flink.api.java.tuple.Tuple theirs = org.apache.flink.api.java.tuple.Tuple.newInstance(arity);
                Tuple oursCopy = Tuple.newInstance(arity);
                for (int i = 0; i < arity; i++) {
                    Object v = value(random, 0);
                    if (v == null && random.nextInt(3) == 0) {
                        int a = random.nextInt(10);
                        ours.setField(Tuple2.of("n", a), i);
                        theirs.setField(org.apache.flink.api.java.tuple.Tuple2.of("n", a), i);
                        oursCopy.setField(Tuple2.of("n", a), i);
                    } else {
                        ours.setField(v, i);
                        theirs.setField(v, i);
                        oursCopy.setField(v, i);
                    }
                }
                assertThat(ours.toString()).isEqualTo(theirs.toString());
                assertThat(ours.hashCode()).as(ours.toString()).isEqualTo(theirs.hashCode());
                assertThat(ours.getArity()).isEqualTo(theirs.getArity());
                assertThat(ours).isEqualTo(oursCopy).isEqualTo(ours.copy());
                assertThat(ours.getClass().getSimpleName()).isEqualTo(theirs.getClass().getSimpleName());
                int past = arity;
                assertThatThrownBy(() -> ours.getField(past)).isInstanceOf(IndexOutOfBoundsException.class)
                        .hasMessage(String.valueOf(past));
            }
        }
    }

    @Test
    void theSmallCasesAsFlinkPrintsThem() {
        assertThat(Tuple2.of("a", 1).toString()).isEqualTo(org.apache.flink.api.java.tuple.Tuple2.of("a", 1).toString())
                .isEqualTo("(a,1)");
        assertThat(Tuple0.INSTANCE.toString()).isEqualTo(org.apache.flink.api.java.tuple.Tuple0.INSTANCE.toString());
        assertThat(Tuple3.of(null, new long[] {1, 2}, "x").toString())
                .isEqualTo(org.apache.flink.api.java.tuple.Tuple3.of(null, new long[] {1, 2}, "x").toString());
        assertThat(Tuple2.of(1, 2).swap()).isEqualTo(Tuple2.of(2, 1));
        assertThat(Tuple2.of(1, 2)).isNotEqualTo(Tuple3.of(1, 2, null));
    }
}
