package io.tidemark.semantics;

import static io.tidemark.semantics.Sem.MAX;
import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.datastream.WindowedStream;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.testutils.CollectSink;
import io.tidemark.testutils.ScriptedSource;
import io.tidemark.testutils.WatermarkRecorder;
import io.tidemark.time.ManualClock;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Allowed lateness, re-firing, late side output and the late-record counters (seeds/003 §6–7,
 * seeds/004 §3.5.7).
 */
class LatenessTest {

    private static final String OP = "Window(process)";

    /** Logs every firing as a record and every state clean-up into {@code log}. */
    private static final class Logging extends ProcessWindowFunction<Long, String, String, TimeWindow> {
        private static final long serialVersionUID = 1L;
        private final transient List<String> log;

        Logging(List<String> log) {
            this.log = log;
        }

        @Override
        public void process(String key, Context ctx, Iterable<Long> elements, Collector<String> out) {
            out.collect("[" + ctx.window().getStart() + "," + ctx.window().getEnd() + ") " + elements + " "
                    + ctx.firing().timing() + "#" + ctx.firing().index());
        }

        @Override
        public void clear(Context ctx) {
            log.add("clear [" + ctx.window().getStart() + "," + ctx.window().getEnd() + ")");
        }
    }

    /**
     * 10 s windows, allowed lateness 5 s: [0,10000) fires ON_TIME at watermark 9999; its state lives until
     * 9999 + 5000 = 14999. A late element before that re-fires the window at once (LATE, index 2, then 3)
     * with the updated contents; at watermark 14998 the window is still live; at 14999 it is cleared,
     * and an element for it goes to the side output.
     */
    private static ScriptedSource<Long> latenessScript() {
        return new ScriptedSource<Long>()
                .record(1000L, 1000).record(3000L, 3000)
                .watermark(9999)
                .record(2000L, 2000)
                .watermark(14_998)
                .record(4000L, 4000)
                .watermark(14_999)
                .record(5000L, 5000);
    }

    @Test
    void lateElementWithinLatenessReFiresBeyondItGoesToTheSideOutput() throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        List<String> log = WatermarkRecorder.newLog();
        OutputTag<Long> late = new OutputTag<>("late");
        SingleOutputStreamOperator<String> result = env.addSource(latenessScript()).keyBy(v -> "k")
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .allowedLateness(Duration.ofSeconds(5))
                .sideOutputLateData(late)
                .process(new Logging(log));
        Sem.record(result, log);
        CollectSink<Long> side = new CollectSink<>();
        result.getSideOutput(late).addSink(side);
        JobExecutionResult r = env.execute("lateness");

