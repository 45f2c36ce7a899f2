package io.tidemark.semantics;

import static io.tidemark.semantics.Sem.MAX;
import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.testutils.CollectSink;
import io.tidemark.testutils.ScriptedSource;
import io.tidemark.testutils.WatermarkRecorder;
import io.tidemark.time.ManualClock;
import io.tidemark.util.Collector;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When event-time windows fire, and which window an element belongs to. */
class WindowFiringTest {

    /** Describes a firing with the window, the elements, the firing and the watermark at that moment. */
    private static final class WithWatermark extends ProcessWindowFunction<Long, String, String, TimeWindow> {
        private static final long serialVersionUID = 1L;

        @Override
        public void process(String key, Context ctx, Iterable<Long> elements, Collector<String> out) {
            out.collect(ctx.window().getStart() + ".." + ctx.window().getEnd() + " " + elements + " " + ctx.firing()
                    + " wm=" + ctx.currentWatermark());
        }
    }

    private static DataStream<String> windowed(StreamExecutionEnvironment env, ScriptedSource<Long> src, Duration size) {
        return env.addSource(src).keyBy(v -> "k").window(TumblingEventTimeWindows.of(size)).process(new WithWatermark());
    }

    /**
     * seeds/004 §3.5.1: 4 s windows; 1, 3, 2 go to [0,4), 7 to [4,8), the late-arriving 3 still to
     * [0,4); W(4) fires [0,4) (its last timestamp 3999 ≤ 4000) but not [4,8); 5 and 6 go to [4,8), 9 to
     * [8,12); W(9) fires [4,8); [8,12) fires only with the final watermark of the bounded input.
     */
    @Test
    void fourSecondWindowWalkThroughWithW4AndW9() throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        ScriptedSource<Long> src = new ScriptedSource<Long>()
                .record(1000L, 1000).record(3000L, 3000).record(2000L, 2000).record(7000L, 7000).record(3000L, 3000)
                .watermark(4000)
                .record(5000L, 5000).record(6000L, 6000).record(9000L, 9000)
                .watermark(9000);
        CollectSink<String> sink = new CollectSink<>();
        List<String> log = WatermarkRecorder.newLog();
        Sem.record(windowed(env, src, Duration.ofSeconds(4)), log).addSink(sink);
        JobExecutionResult r = env.execute("walk");
        assertThat(sink.values()).containsExactly(
                "0..4000 [1000, 3000, 2000, 3000] ON_TIME#1 wm=4000",
                "4000..8000 [7000, 5000, 6000] ON_TIME#1 wm=9000",
                "8000..12000 [9000] ON_TIME#1 wm=" + MAX);
        // each result comes before the watermark that fired it, stamped with the window's last timestamp
        assertThat(log).containsExactly(
                "r:0..4000 [1000, 3000, 2000, 3000] ON_TIME#1 wm=4000@3999", "w:4000",
                "r:4000..8000 [7000, 5000, 6000] ON_TIME#1 wm=9000@7999", "w:9000",
                "r:8000..12000 [9000] ON_TIME#1 wm=" + MAX + "@11999", "w:" + MAX, "end");
        assertThat(r.getCounter("Window(process)", "numRecordsIn")).isEqualTo(8);
        assertThat(r.getCounter("Window(process)", "numRecordsOut")).isEqualTo(3);
        assertThat(r.getCounter("Window(process)", "numLateRecordsDropped")).isZero();
    }

    /**
     * seeds/000 §6.3: windows are [start, end): 10:05:00.000 belongs to [10:05, 10:10), 10:04:59.999 to
     * [10:00, 10:05); 10:00:00.000 to [10:00, 10:05).
     */
    @Test
    void anElementOnAWindowEndBelongsToTheNextWindow() throws Exception {
        long tenOClock = 10 * 3600_000L;
        long fiveMin = 5 * 60_000L;
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        ScriptedSource<Long> src = new ScriptedSource<Long>()
                .record(tenOClock + fiveMin, tenOClock + fiveMin)
                .record(tenOClock + fiveMin - 1, tenOClock + fiveMin - 1)
                .record(tenOClock, tenOClock);
        CollectSink<String> sink = new CollectSink<>();
        windowed(env, src, Duration.ofMinutes(5)).addSink(sink);
        env.execute("boundary");
        assertThat(sink.values()).containsExactly(
                "36000000..36300000 [36299999, 36000000] ON_TIME#1 wm=" + MAX,
                "36300000..36600000 [36300000] ON_TIME#1 wm=" + MAX);
    }

    /** The event-time trigger fires when the watermark reaches end − 1: [0,10000) fires at 9999, not at 9998. */
    @Test
    void eventTimeTriggerFiresAtWatermarkEndMinusOne() throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        ScriptedSource<Long> src = new ScriptedSource<Long>()
                .record(5000L, 5000).watermark(9998).record(9999L, 9999).watermark(9999).record(10_000L, 10_000);
        List<String> log = WatermarkRecorder.newLog();
        Sem.record(windowed(env, src, Duration.ofSeconds(10)), log);
        env.execute("end-minus-one");
        assertThat(log).containsExactly(
                "w:9998",
                "r:0..10000 [5000, 9999] ON_TIME#1 wm=9999@9999", "w:9999",
                "r:10000..20000 [10000] ON_TIME#1 wm=" + MAX + "@19999", "w:" + MAX, "end");
    }

    /**
     * seeds/000 §3.1: of(5 min, 1 min) shifts the windows by one minute: [9:56, 10:01), [10:01, 10:06),
     * [10:06, 10:11).
     */
    @Test
    void offsetWindowsStartOneMinuteAfterTheFiveMinuteMarks() throws Exception {
        long m = 60_000L;
        long ten = 10 * 60 * m;
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        ScriptedSource<Long> src = new ScriptedSource<Long>()
                .record(ten + 30_000, ten + 30_000)          // 10:00:30
                .record(ten + m, ten + m)                    // 10:01:00
                .record(ten + 6 * m - 1, ten + 6 * m - 1)    // 10:05:59.999
                .record(ten + 6 * m, ten + 6 * m);           // 10:06:00
        CollectSink<String> sink = new CollectSink<>();
        env.addSource(src).keyBy(v -> "k").window(TumblingEventTimeWindows.of(Duration.ofMinutes(5), Duration.ofMinutes(1)))
                .process(new WithWatermark()).addSink(sink);
        env.execute("offset");
        assertThat(sink.values()).containsExactly(
                (ten - 4 * m) + ".." + (ten + m) + " [" + (ten + 30_000) + "] ON_TIME#1 wm=" + MAX,
                (ten + m) + ".." + (ten + 6 * m) + " [" + (ten + m) + ", " + (ten + 6 * m - 1) + "] ON_TIME#1 wm=" + MAX,
                (ten + 6 * m) + ".." + (ten + 11 * m) + " [" + (ten + 6 * m) + "] ON_TIME#1 wm=" + MAX);
    }

    /** Negative timestamps: [−10000, 0) holds −10000 … −1; −10001 is in [−20000, −10000); 0 starts [0, 10000). */
    @Test
    void negativeTimestampsEndToEnd() throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        ScriptedSource<Long> src = new ScriptedSource<Long>()
                .record(-1L, -1).record(-10_000L, -10_000).record(-10_001L, -10_001).record(0L, 0);
        CollectSink<String> sink = new CollectSink<>();
        windowed(env, src, Duration.ofSeconds(10)).addSink(sink);
        env.execute("negative");
        assertThat(sink.values()).containsExactly(
                "-20000..-10000 [-10001] ON_TIME#1 wm=" + MAX,
                "-10000..0 [-1, -10000] ON_TIME#1 wm=" + MAX,
                "0..10000 [0] ON_TIME#1 wm=" + MAX);
    }

    /**
     * Negative offset −3 s on 10 s windows: starts at …, −13000, −3000, 7000, …: 0 and 6999 are in
     * [−3000, 7000), 7000 in [7000, 17000), −3001 in [−13000, −3000).
     */
    @Test
    void negativeOffsetEndToEnd() throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        ScriptedSource<Long> src = new ScriptedSource<Long>()
                .record(0L, 0).record(6_999L, 6_999).record(7_000L, 7_000).record(-3_001L, -3_001).record(-3_000L, -3_000);
        CollectSink<String> sink = new CollectSink<>();
        env.addSource(src).keyBy(v -> "k")
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10), Duration.ofSeconds(-3)))
                .process(new WithWatermark()).addSink(sink);
        env.execute("negative-offset");
        assertThat(sink.values()).containsExactly(
                "-13000..-3000 [-3001] ON_TIME#1 wm=" + MAX,
                "-3000..7000 [0, 6999, -3000] ON_TIME#1 wm=" + MAX,
                "7000..17000 [7000] ON_TIME#1 wm=" + MAX);
    }

    /** A bounded input ends with watermark Long.MAX_VALUE, which fires every open window (tumbling and session). */
    @Test
    void endOfInputFiresEveryOpenWindowWithTheMaxWatermark() throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        ScriptedSource<Long> src = new ScriptedSource<Long>()
                .record(1_000L, 1_000).record(25_000L, 25_000).record(1_000_000_000L, 1_000_000_000);
        CollectSink<String> tumbling = new CollectSink<>();
        CollectSink<String> sessions = new CollectSink<>();
        List<String> log = WatermarkRecorder.newLog();
        DataStream<Long> in = Sem.record(env.addSource(src), log);
        in.keyBy(v -> "k").window(TumblingEventTimeWindows.of(Duration.ofSeconds(10))).process(new WithWatermark())
                .addSink(tumbling);
        in.keyBy(v -> "k").window(EventTimeSessionWindows.withGap(Duration.ofSeconds(30))).process(new WithWatermark())
                .addSink(sessions);
        env.execute("end-of-input");
        assertThat(log).endsWith("w:" + MAX, "end").filteredOn(s -> s.startsWith("w:")).hasSize(1);
        assertThat(tumbling.values()).containsExactly(
                "0..10000 [1000] ON_TIME#1 wm=" + MAX,
                "20000..30000 [25000] ON_TIME#1 wm=" + MAX,
                "1000000000..1000010000 [1000000000] ON_TIME#1 wm=" + MAX);
        assertThat(sessions.values()).containsExactly(
                "1000..55000 [1000, 25000] ON_TIME#1 wm=" + MAX,
                "1000000000..1000030000 [1000000000] ON_TIME#1 wm=" + MAX);
    }
}
