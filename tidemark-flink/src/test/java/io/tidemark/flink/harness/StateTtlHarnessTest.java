package io.tidemark.flink.harness;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.api.common.functions.AggregateFunction;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.AggregatingState;
import org.apache.flink.api.common.state.AggregatingStateDescriptor;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ReducingState;
import org.apache.flink.api.common.state.ReducingStateDescriptor;
import org.apache.flink.api.common.state.StateTtlConfig;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.apache.flink.util.Collector;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * State time-to-live as a Flink user's unit tests see it: a keyed function reads and writes each kind of
 * state with a {@code StateTtlConfig}, the test moves the harness's TTL time and checks what the function
 * saw, on the heap and on RocksDB. The same file with Flink's imports runs against Flink 2.3 in
 * tidemark-flink's tests, so the expected expiries are Flink's.
 */
class StateTtlHarnessTest {

    private static final Duration TTL = Duration.ofSeconds(10);

    /**
     * Runs commands (key, op) on one kind of state with a time-to-live: {@code w:x} writes x (adds it),
     * {@code r} reads the state and emits what it saw; on a map, {@code w:k=v}, {@code r:k}, {@code has:k}
     * and {@code all} (the entries, sorted).
     */
    static class StateProbe extends KeyedProcessFunction<String, Tuple2<String, String>, String> {
        private final String kind;
        private final StateTtlConfig ttl;
        private transient ValueState<String> value;
        private transient ListState<String> list;
        private transient MapState<String, String> map;
        private transient ReducingState<Long> sum;
        private transient AggregatingState<Long, String> countAndSum;

        StateProbe(String kind, StateTtlConfig ttl) {
            this.kind = kind;
            this.ttl = ttl;
        }

        @Override
        public void open(OpenContext openContext) {
            ValueStateDescriptor<String> v = new ValueStateDescriptor<>("value", Types.STRING);
            ListStateDescriptor<String> l = new ListStateDescriptor<>("list", Types.STRING);
            MapStateDescriptor<String, String> m = new MapStateDescriptor<>("map", Types.STRING, Types.STRING);
            ReducingStateDescriptor<Long> r = new ReducingStateDescriptor<>("sum", (a, b) -> a + b, Types.LONG);
            AggregatingStateDescriptor<Long, Tuple2<Long, Long>, String> a =
                    new AggregatingStateDescriptor<>("countAndSum", new CountAndSum(), Types.TUPLE(Types.LONG, Types.LONG));
            v.enableTimeToLive(ttl);
            l.enableTimeToLive(ttl);
            m.enableTimeToLive(ttl);
            r.enableTimeToLive(ttl);
            a.enableTimeToLive(ttl);
            value = getRuntimeContext().getState(v);
            list = getRuntimeContext().getListState(l);
            map = getRuntimeContext().getMapState(m);
            sum = getRuntimeContext().getReducingState(r);
            countAndSum = getRuntimeContext().getAggregatingState(a);
        }

        @Override
        public void processElement(Tuple2<String, String> command, Context ctx, Collector<String> out) throws Exception {
            String op = command.f1;
            String arg = op.contains(":") ? op.substring(op.indexOf(':') + 1) : "";
            boolean write = op.startsWith("w:");
            switch (kind) {
                case "value":
                    if (write) {
                        value.update(arg);
                    } else {
                        out.collect(String.valueOf(value.value()));
                    }
                    break;
                case "list":
                    if (write) {
                        list.add(arg);
                    } else {
                        List<String> items = new ArrayList<>();
                        Iterable<String> stored = list.get();
                        if (stored != null) {
                            stored.forEach(items::add);
                        }
                        out.collect(String.join(",", items));
                    }
                    break;
                case "map":
                    if (write) {
                        map.put(arg.substring(0, arg.indexOf('=')), arg.substring(arg.indexOf('=') + 1));
                    } else if (op.startsWith("r:")) {
                        out.collect(String.valueOf(map.get(arg)));
                    } else if (op.startsWith("has:")) {
                        out.collect(String.valueOf(map.contains(arg)));
                    } else {
                        List<String> entries = new ArrayList<>();
                        for (Map.Entry<String, String> e : map.entries()) {
                            entries.add(e.getKey() + "=" + e.getValue());
                        }
                        Collections.sort(entries);
                        out.collect(String.join(",", entries));
                    }
                    break;
                case "sum":
                    if (write) {
                        sum.add(Long.parseLong(arg));
                    } else {
                        out.collect(String.valueOf(sum.get()));
                    }
                    break;
                default:
                    if (write) {
                        countAndSum.add(Long.parseLong(arg));
                    } else {
                        out.collect(String.valueOf(countAndSum.get()));
                    }
            }
        }
    }

