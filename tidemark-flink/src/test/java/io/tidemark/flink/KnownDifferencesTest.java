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
 * The differences between the embedded engine and Flink that the differential suite found, each with
 * its smallest scenario. Each test pins Flink's behaviour, and accepts Tidemark's either equal to it
 * (once core is fixed) or differing exactly as documented in docs/flink-runner.md.
 */
class KnownDifferencesTest {

    /**
     * Flink 2.3's ContinuousEventTimeTrigger caps its next early firing at the window end
     * ({@code min(time + interval, window.maxTimestamp())}); Tidemark's does not, so with allowed
     * lateness a window keeps re-firing every interval after its end until its cleanup time.
     * Scenario: tumbling 10 ms, allowed lateness 5 ms, ContinuousEventTimeTrigger(4 ms), bounded
     * out-of-orderness 0, per-event watermarks, events at 1, 12, 20 (key k).
     */
    @Test
    void continuousEventTimeTriggerAfterTheWindowEnd() throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.getConfig().setAutoWatermarkInterval(0);
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
        List<String> tidemark = strings(r.tidemark().get("fired"));
        // Flink: timers at 4 and 8, then 9 (capped: the window end) — three firings of [0,10) at watermark 11
        assertThat(flink).filteredOn(s -> s.startsWith("k[0,10)")).containsExactly(
                "k[0,10) n=1 sum=1 ON_TIME#1 wm=11", "k[0,10) n=1 sum=1 LATE#2 wm=11", "k[0,10) n=1 sum=1 LATE#3 wm=11");
        if (!tidemark.equals(flink)) {
            List<String> extra = new ArrayList<>(tidemark);
            extra.removeAll(flink);
            // Tidemark: the uncapped timer at 12 fires [0,10) once more at watermark 19, before its cleanup
            // at 14; and at the final watermark every window re-fires along its uncapped timers
            assertThat(extra).contains("k[0,10) n=1 sum=1 LATE#4 wm=19");
            assertThat(extra).allMatch(s -> s.contains(" LATE#"));
            assertThat(flink).allMatch(tidemark::contains);
            System.out.println("KNOWN DIFFERENCE (Tidemark core): ContinuousEventTimeTrigger does not cap its early timers "
                    + "at the window end; Tidemark fired " + extra + " that Flink 2.3 does not");
        }
    }

    private static List<String> strings(Object results) {
        List<String> out = new ArrayList<>();
        for (Object o : (List<?>) results) {
            out.add(o.toString());
        }
        return out;
    }
}
