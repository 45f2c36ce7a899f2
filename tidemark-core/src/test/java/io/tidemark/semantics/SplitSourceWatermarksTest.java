package io.tidemark.semantics;

import static io.tidemark.semantics.Sem.MAX;
import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkGenerator;
import io.tidemark.api.common.eventtime.WatermarkOutput;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.runtime.metrics.OperatorMetrics;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.testutils.CollectSink;
import io.tidemark.testutils.ScriptedSplitSource;
import io.tidemark.testutils.WatermarkRecorder;
import io.tidemark.time.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/** env.fromSource with several splits: per-split watermarks, minimum over active splits, idle splits left out. */
class SplitSourceWatermarksTest {

    /**
     * Per-event emission, bound 0 (watermark = max − 1), idleness 1 min. Splits a and b: the source
     * watermark is min(a, b): 999 (only a seen yet), then held at 999 while b is behind, 1999 once b
     * reaches 2000. Split b then goes silent. The periodic check (due every 200 ms; it runs when the
     * clock moves) at 30 000 is the first to see no new record of b: b's silence is measured from
     * there. The check that is due when the clock reaches 90 100 runs before the record a5000 goes out
     * (as in Flink, a record is seen by its generator only after it was emitted): b has been silent for
     * 60.1 s since that start and is left out, so the source watermark jumps to a's 3999; then a5000
     * raises it to 4999.
     */
    @Test
    void sourceWatermarkIsTheMinimumOverActiveSplitsAndIdleSplitsAreLeftOut() throws Exception {
        ManualClock clock = new ManualClock(0);
        StreamExecutionEnvironment env = Sem.perEvent(clock);
        ScriptedSplitSource<String> src = new ScriptedSplitSource<String>(clock)
                .record("a", "a1000", 1000)
                .record("b", "b500", 500)
                .record("a", "a3000", 3000)
                .record("b", "b2000", 2000)
                .at(30_000).record("a", "a4000", 4000)
                .at(90_100).record("a", "a5000", 5000);
        List<String> log = WatermarkRecorder.newLog();
        WatermarkStrategy<String> strategy = WatermarkStrategy.<String>forMonotonousTimestamps()
                .withIdleness(Duration.ofMinutes(1));
        Sem.record(env.fromSource(src, strategy, "splits"), log);
        JobExecutionResult r = env.execute("splits");

        assertThat(log.subList(0, 7)).containsExactly(
                "r:a1000@1000", "w:999", "r:b500@500", "r:a3000@3000", "r:b2000@2000", "w:1999", "r:a4000@4000");
        assertThat(log).filteredOn(s -> s.startsWith("w:")).containsExactly("w:999", "w:1999", "w:3999", "w:4999", "w:" + MAX);
        assertThat(log).contains("r:a5000@5000").endsWith("w:" + MAX, "end").noneMatch(s -> s.startsWith("s:"));

        OperatorMetrics source = Sem.metrics(r, "splits");
        assertThat(source.inputWatermarks()).containsExactly(Map.entry("a", 4999L), Map.entry("b", 1999L));
        assertThat(source.idleInputs()).containsExactly("b");
    }

    /** Watermark = the event's timestamp, emitted on the event (a punctuated generator). */
    private static final class Punctuated implements WatermarkGenerator<String> {
        @Override
        public void onEvent(String event, long eventTimestamp, WatermarkOutput output) {
            output.emitWatermark(new Watermark(eventTimestamp));
        }

        @Override
        public void onPeriodicEmit(WatermarkOutput output) {}
    }

    /**
     * A split's record is emitted before its generator sees it (as in Flink), so a periodic emission due
     * at that moment cannot send a watermark that accounts for a record not yet sent. With a punctuated
     * generator (watermark = event timestamp) the record at 999 must land in [0,1000) and not be dropped
     * as late. (This caught a bug in SplitSourceAdapter, fixed in a3141fa.)
     */
    @Test
    void aWatermarkNeverOvertakesTheRecordThatProducedIt() throws Exception {
        ManualClock clock = new ManualClock(0);
        StreamExecutionEnvironment env = Sem.env(clock, 200);
        ScriptedSplitSource<String> src = new ScriptedSplitSource<String>(clock).at(200).record("a", "x", 999);
        CollectSink<String> sink = new CollectSink<>();
        env.fromSource(src, WatermarkStrategy.<String>forGenerator(ctx -> new Punctuated()), "splits")
                .keyBy(v -> "k").window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .process(new Sem.Describe<String, String>()).addSink(sink);
        JobExecutionResult r = env.execute("overtake");
        assertThat(r.getCounter("Window(process)", "numLateRecordsDropped")).isZero();
        assertThat(sink.values()).containsExactly("k [0,1000) [x] ON_TIME#1");
    }
}
