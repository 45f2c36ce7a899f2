package io.tidemark.streaming.api.environment;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.RuntimeExecutionMode;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.api.java.tuple.Tuple2;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.functions.KeyedProcessFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.testutils.CollectSink;
import io.tidemark.time.ManualClock;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * BATCH mode on the embedded engine: windows of an out-of-order input equal a group-by of the whole
 * input (STREAMING with the same watermarks drops records as late), rolling sums emit only their final
 * value, and processing-time timers fire at the end of input.
 */
class BatchModeTest {

    private static final OutputTag<Tuple2<Integer, Long>> LATE = new OutputTag<>("late") {};

    /** 2000 records of 7 keys, their times spread back up to 5 s from a rising clock. */
    private static List<Tuple2<Integer, Long>> input() {
        Random r = new Random(30);
        List<Tuple2<Integer, Long>> in = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            in.add(Tuple2.of(r.nextInt(7), Math.max(0, i * 10L - r.nextInt(5000))));
        }
        return in;
    }

    /** Counts a window's records. */
    static final class CountAggregate implements AggregateFunction<Tuple2<Integer, Long>, Integer, Integer> {
        @Override
        public Integer createAccumulator() {
            return 0;
        }

        @Override
        public Integer add(Tuple2<Integer, Long> value, Integer acc) {
            return acc + 1;
        }

        @Override
        public Integer getResult(Integer acc) {
            return acc;
        }

        @Override
        public Integer merge(Integer a, Integer b) {
            return a + b;
        }
    }

    /** {@code key@start=count}. */
    static final class WindowKeyAndStart extends ProcessWindowFunction<Integer, String, Integer, TimeWindow> {
        @Override
        public void process(Integer key, Context ctx, Iterable<Integer> counts, Collector<String> out) {
            out.collect(key + "@" + ctx.window().getStart() + "=" + counts.iterator().next());
        }
    }

    private record Run(List<String> windows, List<Tuple2<Integer, Long>> late) {}

    private static Run run(RuntimeExecutionMode mode, int parallelism) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setRuntimeMode(mode);
        env.setParallelism(parallelism);
        env.getConfig().setPerEventWatermarks(true);
        CollectSink<String> windows = new CollectSink<>();
        CollectSink<Tuple2<Integer, Long>> late = new CollectSink<>();
        SingleOutputStreamOperator<String> counts = env.fromData(input())
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Tuple2<Integer, Long>>forMonotonousTimestamps()
                        .withTimestampAssigner((e, ts) -> e.f1))
                .keyBy(e -> e.f0).window(TumblingEventTimeWindows.of(Duration.ofSeconds(1))).sideOutputLateData(LATE)
                .aggregate(new CountAggregate(), new WindowKeyAndStart());
        counts.addSink(windows);
        counts.getSideOutput(LATE).addSink(late);
        env.execute("batch " + mode);
        return new Run(sorted(windows.values()), late.values());
    }

    /** Key, window start and count per (key, second) of the whole input. */
    private static List<String> groupBy() {
        Map<String, Integer> counts = new TreeMap<>();
        for (Tuple2<Integer, Long> e : input()) {
            counts.merge(e.f0 + "@" + (e.f1 / 1000 * 1000), 1, Integer::sum);
        }
        List<String> out = new ArrayList<>();
        counts.forEach((k, n) -> out.add(k + "=" + n));
        return sorted(out);
    }

    private static List<String> sorted(List<String> lines) {
        List<String> copy = new ArrayList<>(lines);
        copy.sort(null);
        return copy;
    }

    @Test
    void everyWindowFiresOnceWithTheGroupByResult() throws Exception {
        Run streaming = run(RuntimeExecutionMode.STREAMING, 1);
        assertThat(streaming.late()).isNotEmpty(); // the same input is out of order for a streaming job
        for (int parallelism : new int[] {1, 3}) {
            Run batch = run(RuntimeExecutionMode.BATCH, parallelism);
            assertThat(batch.late()).isEmpty();
            assertThat(batch.windows()).isEqualTo(groupBy());
        }
        assertThat(run(RuntimeExecutionMode.AUTOMATIC, 2).windows()).isEqualTo(groupBy());
    }

    @Test
    void rollingSumsEmitOnlyTheirFinalValue() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        CollectSink<Tuple2<String, Integer>> sums = new CollectSink<>();
        env.fromData(Tuple2.of("a", 1), Tuple2.of("b", 2), Tuple2.of("a", 3), Tuple2.of("a", 4)).keyBy(e -> e.f0).sum(1)
                .addSink(sums);
        env.execute("rolling");
        assertThat(sums.values()).containsExactlyInAnyOrder(Tuple2.of("a", 8), Tuple2.of("b", 2));
    }

    /** Registers a processing-time timer 10 ms ahead of the (unmoving) clock; reports it when it fires. */
    static final class Later extends KeyedProcessFunction<String, String, String> {
        @Override
        public void processElement(String value, Context ctx, Collector<String> out) {
            ctx.timerService().registerProcessingTimeTimer(ctx.timerService().currentProcessingTime() + 10);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) {
            out.collect(ctx.getCurrentKey() + " at " + timestamp);
        }
    }

    @Test
    void processingTimeTimersFireAtTheEndOfInput() throws Exception {
        for (RuntimeExecutionMode mode : RuntimeExecutionMode.values()) {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
            env.setRuntimeMode(mode);
            env.setClock(new ManualClock(1_000));
            CollectSink<String> fired = new CollectSink<>();
            DataStream<String> in = env.fromData("x", "y", "x");
            in.keyBy(s -> s).process(new Later()).addSink(fired);
            env.execute("timers " + mode);
            if (mode == RuntimeExecutionMode.STREAMING) {
                assertThat(fired.values()).as(mode.name()).isEmpty(); // the clock never reaches them
            } else {
                assertThat(fired.values()).as(mode.name()).containsExactlyInAnyOrder("x at 1010", "y at 1010");
            }
        }
    }
}
