package io.tidemark.state.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.state.AggregatingState;
import io.tidemark.api.common.state.AggregatingStateDescriptor;
import io.tidemark.api.common.state.ListState;
import io.tidemark.api.common.state.ListStateDescriptor;
import io.tidemark.api.common.state.MapState;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.state.ReducingState;
import io.tidemark.api.common.state.ReducingStateDescriptor;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.api.java.tuple.Tuple2;
import io.tidemark.runtime.checkpoint.SnapshotFormat;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.state.CheckpointableKeyedStateBackend;
import io.tidemark.runtime.state.HeapKeyedStateBackend;
import io.tidemark.runtime.state.KeyedStateBackendParameters;
import io.tidemark.runtime.state.VoidNamespace;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AfterProperty;

/**
 * The RocksDB backend behaves as the heap backend: the same random operations on every kind of state
 * (value with a default, list, reducing, map, aggregating), keys of several types, namespaces (the void one and
 * windows), window merging, clearing a namespace, listing keys — give the same answers from both,
 * also across snapshots restored into a fresh backend of either kind (heap → RocksDB and back), each
 * through the bytes of a checkpoint file. Map iteration order is not compared (the heap keeps
 * insertion order, RocksDB byte order): entries are compared as sorted maps.
 */
class RocksDBKeyedStateBackendProperties {

    static final ValueStateDescriptor<String> VALUE = new ValueStateDescriptor<>("value", String.class, "none");
    static final ListStateDescriptor<Long> LIST = new ListStateDescriptor<>("list", Long.class);
    static final ReducingStateDescriptor<Long> SUM = new ReducingStateDescriptor<>("sum", Long::sum, Long.class);
    static final MapStateDescriptor<String, Integer> MAP = new MapStateDescriptor<>("map", String.class, Integer.class);
    static final AggregatingStateDescriptor<Long, long[], String> AVG = new AggregatingStateDescriptor<>("avg", new Avg(), long[].class);

    /** Count and sum as the accumulator, "sum/count" as the result. */
    static final class Avg implements AggregateFunction<Long, long[], String> {
        @Override
        public long[] createAccumulator() {
            return new long[2];
        }

        @Override
        public long[] add(Long value, long[] acc) {
            return new long[] {acc[0] + 1, acc[1] + value};
        }

        @Override
        public String getResult(long[] acc) {
            return acc[1] + "/" + acc[0];
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            return new long[] {a[0] + b[0], a[1] + b[1]};
        }
    }

    static final Object[] KEYS = {"a", "b", 7L, 8, Tuple2.of("t", 1), "ü"};
    static final Object[] NAMESPACES = {VoidNamespace.INSTANCE, new TimeWindow(0, 10), new TimeWindow(10, 20), new TimeWindow(0, 20)};

    private final List<CheckpointableKeyedStateBackend> open = new ArrayList<>();

    @AfterProperty
    void dispose() {
        open.forEach(CheckpointableKeyedStateBackend::dispose);
        open.clear();
    }

    CheckpointableKeyedStateBackend rocksDB() throws Exception {
        CheckpointableKeyedStateBackend b = new EmbeddedRocksDBStateBackend().setDbStoragePath(tmp().toString())
                .createKeyedStateBackend(new KeyedStateBackendParameters("test operator", 0, 1));
        open.add(b);
        return b;
    }

    static Path tmp() {
        return Path.of(System.getProperty("java.io.tmpdir"), "tidemark-rocksdb-tests");
    }

