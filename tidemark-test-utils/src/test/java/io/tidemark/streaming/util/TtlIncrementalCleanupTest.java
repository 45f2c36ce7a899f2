package io.tidemark.streaming.util;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.functions.OpenContext;
import io.tidemark.api.common.state.MapState;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.state.StateTtlConfig;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.api.common.typeinfo.Types;
import io.tidemark.api.java.tuple.Tuple2;
import io.tidemark.streaming.api.functions.KeyedProcessFunction;
import io.tidemark.streaming.api.operators.KeyedProcessOperator;
import io.tidemark.util.Collector;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Incremental cleanup on the heap backend: expired values of keys nobody reads any more are removed
 * by other keys' accesses, a bounded number per access. (Flink's cleanup visits its hash table's
 * buckets in their order, so which values one access removes differs; only state size and
 * {@code ReturnExpiredIfNotCleanedUp} reads can show it, which is why this is not compared with Flink.)
 */
class TtlIncrementalCleanupTest {

    /** Writes (key, value) into a value state and a map state (one entry per value), both with a time-to-live. */
    static class Remember extends KeyedProcessFunction<String, Tuple2<String, String>, String> {
        private final StateTtlConfig ttl;
        private transient ValueState<String> last;
        private transient MapState<String, Long> seen;

        Remember(StateTtlConfig ttl) {
            this.ttl = ttl;
        }

        @Override
        public void open(OpenContext openContext) {
            ValueStateDescriptor<String> l = new ValueStateDescriptor<>("last", Types.STRING);
            MapStateDescriptor<String, Long> s = new MapStateDescriptor<>("seen", Types.STRING, Types.LONG);
            l.enableTimeToLive(ttl);
            s.enableTimeToLive(ttl);
            last = getRuntimeContext().getState(l);
            seen = getRuntimeContext().getMapState(s);
        }

        @Override
        public void processElement(Tuple2<String, String> e, Context ctx, Collector<String> out) throws Exception {
            if (e.f1.equals("?")) {
                out.collect(e.f0 + ":" + last.value() + ":" + seen.contains("v1"));
                return;
            }
            last.update(e.f1);
            seen.put(e.f1, ctx.timestamp());
        }
    }

    private static KeyedOneInputStreamOperatorTestHarness<String, Tuple2<String, String>, String> harness(StateTtlConfig ttl)
            throws Exception {
        KeyedOneInputStreamOperatorTestHarness<String, Tuple2<String, String>, String> h =
                new KeyedOneInputStreamOperatorTestHarness<>(new KeyedProcessOperator<>(new Remember(ttl)), e -> e.f0,
                        Types.STRING);
        h.open();
        return h;
    }

    private static void write(KeyedOneInputStreamOperatorTestHarness<String, Tuple2<String, String>, String> h, long ttlTime,
            String key, String value) throws Exception {
        h.setStateTtlProcessingTime(ttlTime);
        h.processElement(Tuple2.of(key, value), ttlTime);
    }

    @Test
    void otherKeysAccessesRemoveTheExpiredValuesOfKeysNobodyReads() throws Exception {
        var h = harness(StateTtlConfig.newBuilder(Duration.ofSeconds(10))
                .setStateVisibility(StateTtlConfig.StateVisibility.ReturnExpiredIfNotCleanedUp)
                .cleanupIncrementally(2, false).build());
        for (int k = 0; k < 6; k++) {
            write(h, 0, "k" + k, "v1");
        }
        assertThat(h.numKeyedStateEntries()).isEqualTo(12); // 6 keys x (value, map)

        for (int i = 1; i <= 4; i++) { // each access visits (at most) 2 keys of its state: all expired but "fresh"
            write(h, 10_000, "fresh", "v" + i);
        }
        assertThat(h.numKeyedStateEntries()).isEqualTo(2); // only "fresh" is left, in both states

        h.processElement(Tuple2.of("k0", "?"), 10_000);
        assertThat(h.extractOutputValues()).containsExactly("k0:null:false"); // cleaned up: not returned
        h.close();
    }

    @Test
    void withoutCleanupInBackgroundNothingIsRemovedUntilRead() throws Exception {
        var h = harness(StateTtlConfig.newBuilder(Duration.ofSeconds(10))
                .setStateVisibility(StateTtlConfig.StateVisibility.ReturnExpiredIfNotCleanedUp)
                .disableCleanupInBackground().build());
        for (int k = 0; k < 6; k++) {
            write(h, 0, "k" + k, "v1");
        }
        write(h, 10_000, "fresh", "v1");
        write(h, 10_000, "fresh", "v2");
        assertThat(h.numKeyedStateEntries()).isEqualTo(14);

        h.processElement(Tuple2.of("k0", "?"), 10_000);
        assertThat(h.extractOutputValues()).containsExactly("k0:v1:true"); // expired, not cleaned up: returned once
        assertThat(h.numKeyedStateEntries()).isEqualTo(12);
        h.close();
    }
}
