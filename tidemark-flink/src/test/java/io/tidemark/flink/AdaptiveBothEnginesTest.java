package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.AdaptiveBound;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The adaptive bound on Flink is Tidemark's generator as a Flink {@code WatermarkGenerator}: with
 * per-event watermarks on an input whose disorder widens for a while and narrows again, Flink and the
 * embedded engine fire the same windows at the same watermarks and send the same records late.
 */
class AdaptiveBothEnginesTest {

    static final OutputTag<Long> LATE = new OutputTag<>("late") {};

    static final class Describe extends ProcessWindowFunction<Long, String, Long, TimeWindow> {
        @Override
        public void process(Long key, Context ctx, Iterable<Long> in, Collector<String> out) {
            int n = 0;
            for (Long ignored : in) {
                n++;
            }
            out.collect(key + " " + ctx.window().getStart() + " " + n + " @" + ctx.currentWatermark());
        }
    }

    static Long[] input() {
        Random r = new Random(11);
        Long[] in = new Long[3000];
        long max = 0;
        for (int i = 0; i < in.length; i++) {
            max += 20;
            long behind = i >= 1000 && i < 2000 ? r.nextInt(3_000) : r.nextInt(150);
            in[i] = max - behind;
        }
        return in;
    }

    @Test
    void theSameWindowsAndLateRecordsOnBothEngines() throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.setParallelism(1);
            env.getConfig().setPerEventWatermarks(true);
            SingleOutputStreamOperator<String> windows = env.fromData(input())
                    .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forAdaptiveOutOfOrderness(
                            AdaptiveBound.quantile(0.99).factor(1.2).over(Duration.ofSeconds(10))
                                    .between(Duration.ofMillis(100), Duration.ofSeconds(5)))
                            .withTimestampAssigner((v, t) -> v))
                    .keyBy(v -> v % 2)
                    .window(TumblingEventTimeWindows.of(Duration.ofSeconds(2)))
                    .sideOutputLateData(LATE)
                    .process(new Describe());
            windows.addSink(sinks.sink("windows"));
            windows.getSideOutput(LATE).addSink(sinks.sink("late"));
        });
        List<?> tidemark = (List<?>) r.tidemark().get("windows");
        assertThat(tidemark).isNotEmpty();
        assertThat(sorted(r.flink().get("windows"))).isEqualTo(sorted(tidemark));
        assertThat(r.flink().get("late")).isEqualTo(r.tidemark().get("late"));
        // the bound learned the calm stretch (~150 ms): the peak's wider disorder sends records late until it widens
        assertThat((List<?>) r.tidemark().get("late")).isNotEmpty();
    }

    private static List<String> sorted(Object o) {
        return ((List<?>) o).stream().map(String::valueOf).sorted().toList();
    }
}
