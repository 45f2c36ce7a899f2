package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.triggers.ContinuousEventTimeTrigger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Differences between the embedded engine and Flink that the differential suite found, each pinned by
 * its smallest scenario with Flink's result, after the fix in core.
 */
class FoundDifferencesTest {

    /**
     * Flink 2.3's ContinuousEventTimeTrigger caps its next early firing at the window end
     * ({@code min(time + interval, window.maxTimestamp())}); Tidemark's did not, so with allowed
     * lateness a window kept re-firing every interval after its end until its cleanup time (here
     * once more, LATE#4 at watermark 19, and again at the final watermark). Fixed in core.
     * Scenario: tumbling 10 ms, allowed lateness 5 ms, ContinuousEventTimeTrigger(4 ms), bounded
     * out-of-orderness 0, per-event watermarks, events at 1, 12, 20 (key k).
     */
    @Test
    void continuousEventTimeTriggerStopsAtTheWindowEnd() throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.getConfig().setPerEventWatermarks(true);
            env.fromElements(new Scenario.Event("k", 1, 1, 0), new Scenario.Event("k", 12, 1, 1), new Scenario.Event("k", 20, 1, 2))
                    .assignTimestampsAndWatermarks(WatermarkStrategy.<Scenario.Event>forBoundedOutOfOrderness(Duration.ZERO)
                            .withTimestampAssigner((e, previous) -> e.ts()))
                    .keyBy(Scenario.Event::key)
                    .window(TumblingEventTimeWindows.of(Duration.ofMillis(10)))
                    .allowedLateness(Duration.ofMillis(5))
                    .trigger(ContinuousEventTimeTrigger.of(Duration.ofMillis(4)))
                    .aggregate(new Scenario.CountSum(), new Scenario.Describe())
                    .addSink(sinks.sink("fired"));
        });
        List<String> flink = strings(r.flink().get("fired"));
        // timers at 4 and 8, then 9 (capped: the window end): three firings of [0,10) at watermark 11
        assertThat(flink).filteredOn(s -> s.startsWith("k[0,10)")).containsExactly(
                "k[0,10) n=1 sum=1 ON_TIME#1 wm=11", "k[0,10) n=1 sum=1 LATE#2 wm=11", "k[0,10) n=1 sum=1 LATE#3 wm=11");
        assertThat(strings(r.tidemark().get("fired"))).isEqualTo(flink);
    }

    private static List<String> strings(Object results) {
        List<String> out = new ArrayList<>();
        for (Object o : (List<?>) results) {
            out.add(o.toString());
        }
        return out;
    }
}
