package io.tidemark.semantics;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.java.tuple.Tuple2;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.datastream.KeyedStream;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.testutils.CollectSink;
import io.tidemark.testutils.ScriptedSource;
import io.tidemark.time.ManualClock;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Per-key watermarks ({@code keyBy(..).withPerKeyWatermarks(strategy)}): devices whose clocks are hours
 * apart. Device A's clock reads 10:00, device B's 07:00; 60 readings each, one a second, interleaved, A
 * first, arriving 100 ms apart; bound 5 s, 10 s windows, per-event watermarks. One global watermark
 * follows A, so every one of B's readings is late; per-key watermarks fire each device's windows on its
 * own clock: 6 windows of 10 readings each per device, nothing late.
 */
class PerKeyWatermarksTest {

    static final long TEN = 10 * 3600_000L;
    static final long SEVEN = 7 * 3600_000L;
    static final long SIX = 6 * 3600_000L;
    static final OutputTag<Tuple2<String, Long>> LATE = new OutputTag<>("late") {};

    /** "device start count watermark-at-firing". */
    static final class Describe extends ProcessWindowFunction<Tuple2<String, Long>, String, String, TimeWindow> {
        @Override
        public void process(String key, Context ctx, Iterable<Tuple2<String, Long>> in, Collector<String> out) {
            int n = 0;
            for (Tuple2<String, Long> ignored : in) {
                n++;
            }
            out.collect(key + " " + ctx.window().getStart() + " " + n + (ctx.currentWatermark() == Long.MAX_VALUE ? " end" : ""));
        }
    }

    record Run(List<String> windows, List<Tuple2<String, Long>> late) {}

    static Run run(ScriptedSource<Tuple2<String, Long>> src, ManualClock clock,
            UnaryOperator<KeyedStream<Tuple2<String, Long>, String>> perKey, boolean globalWatermarks) throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(clock);
        WatermarkStrategy<Tuple2<String, Long>> bounded = WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(
                Duration.ofSeconds(5)).withTimestampAssigner((e, t) -> e.f1);
        DataStream<Tuple2<String, Long>> in = env.addSource(src);
        in = globalWatermarks ? in.assignTimestampsAndWatermarks(bounded)
                : in.assignTimestampsAndWatermarks(WatermarkStrategy.<Tuple2<String, Long>>noWatermarks().withTimestampAssigner((e, t) -> e.f1));
        SingleOutputStreamOperator<String> windows = perKey.apply(in.keyBy(e -> e.f0))
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .sideOutputLateData(LATE)
                .process(new Describe());
        CollectSink<String> results = new CollectSink<>();
        CollectSink<Tuple2<String, Long>> late = new CollectSink<>();
        windows.addSink(results);
        windows.getSideOutput(LATE).addSink(late);
        env.execute("per-key");
        return new Run(new ArrayList<>(results.values()), new ArrayList<>(late.values()));
    }

    static ScriptedSource<Tuple2<String, Long>> twoDevices(ManualClock clock) {
        ScriptedSource<Tuple2<String, Long>> src = new ScriptedSource<>(clock);
        long now = 0;
        for (int i = 0; i < 60; i++) {
            src.at(now += 100).record(Tuple2.of("A", TEN + i * 1000L));
            src.at(now += 100).record(Tuple2.of("B", SEVEN + i * 1000L));
        }
        return src;
    }

    static List<String> sixWindowsOfTen(String device, long base, boolean lastAtEnd) {
        List<String> out = new ArrayList<>();
        for (int w = 0; w < 6; w++) {
            out.add(device + " " + (base + w * 10_000L) + " 10" + (lastAtEnd && w == 5 ? " end" : ""));
        }
        return out;
    }

    @Test
    void devicesHoursApartLoseNothingToLatenessOnTheirOwnWatermarks() throws Exception {
        ManualClock clock = new ManualClock(0);
        Run global = run(twoDevices(clock), clock, k -> k, true);
        assertThat(global.late()).hasSize(60).allMatch(e -> e.f0.equals("B"));

        ManualClock clock2 = new ManualClock(0);
        Run perKey = run(twoDevices(clock2), clock2, k -> k.withPerKeyWatermarks(WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(
                Duration.ofSeconds(5))), false);
        assertThat(perKey.late()).isEmpty();
        List<String> expected = new ArrayList<>(sixWindowsOfTen("A", TEN, true));
        expected.addAll(sixWindowsOfTen("B", SEVEN, true));
        assertThat(perKey.windows()).containsExactlyInAnyOrderElementsOf(expected);
    }

    /**
     * Per-key idleness and the floor: device C (clock 06:00) sends 5 readings and falls silent. Without
     * idleness its last window waits for the end of the input (its own watermark no longer moves, and it
     * holds the floor); with idleness 1 s (per key, checked every 200 ms) C turns idle, the floor rises to
     * the lowest of A and B (07:00), and C's window [06:00:00, 06:00:10) closes before the end.
     */
    @Test
    void aSilentKeyClosesOnTheFloorOnceIdle() throws Exception {
        for (boolean idleness : new boolean[] {false, true}) {
            ManualClock clock = new ManualClock(0);
            ScriptedSource<Tuple2<String, Long>> src = new ScriptedSource<>(clock);
            long now = 0;
            for (int i = 0; i < 60; i++) {
                src.at(now += 100).record(Tuple2.of("A", TEN + i * 1000L));
                src.at(now += 100).record(Tuple2.of("B", SEVEN + i * 1000L));
                if (i < 5) {
                    src.at(now += 100).record(Tuple2.of("C", SIX + i * 1000L));
                }
            }
            WatermarkStrategy<Tuple2<String, Long>> s = WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofSeconds(5));
            WatermarkStrategy<Tuple2<String, Long>> strategy = idleness ? s.withIdleness(Duration.ofSeconds(1)) : s;
            Run r = run(src, clock, k -> k.withPerKeyWatermarks(strategy), false);
            assertThat(r.late()).isEmpty();
            assertThat(r.windows()).contains(idleness ? "C " + SIX + " 5" : "C " + SIX + " 5 end");
        }
    }
}
