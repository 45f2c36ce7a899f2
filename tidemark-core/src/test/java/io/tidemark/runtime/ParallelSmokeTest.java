package io.tidemark.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.testutils.CollectSink;
import io.tidemark.util.Collector;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ParallelSmokeTest {

    static final class Src implements SplitSourceFunction<long[]> {
        @Override
        public void run(SplitSourceContext<long[]> ctx) {
            for (int i = 0; i < 20000; i++) {
                String split = "s" + (i % 4);
                if (ctx.owns(split)) {
                    long ts = i * 10L - (i * 7919L % 500);
                    ctx.collect(split, new long[] {i % 13, ts});
                }
            }
        }

        @Override
        public void cancel() {}
    }

    static final class Count implements AggregateFunction<long[], Long, Long> {
        public Long createAccumulator() {
            return 0L;
        }

        public Long add(long[] v, Long a) {
            return a + 1;
        }

        public Long getResult(Long a) {
            return a;
        }

        public Long merge(Long a, Long b) {
            return a + b;
        }
    }

    static final class Format extends ProcessWindowFunction<Long, String, Long, TimeWindow> {
        @Override
        public void process(Long key, Context ctx, Iterable<Long> counts, Collector<String> out) {
            out.collect(key + "@" + ctx.window().getStart() + "=" + counts.iterator().next());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void keyedWindowCountsEqualBatchAtAnyParallelism(int parallelism) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(parallelism);
        env.getConfig().setPerEventWatermarks(true);
        CollectSink<String> sink = new CollectSink<>();
        env.fromSource(new Src(), WatermarkStrategy.<long[]>forBoundedOutOfOrderness(Duration.ofMillis(1000))
                        .withTimestampAssigner((e, t) -> e[1]), "splits")
                .keyBy(e -> e[0])
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .aggregate(new Count(), new Format())
                .addSink(sink);
        env.execute("parallel " + parallelism);
        Map<String, Long> expected = new HashMap<>();
        for (int i = 0; i < 20000; i++) {
            long ts = i * 10L - (i * 7919L % 500);
            long start = Math.floorDiv(ts, 1000) * 1000;
            expected.merge((i % 13) + "@" + start, 1L, Long::sum);
        }
        Map<String, Long> actual = new HashMap<>();
        for (String s : sink.values()) {
            String[] kv = s.split("=");
            actual.put(kv[0], Long.parseLong(kv[1]));
        }
        assertThat(actual).isEqualTo(expected);
    }
}
