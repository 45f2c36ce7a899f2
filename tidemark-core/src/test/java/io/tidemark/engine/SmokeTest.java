package io.tidemark.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.testutils.CollectSink;
import io.tidemark.testutils.ScriptedSource;
import io.tidemark.util.Collector;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SmokeTest {

    @Test
    void walkThroughOfFourSecondWindows() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        ScriptedSource<Long> src = new ScriptedSource<Long>()
                .record(1000L, 1000).record(3000L, 3000).record(2000L, 2000).record(7000L, 7000).record(3000L, 3000)
                .watermark(4000)
                .record(5000L, 5000).record(6000L, 6000).record(9000L, 9000)
                .watermark(9000);
        CollectSink<String> sink = new CollectSink<>();
        env.addSource(src)
                .keyBy(v -> "k")
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(4)))
                .process(new ProcessWindowFunction<Long, String, String, TimeWindow>() {
                    @Override
                    public void process(String key, Context ctx, Iterable<Long> elements, Collector<String> out) {
                        out.collect(ctx.window().getStart() + ".." + ctx.window().getEnd() + " " + elements + " " + ctx.firing()
                                + " wm=" + ctx.currentWatermark());
                    }
                })
                .addSink(sink);
        JobExecutionResult r = env.execute("walk");
        assertThat(sink.values()).containsExactly(
                "0..4000 [1000, 3000, 2000, 3000] ON_TIME#1 wm=4000",
                "4000..8000 [7000, 5000, 6000] ON_TIME#1 wm=9000",
                "8000..12000 [9000] ON_TIME#1 wm=9223372036854775807");
        assertThat(r.getCounter("Window(process)", "numRecordsIn")).isEqualTo(8);
    }
}
