package io.tidemark.state.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.state.ListStateDescriptor;
import io.tidemark.api.common.state.MapState;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.state.ReducingStateDescriptor;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.runtime.state.StateBackend;
import io.tidemark.runtime.state.StateBackendLoader;
import io.tidemark.runtime.state.hashmap.HashMapStateBackend;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.KeyedProcessFunction;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.triggers.ContinuousEventTimeTrigger;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.testutils.CollectSink;
import io.tidemark.util.Collector;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real job — keyed process functions with every kind of state and both kinds of timers, the general
 * window operator with a stateful trigger and per-window state, merging session windows — gives the
 * same results on the RocksDB backend as on the heap, at parallelism 2; and the backend is found by
 * name ({@code state.backend.type: rocksdb}) through the factory on the class path.
 */
class HeapAndRocksDBJobTest {

    @TempDir
    Path dir;

    record Ev(int key, long ts, long v) implements java.io.Serializable {}

    static List<Ev> events() {
        List<Ev> events = new ArrayList<>();
        java.util.Random r = new java.util.Random(42);
        for (int i = 0; i < 3000; i++) {
            events.add(new Ev(r.nextInt(17), i * 10L - r.nextInt(400), r.nextInt(100)));
        }
        return events;
    }

    /** Value, list, map and reducing state per key; fires an event-time timer per key and second. */
    static final class Stateful extends KeyedProcessFunction<Integer, Ev, String> {
        @Override
        public void processElement(Ev e, Context ctx, Collector<String> out) throws Exception {
            ValueState<Long> max = getRuntimeContext().getState(new ValueStateDescriptor<>("max", Long.class, Long.MIN_VALUE));
            max.update(Math.max(max.value(), e.v()));
            getRuntimeContext().getListState(new ListStateDescriptor<>("recent", Long.class)).add(e.v());
            MapState<Long, Long> perBucket = getRuntimeContext().getMapState(new MapStateDescriptor<>("buckets", Long.class, Long.class));
            Long n = perBucket.get(e.v() / 10);
            perBucket.put(e.v() / 10, n == null ? 1 : n + 1);
            getRuntimeContext().getReducingState(new ReducingStateDescriptor<>("sum", Long::sum, Long.class)).add(e.v());
            ctx.timerService().registerEventTimeTimer(ctx.timestamp() / 1000 * 1000 + 999);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) throws Exception {
            List<Long> recent = new ArrayList<>();
            getRuntimeContext().getListState(new ListStateDescriptor<>("recent", Long.class)).get().forEach(recent::add);
            getRuntimeContext().getListState(new ListStateDescriptor<>("recent", Long.class)).clear();
            Map<Long, Long> buckets = new TreeMap<>();
            for (Map.Entry<Long, Long> b : getRuntimeContext().getMapState(new MapStateDescriptor<>("buckets", Long.class, Long.class)).entries()) {
                buckets.put(b.getKey(), b.getValue());
            }
            out.collect("timer " + ctx.getCurrentKey() + "@" + timestamp + " max=" + getRuntimeContext().getState(
                    new ValueStateDescriptor<>("max", Long.class, Long.MIN_VALUE)).value() + " sum="
                    + getRuntimeContext().getReducingState(new ReducingStateDescriptor<>("sum", Long::sum, Long.class)).get()
                    + " recent=" + recent + " buckets=" + buckets);
        }
    }

    /** Counts firings per window in per-window state, totals in global state. */
    static final class Firings extends ProcessWindowFunction<Ev, String, Integer, TimeWindow> {
        @Override
        public void process(Integer key, Context ctx, Iterable<Ev> elements, Collector<String> out) throws Exception {
            ValueState<Integer> firings = ctx.windowState().getState(new ValueStateDescriptor<>("firings", Integer.class, 0));
            firings.update(firings.value() + 1);
            ValueState<Long> total = ctx.globalState().getState(new ValueStateDescriptor<>("total", Long.class, 0L));
            long sum = 0;
            int n = 0;
            for (Ev e : elements) {
                sum += e.v();
                n++;
            }
            total.update(total.value() + n);
            out.collect("window " + key + " " + ctx.window() + " firing " + firings.value() + " n=" + n + " sum=" + sum
                    + " total=" + total.value());
        }
    }

    /** Sums a session's elements (merging windows have no per-window state, as in Flink). */
    static final class Session extends ProcessWindowFunction<Ev, String, Integer, TimeWindow> {
        @Override
        public void process(Integer key, Context ctx, Iterable<Ev> elements, Collector<String> out) {
            long sum = 0;
            for (Ev e : elements) {
                sum += e.v();
            }
            out.collect("session " + key + " " + ctx.window() + " sum=" + sum);
        }
    }

    static List<String> run(StateBackend backend) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        env.setStateBackend(backend);
        env.getConfig().setPerEventWatermarks(true);
        CollectSink<String> sink = new CollectSink<>();
        var events = env.fromCollection(events()).assignTimestampsAndWatermarks(
                WatermarkStrategy.<Ev>forBoundedOutOfOrderness(Duration.ofMillis(500)).withTimestampAssigner((e, t) -> e.ts()));
        events.keyBy(Ev::key).process(new Stateful()).addSink(sink);
        events.keyBy(Ev::key).window(TumblingEventTimeWindows.of(Duration.ofSeconds(2)))
                .trigger(ContinuousEventTimeTrigger.of(Duration.ofMillis(500))).process(new Firings()).addSink(sink);
        events.keyBy(Ev::key).window(EventTimeSessionWindows.withGap(Duration.ofMillis(60))).process(new Session()).addSink(sink);
        env.execute("heap and rocksdb");
        List<String> out = new ArrayList<>(sink.values());
        out.sort(null);
        return out;
    }

    @Test
    void rocksDBGivesTheHeapsResults() throws Exception {
        List<String> heap = run(new HashMapStateBackend());
        List<String> rocks = run(new EmbeddedRocksDBStateBackend().setDbStoragePath(dir.toString()));
        assertThat(heap).hasSizeGreaterThan(1000).anyMatch(s -> s.startsWith("timer")).anyMatch(s -> s.contains("firing 3"));
        assertThat(rocks).containsExactlyElementsOf(heap);
    }

    @Test
    void theBackendIsFoundByName() {
        StateBackend b = StateBackendLoader.fromConfig(Map.of("state.backend.type", "rocksdb",
                "execution.checkpointing.incremental", "true", "execution.checkpointing.dir", dir.toString()));
        assertThat(b).isInstanceOf(EmbeddedRocksDBStateBackend.class);
        assertThat(b.isIncrementalCheckpointsEnabled()).isTrue();
        assertThat(((EmbeddedRocksDBStateBackend) b).getCheckpointDirectory()).isEqualTo(dir.toString());
        assertThat(StateBackendLoader.fromConfig(Map.of())).isInstanceOf(HashMapStateBackend.class);
        assertThat(StateBackendLoader.fromConfig(Map.of("state.backend.type", "heap"))).isInstanceOf(HashMapStateBackend.class);
        assertThat(StateBackendLoader.names()).contains("hashmap", "heap", "rocksdb");
    }
}
