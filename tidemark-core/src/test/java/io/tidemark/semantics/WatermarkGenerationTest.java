package io.tidemark.semantics;

import static io.tidemark.semantics.Sem.MAX;
import static io.tidemark.semantics.Sem.MIN;
import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkGenerator;
import io.tidemark.api.common.eventtime.WatermarkOutput;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.testutils.CollectSink;
import io.tidemark.testutils.ScriptedSource;
import io.tidemark.testutils.WatermarkRecorder;
import io.tidemark.time.ManualClock;
import io.tidemark.util.Collector;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How watermarks are generated: the formula, periodic vs per-event emission, monotonicity, idleness, ingestion time. */
class WatermarkGenerationTest {

    /** 12:00:00 as milliseconds of the day. */
    private static final long T0 = 12 * 3600_000L;

    private static WatermarkStrategy<Long> boundedBy(Duration bound) {
        return WatermarkStrategy.<Long>forBoundedOutOfOrderness(bound).withTimestampAssigner((v, ts) -> v);
    }

    /**
     * seeds/002 §2.1: bound 5 s, events 12:00:07, :03, :10, :08, :15. The article's table gives the
     * watermark after each event as max − bound: 12:00:02, :02, :05, :05, :10. Flink (and Tidemark)
     * emit max − bound − 1 ms, because a watermark W promises "no more records with timestamp ≤ W":
     * a record exactly {@code bound} behind the maximum (e.g. 12:00:02 after 12:00:07) must still be on
     * time, so the watermark must stay below it. Equal watermarks are not emitted again.
     */
    @Test
    void articleTableWithPerEventEmissionIsMaxMinusBoundMinusOneMillisecond() throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        List<String> log = WatermarkRecorder.newLog();
        ScriptedSource<Long> src = new ScriptedSource<Long>()
                .record(T0 + 7_000).record(T0 + 3_000).record(T0 + 10_000).record(T0 + 8_000).record(T0 + 15_000);
        Sem.record(env.addSource(src).assignTimestampsAndWatermarks(boundedBy(Duration.ofSeconds(5))), log);
        env.execute("article-table");