    /** How many values and their sum, as "count/sum". */
    static class CountAndSum implements AggregateFunction<Long, Tuple2<Long, Long>, String> {
        @Override
        public Tuple2<Long, Long> createAccumulator() {
            return Tuple2.of(0L, 0L);
        }

        @Override
        public Tuple2<Long, Long> add(Long value, Tuple2<Long, Long> acc) {
            return Tuple2.of(acc.f0 + 1, acc.f1 + value);
        }

        @Override
        public String getResult(Tuple2<Long, Long> acc) {
            return acc.f0 + "/" + acc.f1;
        }

        @Override
        public Tuple2<Long, Long> merge(Tuple2<Long, Long> a, Tuple2<Long, Long> b) {
            return Tuple2.of(a.f0 + b.f0, a.f1 + b.f1);
        }
    }

    private static KeyedOneInputStreamOperatorTestHarness<String, Tuple2<String, String>, String> harness(
            String kind, StateTtlConfig ttl, String backend) throws Exception {
        KeyedOneInputStreamOperatorTestHarness<String, Tuple2<String, String>, String> h =
                new KeyedOneInputStreamOperatorTestHarness<>(new KeyedProcessOperator<>(new StateProbe(kind, ttl)),
                        c -> c.f0, Types.STRING);
        if (backend.equals("rocksdb")) {
            h.setStateBackend(new EmbeddedRocksDBStateBackend());
        }
        h.open();
        return h;
    }

    /** At TTL time {@code time}, key {@code key} runs {@code op}. */
    private static void at(KeyedOneInputStreamOperatorTestHarness<String, Tuple2<String, String>, String> h, long time,
            String key, String op) throws Exception {
        h.setStateTtlProcessingTime(time);
        h.processElement(Tuple2.of(key, op), time);
    }

