package io.tidemark.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.testutils.CollectSink;
import io.tidemark.testutils.ScriptedSource;
import io.tidemark.time.ManualClock;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Run-level watermark metrics: the last event-time watermark before the end, and the largest lag. */
class RunMetricsTest {

    @Test
    void lastEventTimeWatermarkAndMaximumLag() throws Exception {
        ManualClock clock = new ManualClock(0);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setClock(clock);
        env.getConfig().setPerEventWatermarks(true);
        env.addSource(new ScriptedSource<Long>(clock)
                        .at(10_000).record(1000L)   // watermark 999 at clock 10 000: lag 9 001
                        .at(12_000).record(5000L)   // watermark 4 999 at clock 12 000: lag 7 001
                        .at(30_000).record(6000L))  // watermark 5 999 at clock 30 000: lag 24 001
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forMonotonousTimestamps().withTimestampAssigner((v, t) -> v))
                .map(v -> v).name("after")
                .addSink(new CollectSink<>());
        JobExecutionResult r = env.execute("run metrics");
        Map<String, Long> m = r.getOperatorMetrics("after");
        assertThat(m.get("lastEventTimeWatermark")).isEqualTo(5999);
        assertThat(m.get("maxWatermarkLag")).isEqualTo(24_001);
        assertThat(m.get("currentInputWatermark")).isEqualTo(Long.MAX_VALUE);
    }
}
