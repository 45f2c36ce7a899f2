package io.tidemark.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.state.AggregatingState;
import io.tidemark.api.common.state.AggregatingStateDescriptor;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Aggregating state on the heap: per key and namespace an accumulator, its result on get, merged with the windows. */
class HeapAggregatingStateTest {

    static final class Average implements AggregateFunction<Long, long[], Double> {
        public long[] createAccumulator() {
            return new long[2];
        }

        public long[] add(Long v, long[] acc) {
            return new long[] {acc[0] + 1, acc[1] + v};
        }

        public Double getResult(long[] acc) {
            return (double) acc[1] / acc[0];
        }

        public long[] merge(long[] a, long[] b) {
            return new long[] {a[0] + b[0], a[1] + b[1]};
        }
    }

    static final AggregatingStateDescriptor<Long, long[], Double> AVG = new AggregatingStateDescriptor<>("avg", new Average(), long[].class);

    @Test
    void addsPerKeyAndNamespaceAndMergesWithTheWindows() throws Exception {
        HeapKeyedStateBackend b = new HeapKeyedStateBackend();
        TimeWindow w1 = new TimeWindow(0, 10);
        TimeWindow w2 = new TimeWindow(5, 15);
        b.setCurrentKey("a");
        AggregatingState<Long, Double> s = b.getPartitionedState(w1, AVG);
        assertThat(s.get()).isNull();
        s.add(2L);
        s.add(4L);
        assertThat(s.get()).isEqualTo(3.0);
        b.getPartitionedState(w2, AVG).add(9L);
        b.setCurrentKey("b");
        b.getPartitionedState(w1, AVG).add(100L);

        b.setCurrentKey("a");
        TimeWindow merged = new TimeWindow(0, 15);
        b.mergeNamespaces(AVG, merged, List.of(w1, w2));
        assertThat(b.getPartitionedState(merged, AVG).get()).isEqualTo(5.0);
        assertThat(b.getPartitionedState(w1, AVG).get()).isNull();
        b.setCurrentKey("b");
        assertThat(b.getPartitionedState(w1, AVG).get()).isEqualTo(100.0);
    }
}