        long e1 = T0 + 7_000, e2 = T0 + 3_000, e3 = T0 + 10_000, e4 = T0 + 8_000, e5 = T0 + 15_000;
        assertThat(log).containsExactly(
                "r:" + e1 + "@" + e1, "w:" + (T0 + 1_999),
                "r:" + e2 + "@" + e2,
                "r:" + e3 + "@" + e3, "w:" + (T0 + 4_999),
                "r:" + e4 + "@" + e4,
                "r:" + e5 + "@" + e5, "w:" + (T0 + 9_999),
                "w:" + MAX, "end");
        // the table's last column: the watermark in force after each event
        assertThat(watermarkAfterEachRecord(log))
                .containsExactly(T0 + 1_999, T0 + 1_999, T0 + 4_999, T0 + 4_999, T0 + 9_999);
    }

    /** For each record in the log, the last watermark logged before the next record (or the end). */
    static List<Long> watermarkAfterEachRecord(List<String> log) {
        List<Long> result = new ArrayList<>();
        long current = MIN;
        boolean pending = false;
        for (String item : log) {
            if (item.startsWith("r:")) {
                if (pending) {
                    result.add(current);
                }
                pending = true;
            } else if (item.startsWith("w:") && Long.parseLong(item.substring(2)) != MAX) {
                current = Long.parseLong(item.substring(2));
            }
        }
        if (pending) {
            result.add(current);
        }
        return result;
    }

    private static ScriptedSource<Long> periodicScript(ManualClock clock) {
        return new ScriptedSource<Long>(clock)
                .at(0).record(1_000L)
                .at(100).record(2_000L)
                .tick(200)
                .at(250).record(3_000L)
                .at(399).record(4_000L)
                .tick(400)
                .tick(600)
                .at(650).record(5_000L)
                .tick(800);
    }

    /**
     * Default interval 200 ms: the first watermark comes with the first tick (200 ms after start), then
     * at most one per tick, and a tick that has nothing new (600) emits nothing. Bound 0: max − 1.
     */
    @Test
    void periodicEmissionEvery200msOnTheManualClock() throws Exception {
        ManualClock clock = new ManualClock(0);
        StreamExecutionEnvironment env = Sem.env(clock, 200);
        List<String> log = WatermarkRecorder.newLog();
        Sem.record(env.addSource(periodicScript(clock)).assignTimestampsAndWatermarks(boundedBy(Duration.ZERO)), log);
        env.execute("periodic");
        assertThat(log).containsExactly(
                "r:1000@1000", "r:2000@2000", "w:1999",
                "r:3000@3000", "r:4000@4000", "w:3999",
                "r:5000@5000", "w:4999",
                "w:" + MAX, "end");
    }

    @Test
    void defaultIntervalIs200ms() {
        assertThat(StreamExecutionEnvironment.getExecutionEnvironment().getConfig().getAutoWatermarkInterval())
                .isEqualTo(200);
    }

    /** Per-event watermarks (Tidemark's extension, {@code setPerEventWatermarks}): a watermark after every event. */
    @Test
    void perEventWatermarksEmitAfterEveryEvent() throws Exception {
        ManualClock clock = new ManualClock(0);
        StreamExecutionEnvironment env = Sem.perEvent(clock);
        List<String> log = WatermarkRecorder.newLog();
        Sem.record(env.addSource(periodicScript(clock)).assignTimestampsAndWatermarks(boundedBy(Duration.ZERO)), log);
        env.execute("per-event");
        assertThat(log).containsExactly(
                "r:1000@1000", "w:999", "r:2000@2000", "w:1999",
                "r:3000@3000", "w:2999", "r:4000@4000", "w:3999",
                "r:5000@5000", "w:4999",
                "w:" + MAX, "end");
    }

    /**
     * Interval 0 switches periodic emission off, as in Flink: a periodic generator (bounded
     * out-of-orderness) emits nothing until the final watermark of the bounded input, idleness is never
     * detected (it is checked by the periodic emission), and a punctuated generator emits as usual.
     */
    @Test
    void intervalZeroSwitchesPeriodicEmissionOff() throws Exception {
        ManualClock clock = new ManualClock(0);
        StreamExecutionEnvironment env = Sem.env(clock, 0);
        List<String> log = WatermarkRecorder.newLog();
        ScriptedSource<Long> src = periodicScript(clock);
        src.at(600_000).tick(600_200);
        Sem.record(env.addSource(src).assignTimestampsAndWatermarks(
                boundedBy(Duration.ZERO).withIdleness(Duration.ofSeconds(1))), log);
        env.execute("interval 0");
        assertThat(log).containsExactly(
                "r:1000@1000", "r:2000@2000", "r:3000@3000", "r:4000@4000", "r:5000@5000", "w:" + MAX, "end");

        StreamExecutionEnvironment env2 = Sem.env(new ManualClock(0), 0);
        List<String> log2 = WatermarkRecorder.newLog();
        WatermarkStrategy<Long> echo = WatermarkStrategy.<Long>forGenerator(ctx -> new EchoTimestamps())
                .withTimestampAssigner((v, ts) -> v);
        Sem.record(env2.addSource(new ScriptedSource<Long>().record(5_000L).record(8_000L)).assignTimestampsAndWatermarks(echo),
                log2);
        env2.execute("interval 0, punctuated");
        assertThat(log2).containsExactly("r:5000@5000", "w:5000", "r:8000@8000", "w:8000", "w:" + MAX, "end");
    }

    /** A generator that emits each event's timestamp as a watermark (punctuated), even when it is lower. */
    private static final class EchoTimestamps implements WatermarkGenerator<Long> {
        @Override
        public void onEvent(Long event, long eventTimestamp, WatermarkOutput output) {
            output.emitWatermark(new Watermark(eventTimestamp));
        }

        @Override
        public void onPeriodicEmit(WatermarkOutput output) {}
    }

    @Test
    void aLowerWatermarkIsNeverEmitted() throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        List<String> log = WatermarkRecorder.newLog();
        ScriptedSource<Long> src = new ScriptedSource<Long>().record(5_000L).record(3_000L).record(8_000L).record(8_000L);
        WatermarkStrategy<Long> echo = WatermarkStrategy.<Long>forGenerator(ctx -> new EchoTimestamps())
                .withTimestampAssigner((v, ts) -> v);
        Sem.record(env.addSource(src).assignTimestampsAndWatermarks(echo), log);
        env.execute("monotonic-generator");
        assertThat(log).containsExactly(
                "r:5000@5000", "w:5000", "r:3000@3000", "r:8000@8000", "w:8000", "r:8000@8000", "w:" + MAX, "end");
    }

    @Test
    void aSourceWatermarkLowerThanTheLastIsNotForwarded() throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        List<String> log = WatermarkRecorder.newLog();
        ScriptedSource<Long> src = new ScriptedSource<Long>().watermark(5).watermark(3).watermark(5).watermark(8);
        Sem.record(env.addSource(src), log);
        env.execute("monotonic-source");
        assertThat(log).containsExactly("w:5", "w:8", "w:" + MAX, "end");
    }

    @Test
    void beforeAnyWatermarkAnOperatorSeesLongMinValue() throws Exception {
        ManualClock clock = new ManualClock(0);
        StreamExecutionEnvironment env = Sem.env(clock, 200);
        CollectSink<Long> sink = new CollectSink<>();
        ScriptedSource<Long> src = new ScriptedSource<Long>(clock).at(0).record(1_000L).tick(200).at(250).record(2_000L);
        env.addSource(src).assignTimestampsAndWatermarks(boundedBy(Duration.ZERO))
                .process(new ProcessFunction<Long, Long>() {
                    @Override
                    public void processElement(Long value, Context ctx, Collector<Long> out) {
                        out.collect(ctx.timerService().currentWatermark());
                    }
                })
                .addSink(sink);
        env.execute("min-watermark");
        assertThat(sink.values()).containsExactly(MIN, 999L);
    }

    /**
     * Idleness, periodic mode: last event at clock 0, timeout 1 min, checks every 200 ms. As in Flink, an
     * event only counts: the check at 200 sees it, the check at 400 (the first that sees no new event)
     * starts measuring the silence, and the first check more than 60 s after that, at 60 600, reports
     * idle (60 400 is exactly 60 s: not more). The next event sends ACTIVE before the record.
     */
    @Test
    void idleAfterTheTimeoutThenActiveBeforeTheNextRecord() throws Exception {
        ManualClock clock = new ManualClock(0);
        StreamExecutionEnvironment env = Sem.env(clock, 200);
        List<String> log = WatermarkRecorder.newLog();
        ScriptedSource<Long> src = new ScriptedSource<Long>(clock).at(0).record(1_000L).tick(200);
        for (long t = 400; t <= 60_400; t += 200) {
            src.tick(t);
        }
        src.step(() -> log.add("@60400")).tick(60_600).step(() -> log.add("@60600"))
                .at(60_700).record(2_000L).tick(60_800);
        WatermarkStrategy<Long> strategy = boundedBy(Duration.ZERO).withIdleness(Duration.ofMinutes(1));
        Sem.record(env.addSource(src).assignTimestampsAndWatermarks(strategy), log);
        env.execute("idleness");
        assertThat(log).containsExactly(
                "r:1000@1000", "w:999", "@60400", "s:IDLE", "@60600", "s:ACTIVE", "r:2000@2000", "w:1999",
                "w:" + MAX, "end");
    }

    /**
     * Idleness is only checked at periodic emission. Last event at 100, timeout 1 min, checks every
     * 200 ms. Periodic mode: the check at 200 sees the event, the one at 400 starts the silence, the one
     * at 60 600 reports idle. Per-event mode: the emission right after the event sees it, so the check
     * at 200 already starts the silence, and the one at 60 400 reports idle. (The first scripted tick
     * here is at 200: ticks are scheduled one interval after the previous one fired.)
     */
    @Test
    void idlenessIsDetectedAtTheFirstCheckAfterTheTimeoutAlsoInPerEventMode() throws Exception {
        for (boolean perEvent : new boolean[] {false, true}) {
            long idleAt = perEvent ? 60_400 : 60_600;
            ManualClock clock = new ManualClock(0);
            StreamExecutionEnvironment env = perEvent ? Sem.perEvent(clock) : Sem.env(clock, 200);
            List<String> log = WatermarkRecorder.newLog();
            ScriptedSource<Long> src = new ScriptedSource<Long>(clock).at(100).record(1_000L);
            for (long t = 200; t < idleAt; t += 200) {
                src.tick(t);
            }
            src.step(() -> log.add("@before")).tick(idleAt).step(() -> log.add("@" + idleAt));
            Sem.record(env.addSource(src).assignTimestampsAndWatermarks(
                    boundedBy(Duration.ZERO).withIdleness(Duration.ofMinutes(1))), log);
            env.execute("idleness-" + perEvent);
            // the final watermark of the bounded input is a watermark like any other: an idle output
            // becomes ACTIVE before it (as Flink's watermark output does)
            assertThat(log).as("per event %s", perEvent).containsExactly(
                    "r:1000@1000", "w:999", "@before", "s:IDLE", "@" + idleAt, "s:ACTIVE", "w:" + MAX, "end");
        }
    }

    /** Ingestion time: the timestamp is the clock's time when the record reaches the assigner. */
    @Test
    void ingestionTimeStampsRecordsWithTheClock() throws Exception {
        ManualClock clock = new ManualClock(10_000);
        StreamExecutionEnvironment env = Sem.perEvent(clock);
        List<String> log = WatermarkRecorder.newLog();
        ScriptedSource<String> src = new ScriptedSource<String>(clock)
                .record("a", 1)           // its own timestamp 1 is replaced by the clock's 10 000
                .at(10_500).record("b").record("c");
        Sem.record(env.addSource(src).assignTimestampsAndWatermarks(WatermarkStrategy.forIngestionTime()), log);
        env.execute("ingestion");
        assertThat(log).containsExactly(
                "r:a@10000", "w:9999", "r:b@10500", "w:10499", "r:c@10500", "w:" + MAX, "end");
    }
}