    @ParameterizedTest
    @ValueSource(strings = {"heap", "rocksdb"})
    void valueExpiresTtlAfterItsWriteAndReadsDoNotExtendIt(String backend) throws Exception {
        var h = harness("value", StateTtlConfig.newBuilder(TTL).build(), backend);
        at(h, 0, "a", "w:x");
        at(h, 5_000, "a", "r");
        at(h, 9_999, "a", "r");
        at(h, 10_000, "a", "r");
        at(h, 12_000, "a", "w:y");
        at(h, 12_000, "b", "w:z");
        at(h, 21_999, "a", "r");
        at(h, 22_000, "a", "r");
        at(h, 22_000, "b", "r");
        assertThat(h.extractOutputValues()).containsExactly("x", "x", "null", "y", "null", "null");
        h.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"heap", "rocksdb"})
    void onReadAndWriteEachReadStartsTheTimeToLiveAgain(String backend) throws Exception {
        var h = harness("value", StateTtlConfig.newBuilder(TTL)
                .setUpdateType(StateTtlConfig.UpdateType.OnReadAndWrite).build(), backend);
        at(h, 0, "a", "w:x");
        at(h, 9_000, "a", "r");
        at(h, 18_000, "a", "r");
        at(h, 27_999, "a", "r");
        at(h, 37_999, "a", "r");
        assertThat(h.extractOutputValues()).containsExactly("x", "x", "x", "null");
        h.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"heap", "rocksdb"})
    void returnExpiredIfNotCleanedUpReturnsItOnceThenItIsGone(String backend) throws Exception {
        var h = harness("value", StateTtlConfig.newBuilder(TTL)
                .setStateVisibility(StateTtlConfig.StateVisibility.ReturnExpiredIfNotCleanedUp)
                .disableCleanupInBackground().build(), backend);
        at(h, 0, "a", "w:x");
        at(h, 10_000, "a", "r");
        at(h, 10_001, "a", "r");
        assertThat(h.extractOutputValues()).containsExactly("x", "null");
        h.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"heap", "rocksdb"})
    void listElementsExpireEachOnItsOwn(String backend) throws Exception {
        var h = harness("list", StateTtlConfig.newBuilder(TTL).cleanupFullSnapshot().build(), backend);
        at(h, 0, "a", "w:p");
        at(h, 4_000, "a", "w:q");
        at(h, 8_000, "a", "r");
        at(h, 10_000, "a", "r");
        at(h, 14_000, "a", "r");
        at(h, 15_000, "a", "w:s");
        at(h, 15_000, "a", "r");
        assertThat(h.extractOutputValues()).containsExactly("p,q", "q", "", "s");
        h.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"heap", "rocksdb"})
    void mapEntriesExpireEachOnItsOwnAndReadsRestampThem(String backend) throws Exception {
        var h = harness("map", StateTtlConfig.newBuilder(TTL).updateTtlOnReadAndWrite()
                .cleanupIncrementally(10, false).build(), backend);
        at(h, 0, "a", "w:k1=v1");
        at(h, 0, "a", "w:k2=v2");
        at(h, 6_000, "a", "r:k1");
        at(h, 10_000, "a", "all");
        at(h, 10_000, "a", "has:k2");
        at(h, 16_000, "a", "all");
        at(h, 26_000, "a", "all");
        at(h, 26_000, "a", "r:k1");
        assertThat(h.extractOutputValues()).containsExactly("v1", "k1=v1", "false", "k1=v1", "", "null");
        h.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"heap", "rocksdb"})
    void reducingStateRestartsFromAnExpiredValue(String backend) throws Exception {
        var h = harness("sum", StateTtlConfig.newBuilder(TTL).cleanupInRocksdbCompactFilter(1000).build(), backend);
        at(h, 0, "a", "w:5");
        at(h, 3_000, "a", "w:7");
        at(h, 12_000, "a", "r");
        at(h, 13_000, "a", "r");
        at(h, 20_000, "a", "w:1");
        at(h, 31_000, "a", "w:2");
        at(h, 31_000, "a", "r");
        assertThat(h.extractOutputValues()).containsExactly("12", "null", "2");
        h.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"heap", "rocksdb"})
    void aggregatingStateStartsAFreshAccumulatorAfterExpiry(String backend) throws Exception {
        var h = harness("countAndSum", StateTtlConfig.newBuilder(TTL).build(), backend);
        at(h, 0, "a", "w:5");
        at(h, 9_000, "a", "w:7");
        at(h, 18_000, "a", "r");
        at(h, 19_000, "a", "r");
        at(h, 19_000, "a", "w:1");
        at(h, 19_500, "a", "r");
        at(h, 40_000, "a", "w:3");
        at(h, 40_000, "a", "r");
        assertThat(h.extractOutputValues()).containsExactly("2/12", "null", "1/1", "1/3");
        h.close();
    }

    @Test
    void withoutCleanupInBackgroundExpiredStateStaysUntilRead() throws Exception {
        var h = harness("list", StateTtlConfig.newBuilder(TTL)
                .setStateVisibility(StateTtlConfig.StateVisibility.ReturnExpiredIfNotCleanedUp)
                .disableCleanupInBackground().build(), "heap");
        at(h, 0, "a", "w:x");
        at(h, 0, "b", "w:y");
        at(h, 10_000, "c", "w:z");
        assertThat(h.numKeyedStateEntries()).isEqualTo(3);
        at(h, 10_000, "a", "r");
        assertThat(h.extractOutputValues()).containsExactly("x");
        assertThat(h.numKeyedStateEntries()).isEqualTo(2);
        h.close();
    }

    @ParameterizedTest
    @CsvSource({"value,heap", "list,heap", "sum,heap", "value,rocksdb", "map,rocksdb", "countAndSum,rocksdb"})
    void timestampsSurviveACheckpoint(String kind, String backend) throws Exception {
        OperatorSubtaskState state;
        StateTtlConfig ttl = StateTtlConfig.newBuilder(TTL).build();
        boolean map = kind.equals("map");
        try (var h = harness(kind, ttl, backend)) {
            at(h, 0, "a", map ? "w:k=1" : "w:1");
            at(h, 5_000, "b", map ? "w:k=2" : "w:2");
            state = h.snapshot(1L, 5_000L);
        }
        KeyedOneInputStreamOperatorTestHarness<String, Tuple2<String, String>, String> restored =
                new KeyedOneInputStreamOperatorTestHarness<>(new KeyedProcessOperator<>(new StateProbe(kind, ttl)),
                        c -> c.f0, Types.STRING);
        if (backend.equals("rocksdb")) {
            restored.setStateBackend(new EmbeddedRocksDBStateBackend());
        }
        restored.initializeState(state);
        restored.open();
        String read = map ? "r:k" : "r";
        at(restored, 9_000, "a", read);
        at(restored, 9_000, "b", read);
        at(restored, 10_000, "a", read);
        at(restored, 10_000, "b", read);
        at(restored, 15_000, "b", read);
        String none = kind.equals("list") ? "" : "null";
        String one = kind.equals("countAndSum") ? "1/1" : "1";
        String two = kind.equals("countAndSum") ? "1/2" : "2";
        assertThat(restored.extractOutputValues()).containsExactly(one, two, none, two, none);
        restored.close();
    }
}