        assertThat(log).containsExactly(
                "r:[0,10000) [1000, 3000] ON_TIME#1@9999", "w:9999",
                "r:[0,10000) [1000, 3000, 2000] LATE#2@9999",
                "w:14998",
                "r:[0,10000) [1000, 3000, 2000, 4000] LATE#3@9999",
                "clear [0,10000)", "w:14999",
                "w:" + MAX, "end");
        assertThat(side.values()).containsExactly(5000L);
        assertThat(r.getCounter(OP, "numRecordsIn")).isEqualTo(5);
        assertThat(r.getCounter(OP, "numLateRecordsReFired")).isEqualTo(2);
        assertThat(r.getCounter(OP, "numLateRecordsSideOutput")).isEqualTo(1);
        assertThat(r.getCounter(OP, "numLateRecordsDropped")).isZero();
        // accounting: records in = contents of each window's last firing + side output + dropped
        assertThat(4 + side.values().size() + r.getCounter(OP, "numLateRecordsDropped"))
                .isEqualTo(r.getCounter(OP, "numRecordsIn"));
    }

    @Test
    void withoutASideOutputTheLateRecordIsCountedAsDropped() throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        List<String> log = WatermarkRecorder.newLog();
        CollectSink<String> sink = new CollectSink<>();
        env.addSource(latenessScript()).keyBy(v -> "k")
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .allowedLateness(Duration.ofSeconds(5))
                .process(new Logging(log)).addSink(sink);
        JobExecutionResult r = env.execute("dropped");
        assertThat(sink.values()).containsExactly(
                "[0,10000) [1000, 3000] ON_TIME#1",
                "[0,10000) [1000, 3000, 2000] LATE#2",
                "[0,10000) [1000, 3000, 2000, 4000] LATE#3");
        assertThat(r.getCounter(OP, "numLateRecordsDropped")).isEqualTo(1);
        assertThat(r.getCounter(OP, "numLateRecordsSideOutput")).isZero();
    }

    /** Lateness 0 (the default): every element behind its window's end goes to the side output (seeds/003 §7.1). */
    @Test
    void withZeroLatenessEveryLateElementIsSideOutput() throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        ScriptedSource<Long> src = new ScriptedSource<Long>()
                .record(1000L, 1000).watermark(9998).record(9999L, 9999).watermark(9999).record(9999L, 9999)
                .record(10_000L, 10_000);
        OutputTag<Long> late = new OutputTag<>("late");
        SingleOutputStreamOperator<String> result = env.addSource(src).keyBy(v -> "k")
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10))).sideOutputLateData(late)
                .process(new Logging(WatermarkRecorder.newLog()));
        CollectSink<String> main = new CollectSink<>();
        CollectSink<Long> side = new CollectSink<>();
        result.addSink(main);
        result.getSideOutput(late).addSink(side);
        env.execute("zero-lateness");
        assertThat(main.values()).containsExactly("[0,10000) [1000, 9999] ON_TIME#1", "[10000,20000) [10000] ON_TIME#1");
        assertThat(side.values()).containsExactly(9999L);
    }

    /**
     * Allowed lateness of Long.MAX_VALUE ms: the clean-up time end − 1 + lateness saturates at
     * Long.MAX_VALUE instead of overflowing, so (for timestamps ≥ 0) no window is ever late and nothing
     * is side-output or dropped, even at watermark Long.MAX_VALUE − 1.
     */
    @Test
    void allowedLatenessNearLongMaxNeverMakesAnythingLateAndDoesNotOverflow() throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        ScriptedSource<Long> src = new ScriptedSource<Long>()
                .record(1000L, 1000).watermark(9999)
                .watermark(MAX - 1)
                .record(2000L, 2000)
                .record(15_000L, 15_000);
        OutputTag<Long> late = new OutputTag<>("late");
        SingleOutputStreamOperator<String> result = env.addSource(src).keyBy(v -> "k")
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .allowedLateness(Duration.ofMillis(Long.MAX_VALUE))
                .sideOutputLateData(late)
                .process(new Logging(WatermarkRecorder.newLog()));
        CollectSink<String> main = new CollectSink<>();
        CollectSink<Long> side = new CollectSink<>();
        result.addSink(main);
        result.getSideOutput(late).addSink(side);
        JobExecutionResult r = env.execute("max-lateness");
        assertThat(main.values()).containsExactly(
                "[0,10000) [1000] ON_TIME#1",
                "[0,10000) [1000, 2000] LATE#2",
                // the first firing of [10000,20000) happens after its end: ON_TIME (first at/after the end)
                "[10000,20000) [15000] ON_TIME#1");
        assertThat(side.values()).isEmpty();
        assertThat(r.getCounter(OP, "numLateRecordsDropped")).isZero();
        assertThat(r.getCounter(OP, "numLateRecordsSideOutput")).isZero();
    }

    /**
     * Sliding windows (size 10 s, slide 5 s): 1000 is in [0,10000) and [−5000,5000) — windows start below
     * 0. After watermark 9999 both fired; 7000 is late for [0,10000) but still updates [5000,15000) and is
     * NOT side-output; 4000 is late for both its windows and is side-output.
     */
    @Test
    void slidingElementLateForSomeWindowsStillUpdatesTheOthers() throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        ScriptedSource<Long> src = new ScriptedSource<Long>()
                .record(1000L, 1000).watermark(9999).record(7000L, 7000).record(4000L, 4000).watermark(14_999);
        OutputTag<Long> late = new OutputTag<>("late");
        SingleOutputStreamOperator<String> result = env.addSource(src).keyBy(v -> "k")
                .window(SlidingEventTimeWindows.of(Duration.ofSeconds(10), Duration.ofSeconds(5)))
                .sideOutputLateData(late)
                .process(new Logging(WatermarkRecorder.newLog()));
        CollectSink<String> main = new CollectSink<>();
        CollectSink<Long> side = new CollectSink<>();
        result.addSink(main);
        result.getSideOutput(late).addSink(side);
        JobExecutionResult r = env.execute("sliding-late");
        assertThat(main.values()).containsExactly(
                "[-5000,5000) [1000] ON_TIME#1",
                "[0,10000) [1000] ON_TIME#1",
                "[5000,15000) [7000] ON_TIME#1");
        assertThat(side.values()).containsExactly(4000L);
        assertThat(r.getCounter(OP, "numLateRecordsSideOutput")).isEqualTo(1);
        assertThat(r.getCounter(OP, "numLateRecordsDropped")).isZero();
        assertThat(r.getCounter(OP, "numRecordsWithoutWindow")).isZero();
    }

    /** The sliding window walk-through also proves that the result timestamps are each window's end − 1. */
    @Test
    void windowResultsCarryTheWindowsLastTimestamp() throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        List<String> log = WatermarkRecorder.newLog();
        ScriptedSource<Long> src = new ScriptedSource<Long>().record(1000L, 1000);
        WindowedStream<Long, String, TimeWindow> w = env.addSource(src).keyBy(v -> "k")
                .window(SlidingEventTimeWindows.of(Duration.ofSeconds(10), Duration.ofSeconds(5)));
        Sem.record(w.process(new Logging(log)), log);
        env.execute("timestamps");
        assertThat(log).containsExactly(
                "r:[-5000,5000) [1000] ON_TIME#1@4999", "clear [-5000,5000)",
                "r:[0,10000) [1000] ON_TIME#1@9999", "clear [0,10000)",
                "w:" + MAX, "end");
    }
}
