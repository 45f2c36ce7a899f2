package io.tidemark.streaming.api.datastream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.java.tuple.Tuple2;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.windowing.AllWindowFunction;
import io.tidemark.streaming.api.functions.windowing.ProcessAllWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.windows.GlobalWindow;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.testutils.CollectSink;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Count windows and non-keyed windows on the embedded engine, with hand-worked expectations. */
class CountAndAllWindowsTest {

    @SuppressWarnings("unchecked")
    private static Tuple2<String, Integer>[] words(String... ws) {
        List<Tuple2<String, Integer>> l = new ArrayList<>();
        for (String w : ws) {
            l.add(Tuple2.of(w, 1));
        }
        return l.toArray(new Tuple2[0]);
    }

    @Test
    void tumblingCountWindowsFirePerKeyAtEverySizeElementsAndDropTheRest() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        CollectSink<Tuple2<String, Integer>> out = new CollectSink<>();
        env.fromData(words("a", "b", "a", "a", "b", "a", "a", "b"))
                .keyBy(t -> t.f0).countWindow(2).sum(1).addSink(out);
        env.execute();
        // a: 5 elements → 2 windows; b: 3 → 1; the incomplete rest never fires
        assertThat(out.values()).map(Tuple2::toString).containsExactlyInAnyOrder("(a,2)", "(a,2)", "(b,2)");
    }

    @Test
    void slidingCountWindowsFireEverySlideOverTheLastSize() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        CollectSink<Integer> out = new CollectSink<>();
        env.fromData(1, 2, 3, 4, 5, 6, 7).keyBy(v -> 0).countWindow(3, 2).reduce(Integer::sum).addSink(out);
        env.execute();
        // fires at the 2nd, 4th, 6th element over the last 3: 1+2, 2+3+4, 4+5+6
        assertThat(out.values()).containsExactly(3, 9, 15);
    }

    @Test
    void countWindowAllCountsTheWholeStreamOnOneSubtask() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(3);
        CollectSink<String> out = new CollectSink<>();
        SingleOutputStreamOperator<String> windows = env.fromData(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L).countWindowAll(3)
                .apply(new AllWindowFunction<Long, String, GlobalWindow>() {
                    @Override
                    public void apply(GlobalWindow window, Iterable<Long> values, Collector<String> collector) {
                        long sum = 0;
                        int n = 0;
                        for (long v : values) {
                            sum += v;
                            n++;
                        }
                        collector.collect(n + ":" + sum);
                    }
                });
        windows.addSink(out);
        assertThat(windows.getParallelism()).isEqualTo(1);
        env.execute();
        assertThat(out.values()).hasSize(3).allMatch(s -> s.startsWith("3:"));
        assertThat(out.values().stream().mapToLong(s -> Long.parseLong(s.substring(2))).sum()).isEqualTo(45);
    }

    @Test
    void aNonKeyedWindowCannotRunInParallel() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        SingleOutputStreamOperator<Long> windows = env.fromData(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L).countWindowAll(3).reduce(Long::sum);
        assertThatThrownBy(() -> windows.setParallelism(2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be 1");
    }

    static final OutputTag<Long> LATE = new OutputTag<>("late") {};

    @Test
    void windowAllOnEventTimeWithProcessAllWindowFunctionLatenessAndLateOutput() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        CollectSink<String> out = new CollectSink<>();
        CollectSink<Long> late = new CollectSink<>();
        // lateness 2 s, cleanup of [0, 10s) at 11999; per-event watermarks max - 1: 1000 2000 11000 (wm 10999
        // fires [0,10s)) 3000 (within lateness: re-fires)
        // 12000 (wm 11999: [0, 10s) cleaned up) 4000 (late: side output); end fires [10s, 20s)
        SingleOutputStreamOperator<String> windows = env.fromData(1000L, 2000L, 11000L, 3000L, 12000L, 4000L)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forMonotonousTimestamps()
                        .withTimestampAssigner((v, ts) -> v))
                .windowAll(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .allowedLateness(Duration.ofMillis(2000))
                .sideOutputLateData(LATE)
                .process(new ProcessAllWindowFunction<Long, String, TimeWindow>() {
                    @Override
                    public void process(Context ctx, Iterable<Long> elements, Collector<String> collector) {
                        int n = 0;
                        for (Long ignored : elements) {
                            n++;
                        }
                        collector.collect(ctx.window().getStart() + ":" + n + ":" + ctx.firing().timing());
                    }
                });
        windows.addSink(out);
        windows.getSideOutput(LATE).addSink(late);
        env.getConfig().setPerEventWatermarks(true);
        env.execute();
        // (the sinks run at parallelism 2: the order across them is not defined)
        assertThat(out.values()).containsExactlyInAnyOrder("0:2:ON_TIME", "0:3:LATE", "10000:2:ON_TIME");
        assertThat(late.values()).containsExactly(4000L);
    }
}
