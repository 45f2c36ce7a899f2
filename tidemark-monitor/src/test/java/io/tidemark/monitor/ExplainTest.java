package io.tidemark.monitor;

import static io.tidemark.monitor.MonitorJobs.await;
import static io.tidemark.monitor.MonitorJobs.metric;
import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.metrics.SubtaskMetrics;
import io.tidemark.core.execution.JobClient;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.testutils.CollectSink;
import io.tidemark.testutils.ScriptedSplitSource;
import io.tidemark.time.ManualClock;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * "Why has window [0, 10 s) of key k not fired?" for each line of the seeds' checklist, on running
 * jobs: a split source with splits p0 and p1 plays a script on a {@link ManualClock} (per-event
 * watermarks), then blocks, as a live source waits for its next record; the explainer asks the job.
 */
class ExplainTest {

    /** A record: its key and event time; its text is what an answer quotes. */
    record Ev(String key, long ts) implements java.io.Serializable {
        @Override
        public String toString() {
            return "{key=" + key + ", ts=" + ts + "}";
        }
    }

    static final long BOUND = 1000;

    /** Runs the script ({@code records} records, clock moves) at {@code parallelism} and explains window 0 of k. */
    static Explanation explain(int records, Consumer<ScriptedSplitSource<Ev>> script, WatermarkStrategy<Ev> strategy,
            int parallelism, boolean lateOutput) throws Exception {
        ManualClock clock = new ManualClock(0);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setClock(clock);
        env.getConfig().setPerEventWatermarks(true);
        ScriptedSplitSource<Ev> source = new ScriptedSplitSource<>(clock);
        script.accept(source);
        CountDownLatch release = new CountDownLatch(1);
        source.step(MonitorJobs.blockOn(release));
        OutputTag<Ev> late = new OutputTag<>("late") {};
        var windowed = env.fromSource(source, strategy.withTimestampAssigner((e, t) -> e.ts()), "source").setParallelism(1)
                .keyBy(Ev::key)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)));
        SingleOutputStreamOperator<Long> out = (lateOutput ? windowed.sideOutputLateData(late) : windowed)
                .aggregate(new MonitorJobs.Count<>()).name("window").setParallelism(parallelism);
        out.addSink(new CollectSink<>()).setParallelism(parallelism);
        JobClient job = env.executeAsync("explain");
        try {
            await(records + " records in the window operator",
                    () -> metric(job, "window", SubtaskMetrics.NUM_RECORDS_IN) == records);
            return new WindowExplainer(job, clock).explain("k", 0);
        } finally {
            release.countDown();
            job.getJobExecutionResult();
        }
    }

    static WatermarkStrategy<Ev> bounded(long millis) {
        return WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofMillis(millis));
    }

    /** One partition went silent without idleness: it holds the watermark back; idleness is not configured. */
    @Test
    void idlePartitionHoldsTheWatermarkBack() throws Exception {
        for (int parallelism : new int[] {1, 2}) {
            Explanation e = explain(5, s -> s.record("p0", new Ev("k", 1000), 1000).record("p1", new Ev("k", 2000), 2000)
                    .record("p0", new Ev("k", 5000), 5000).record("p0", new Ev("j", 12_000), 12_000)
                    .record("p0", new Ev("j", 25_000), 25_000), bounded(BOUND), parallelism, false);
            assertThat(e.reason()).as("at parallelism " + parallelism + ": " + e).isEqualTo("held_back_by_input");
            assertThat(e.holdingBack()).containsEntry("input", "p1").containsEntry("kind", "split")
                    .containsEntry("watermark", 999L).containsEntry("behind_others_ms", 23_000L)
                    .containsEntry("idle_timeout_ms", null);
            assertThat(e.message()).contains("split 'p1'").contains("23000 ms behind").contains("no idleness is configured");
            assertThat(e.watermark()).containsEntry("current", 999L).containsEntry("fires_at", 9999L);
            assertThat(e.checklist().get(1).finding()).isEqualTo("problem");
            assertThat(e.checklist().get(4).finding()).isEqualTo("ok"); // the window got records
        }
    }

    /** With idleness the answer says when the silent split will be released. */
    @Test
    void idlenessWouldReleaseTheSplitAt() throws Exception {
        Explanation e = explain(4, s -> s.record("p0", new Ev("k", 1000), 1000).record("p1", new Ev("k", 2000), 2000)
                .at(300).record("p0", new Ev("j", 12_000), 12_000).record("p0", new Ev("j", 25_000), 25_000),
                bounded(BOUND).withIdleness(Duration.ofMinutes(1)), 1, false);
        assertThat(e.reason()).isEqualTo("held_back_by_input");
        // the check at 300 saw p1's record: released at about 300 + 60 000 + the 200 ms interval
        assertThat(e.holdingBack()).containsEntry("input", "p1").containsEntry("idle_timeout_ms", 60_000L)
                .containsEntry("last_active", 300L).containsEntry("idle_release_at", 60_500L);
        assertThat(e.message()).contains("idleness (60000 ms) marks it idle at about 1970-01-01T00:01:00.500Z");
    }

    /** Records past the window's end came, but the bound (60 s) keeps the watermark below it. */
    @Test
    void largeBound() throws Exception {
        Explanation e = explain(4, s -> s.record("p0", new Ev("k", 1000), 1000).record("p0", new Ev("k", 5000), 5000)
                .record("p0", new Ev("j", 20_000), 20_000).at(300).record("p0", new Ev("j", 30_000), 30_000),
                bounded(60_000), 1, false);
        assertThat(e.reason()).as(e.toString()).isEqualTo("out_of_orderness_bound");
        assertThat(e.message()).contains("bound, 60000 ms").contains("record of 1970-01-01T00:01:10Z or later");
        assertThat(e.checklist().get(2).finding()).isEqualTo("problem");
    }

    /** The key had records, but none in this window; the watermark passed it. */
    @Test
    void noRecords() throws Exception {
        Explanation e = explain(3, s -> s.record("p0", new Ev("k", 15_000), 15_000).record("p0", new Ev("k", 16_000), 16_000)
                .record("p0", new Ev("j", 25_000), 25_000), bounded(BOUND), 1, false);
        assertThat(e.reason()).as(e.toString()).isEqualTo("no_records");
        assertThat(e.message()).contains("got no records for key 'k'").contains("passed its end");
        assertThat(e.checklist().get(4).finding()).isEqualTo("problem");
    }

    /** The window's only record came after the watermark had passed it: dropped, or to the late output. */
    @Test
    void lateRecords() throws Exception {
        for (boolean lateOutput : new boolean[] {false, true}) {
            Explanation e = explain(5, s -> s.record("p0", new Ev("j", 2000), 2000).record("p0", new Ev("j", 8000), 8000)
                    .record("p0", new Ev("j", 14_000), 14_000).record("p0", new Ev("j", 20_000), 20_000)
                    .record("p0", new Ev("k", 5000), 5000), bounded(BOUND), 1, lateOutput);
            assertThat(e.reason()).as(e.toString()).isEqualTo("late_records");
            assertThat(e.message()).contains("of 1970-01-01T00:00:05Z").contains("watermark was already 1970-01-01T00:00:18.999Z")
                    .contains(lateOutput ? "sent to the late output" : "dropped");
            assertThat(e.checklist().get(3).finding()).isEqualTo("ok"); // moves of 6 s: no jump
            assertThat(e.checklist().get(5).finding()).isEqualTo("problem");
        }
    }

    /** One record an hour ahead carried the watermark past the window: its records came late. */
    @Test
    void watermarkJump() throws Exception {
        Explanation e = explain(5, s -> s.record("p0", new Ev("j", 2000), 2000).record("p0", new Ev("j", 3000), 3000)
                .record("p0", new Ev("j", 3_600_000), 3_600_000)
                .record("p0", new Ev("k", 4000), 4000).record("p0", new Ev("k", 5000), 5000), bounded(BOUND), 1, false);
        assertThat(e.reason()).as(e.toString()).isEqualTo("watermark_jump");
        assertThat(e.message()).contains("on split 'p0' a record of 1970-01-01T01:00:00Z").contains("{key=j, ts=3600000}")
                .contains("2 record(s) of the window came late");
        assertThat(e.checklist().get(3).finding()).isEqualTo("problem");
    }

    /** The window fired: not stuck. */
    @Test
    void fired() throws Exception {
        Explanation e = explain(2, s -> s.record("p0", new Ev("k", 1000), 1000).record("p0", new Ev("j", 12_000), 12_000),
                bounded(BOUND), 1, false);
        assertThat(e.reason()).isEqualTo("fired");
        assertThat(e.message()).contains("fired 1 time(s), first ON_TIME at watermark 1970-01-01T00:00:10.999Z");
    }

    /** noWatermarks(): event-time windows wait for the end of the input. */
    @Test
    void noWatermark() throws Exception {
        Explanation e = explain(2, s -> s.record("p0", new Ev("k", 1000), 1000).record("p0", new Ev("j", 12_000), 12_000),
                WatermarkStrategy.noWatermarks(), 1, false);
        assertThat(e.reason()).isEqualTo("no_watermark");
        assertThat(e.message()).contains("noWatermarks()");
        assertThat(e.checklist().get(0).finding()).isEqualTo("problem");
    }
}