    @Property(tries = 10)
    void rocksDBAnswersAsTheHeap(@ForAll long seed) throws Exception {
        Random r = new Random(seed);
        CheckpointableKeyedStateBackend heap = new HeapKeyedStateBackend();
        CheckpointableKeyedStateBackend rocks = rocksDB();
        List<String> expected = new ArrayList<>();
        List<String> actual = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            int op = r.nextInt(18);
            Object key = KEYS[r.nextInt(KEYS.length)];
            Object ns = NAMESPACES[r.nextInt(NAMESPACES.length)];
            long v = r.nextInt(50);
            expected.add(i + ": " + apply(heap, op, key, ns, v));
            actual.add(i + ": " + apply(rocks, op, key, ns, v));
            if (r.nextInt(60) == 0) {
                long id = i;
                heap = restored(heap, r.nextBoolean(), id);
                rocks = restored(rocks, r.nextBoolean(), id);
            }
        }
        expected.add("size " + heap.size());
        actual.add("size " + rocks.size());
        assertThat(actual).containsExactlyElementsOf(expected);
    }

    /** A fresh backend (RocksDB or heap) restored from a snapshot of {@code b} through checkpoint-file bytes. */
    CheckpointableKeyedStateBackend restored(CheckpointableKeyedStateBackend b, boolean intoRocksDB, long id) throws Exception {
        StateSnapshot.Builder builder = StateSnapshot.builder();
        b.snapshot(id, builder);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SnapshotFormat.write(new DataOutputStream(bytes), builder.build());
        StateSnapshot s = SnapshotFormat.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        CheckpointableKeyedStateBackend fresh = intoRocksDB ? rocksDB() : new HeapKeyedStateBackend();
        fresh.restore(s, k -> true);
        return fresh;
    }

    static String apply(CheckpointableKeyedStateBackend b, int op, Object key, Object ns, long v) throws Exception {
        b.setCurrentKey(key);
        switch (op) {
            case 0, 1: {
                ValueState<String> s = b.getPartitionedState(ns, VALUE);
                s.update(v == 0 ? null : "v" + v);
                return "update";
            }
            case 2: return "value " + b.getPartitionedState(ns, VALUE).value();
            case 3, 4: {
                b.getPartitionedState(ns, LIST).add(v);
                return "add";
            }
            case 5: return "list " + b.getPartitionedState(ns, LIST).get();
            case 6: {
                b.getPartitionedState(ns, LIST).update(v < 10 ? List.of() : List.of(v, v + 1));
                return "list update";
            }
            case 7: {
                ReducingState<Long> s = b.getPartitionedState(ns, SUM);
                s.add(v);
                return "sum " + s.get();
            }
            case 8, 9: {
                MapState<String, Integer> m = b.getPartitionedState(ns, MAP);
                m.put("k" + (v % 5), (int) v);
                return "put";
            }
            case 10: {
                MapState<String, Integer> m = b.getPartitionedState(ns, MAP);
                m.remove("k" + (v % 5));
                return "map get " + m.get("k" + (v % 3)) + " contains " + m.contains("k1") + " empty " + m.isEmpty();
            }
            case 11: {
                MapState<String, Integer> m = b.getPartitionedState(ns, MAP);
                TreeMap<String, Integer> sorted = new TreeMap<>();
                for (Map.Entry<String, Integer> e : m.entries()) {
                    sorted.put(e.getKey(), e.getValue());
                }
                TreeSet<String> keys = new TreeSet<>();
                m.keys().forEach(keys::add);
                List<Integer> values = new ArrayList<>();
                m.values().forEach(values::add);
                values.sort(null);
                return "map " + sorted + " " + keys + " " + values;
            }
            case 12: {
                if (v % 2 == 0) {
                    b.getPartitionedState(ns, LIST).clear();
                } else {
                    b.getPartitionedState(ns, SUM).clear();
                }
                return "clear";
            }
            case 13: {
                b.clearNamespace(ns);
                return "clear namespace";
            }
            case 14: {
                TreeSet<String> keys = new TreeSet<>();
                for (Object k : b.keysWith(v % 2 == 0 ? VALUE : MAP, ns)) {
                    keys.add(String.valueOf(k));
                }
                return "keys " + keys;
            }
            case 15: {
                // merging windows: lists concatenate, sums add up
                TimeWindow merged = new TimeWindow(0, 20);
                List<Object> sources = List.of(new TimeWindow(0, 10), new TimeWindow(10, 20), merged);
                b.mergeNamespaces(LIST, merged, sources);
                b.mergeNamespaces(SUM, merged, sources);
                b.mergeNamespaces(AVG, merged, sources);
                return "merged " + b.getPartitionedState(merged, LIST).get() + " " + b.getPartitionedState(merged, SUM).get()
                        + " " + b.getPartitionedState(merged, AVG).get();
            }
            case 16: {
                AggregatingState<Long, String> avg = b.getPartitionedState(ns, AVG);
                avg.add(v);
                return "avg " + avg.get();
            }
            default:
                return "has state " + b.hasState();
        }
    }
}
