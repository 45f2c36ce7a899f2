package io.tidemark.examples.outoforder;

import static io.tidemark.examples.outoforder.SampleOrders.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.testutils.CollectSink;
import io.tidemark.time.ReplayClock;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * seeds/003 §4.3–§8 on hand-made input. "wm before" = the watermark emitted just before an order
 * arrives: largest earlier event time − bound − 1 ms (§8's generator: − 32.5 s exactly). The
 * orders are ≥ 2 s apart, so the 200 ms periodic emission runs between any two, and < 60 s apart, so
 * the 1-minute idleness never triggers. Windows: W0 = [10:00,10:05) (max timestamp 10:04:59.999),
 * W1 = [10:05,10:10), W2 = [10:10,10:15).
 */
class OutOfOrderExamplesTest {

    static StreamExecutionEnvironment env(ReplayClock clock) {
        return StreamExecutionEnvironment.getExecutionEnvironment().setClock(clock);
    }

    static <O> List<String> userAndAmount(List<O> orders, java.util.function.Function<O, String> user,
            java.util.function.Function<O, Double> amount) {
        return orders.stream().map(o -> user.apply(o) + "=" + amount.apply(o)).toList();
    }

    /** §4.3: out-of-orderness = processing (arrival) time − event time; max and integer average. */
    @Test
    void outOfOrderMonitorReportsMaxAndAverage() throws Exception {
        ReplayClock clock = new ReplayClock();
        StreamExecutionEnvironment env = env(clock);
        CollectSink<String> sink = new CollectSink<>();
        OutOfOrderMonitor.build(env, new OutOfOrderMonitor.EventSource(clock, List.of(
                SampleEvents.row("10:00:01", "10:00:00", "a"),      // 1000 ms
                SampleEvents.row("10:00:03", "10:00:01", "b"),      // 2000 ms
                SampleEvents.row("10:00:04", "10:00:04", "c"),      // 0
                SampleEvents.row("10:00:10", "10:00:02", "d"),      // 8000 ms
                SampleEvents.row("10:00:11", "10:00:10.500", "e"),  // 500 ms
                SampleEvents.row("10:00:12", "10:00:11", "f"),      // 1000 ms
                SampleEvents.row("10:00:13", "10:00:12", "g"))), 3).addSink(sink);
        env.execute("test");
        assertThat(sink.values()).containsExactly(
                "count=3, maxOutOfOrder=2000ms, avgOutOfOrder=1000ms",  // 3000 / 3
                "count=6, maxOutOfOrder=8000ms, avgOutOfOrder=2083ms"); // 12500 / 6
    }

    /** §5: within the 5 s bound an order is counted; 10 s out of order it is dropped (no lateness set). */
    @Test
    void boundedOutOfOrdernessIncludesWithinBoundAndDropsBeyond() throws Exception {
        ReplayClock clock = new ReplayClock();
        StreamExecutionEnvironment env = env(clock);
        CollectSink<BoundedOutOfOrdernessExample.Order> sink = new CollectSink<>();
        BoundedOutOfOrdernessExample.build(env, new BoundedOutOfOrdernessExample.OrderSource(clock, List.of(
                row("10:04:50", "u1", 10.0, "10:04:50"),
                row("10:04:55", "u2", 3.0, "10:04:52"),
                row("10:05:02", "u1", 1.0, "10:05:02"),
                row("10:05:04", "u1", 4.0, "10:04:58"),    // wm before 10:04:56.999: 4 s out of order, counted in W0
                row("10:05:10", "u2", 2.0, "10:05:09"),
                row("10:05:15", "u1", 100.0, "10:04:59")))) // wm before 10:05:03.999: W0 has fired, dropped
                .addSink(sink);
        JobExecutionResult result = env.execute("test");
        List<String> got = userAndAmount(sink.values(), o -> o.userId, o -> o.amount);
        assertThat(got.subList(0, 2)).containsExactlyInAnyOrder("u1=14.0", "u2=3.0"); // W0, before the 6th order
        assertThat(got.subList(2, 4)).containsExactlyInAnyOrder("u1=1.0", "u2=2.0");   // W1, at the end of input
        assertThat(got).hasSize(4);
        assertThat(result.getCounter("Window(sum(amount))", "numLateRecordsDropped")).isEqualTo(1);
    }

    /** §6: bound 30 s, lateness 5 min: a late order re-fires W0; one past 10:09:59.999 goes to "late". */
    @Test
    void allowedLatenessReFiresThenSidesOutput() throws Exception {
        ReplayClock clock = new ReplayClock();
        StreamExecutionEnvironment env = env(clock);
        CollectSink<AllowedLatenessExample.Order> main = new CollectSink<>();
        CollectSink<AllowedLatenessExample.Order> late = new CollectSink<>();
        SingleOutputStreamOperator<AllowedLatenessExample.Order> result = AllowedLatenessExample.build(env,
                new AllowedLatenessExample.OrderSource(clock, List.of(
                        row("10:04:40", "u1", 10.0, "10:04:40"),
                        row("10:05:10", "u1", 1.0, "10:05:10"),
                        row("10:05:35", "u1", 2.0, "10:05:35"),
                        row("10:05:50", "u2", 3.0, "10:05:45"),  // wm before 10:05:04.999: W0 fires, u1=10
                        row("10:06:00", "u1", 20.0, "10:04:30"), // wm before 10:05:14.999 < 10:09:59.999: W0 again, u1=30
                        row("10:06:30", "u2", 1.0, "10:06:30"),
                        row("10:07:20", "u2", 1.0, "10:07:20"),
                        row("10:08:10", "u2", 1.0, "10:08:10"),
                        row("10:09:00", "u2", 1.0, "10:09:00"),
                        row("10:09:50", "u2", 1.0, "10:09:50"),
                        row("10:10:40", "u2", 1.0, "10:10:40"),
                        row("10:11:00", "u1", 50.0, "10:04:10")))); // wm before 10:10:09.999: W0 cleaned up -> late; W1 fires
        result.addSink(main);
        result.getSideOutput(AllowedLatenessExample.lateTag).addSink(late);
        env.execute("test");
        List<String> got = userAndAmount(main.values(), o -> o.userId, o -> o.amount);
        assertThat(got.subList(0, 2)).containsExactly("u1=10.0", "u1=30.0");
        assertThat(got.subList(2, 4)).containsExactlyInAnyOrder("u1=3.0", "u2=8.0"); // W1: 1+2; 3+1+1+1+1+1
        assertThat(got.subList(4, got.size())).containsExactly("u2=1.0");             // W2 at the end of input
        assertThat(userAndAmount(late.values(), o -> o.userId, o -> o.amount)).containsExactly("u1=50.0");
    }

    /** §7: bound 30 s, lateness 1 min: 补数表 gets exactly the order past 10:05:59.999. */
    @Test
    void sideOutputGetsOnlyOrdersBeyondAllowedLateness() throws Exception {
        ReplayClock clock = new ReplayClock();
        StreamExecutionEnvironment env = env(clock);
        CollectSink<SideOutputLateDataExample.Order> report = new CollectSink<>();
        CollectSink<SideOutputLateDataExample.Order> backfill = new CollectSink<>();
        SingleOutputStreamOperator<SideOutputLateDataExample.Order> result = SideOutputLateDataExample.build(env,
                new SideOutputLateDataExample.OrderSource(clock, List.of(
                        row("10:04:40", "u1", 10.0, "10:04:40"),
                        row("10:05:20", "u1", 1.0, "10:05:20"),
                        row("10:05:40", "u1", 2.0, "10:05:40"),
                        row("10:05:50", "u1", 5.0, "10:04:50"),  // wm before 10:05:09.999: W0 fires (10), then again (15)
                        row("10:06:20", "u2", 4.0, "10:06:20"),
                        row("10:06:40", "u2", 4.0, "10:06:40"),
                        row("10:07:00", "u1", 7.0, "10:04:55")))); // wm before 10:06:09.999 >= 10:05:59.999: late
        result.addSink(report);
        result.getSideOutput(SideOutputLateDataExample.lateTag).addSink(backfill);
        env.execute("test");
        List<String> got = userAndAmount(report.values(), o -> o.userId, o -> o.amount);
        assertThat(got.subList(0, 2)).containsExactly("u1=10.0", "u1=15.0");
        assertThat(got.subList(2, got.size())).containsExactlyInAnyOrder("u1=3.0", "u2=8.0");
        assertThat(backfill.values()).extracting(o -> o.amount + "@" + o.timestamp)
                .containsExactly("7.0@" + SampleOrders.at("10:04:55"));
    }

    /**
     * §8: the generator uses (5 s + 60 s) / 2 = 32.5 s: an event 27 s behind the largest is still
     * counted (more than the 5 s minimum), one 61 s behind after W0 fired is dropped.
     */
    @Test
    void dynamicGeneratorUsesTheMiddleBound() throws Exception {
        ReplayClock clock = new ReplayClock();
        StreamExecutionEnvironment env = env(clock);
        CollectSink<String> sink = new CollectSink<>();
        CustomWatermarkExample.build(env, new CustomWatermarkExample.EventSource(clock, List.of(
                SampleEvents.row("10:04:50", "10:04:50", "A"),
                SampleEvents.row("10:05:20", "10:05:20", "B"),
                SampleEvents.row("10:05:30", "10:05:31", "A"),
                SampleEvents.row("10:05:40", "10:04:58", "A"), // wm before 10:04:58.500: counted in W0
                SampleEvents.row("10:05:50", "10:05:45", "B"),
                SampleEvents.row("10:06:00", "10:06:00", "B"), // wm before 10:05:12.500: W0 fires
                SampleEvents.row("10:06:10", "10:04:59", "A")))) // wm before 10:05:27.500: dropped
                .addSink(sink);
        JobExecutionResult result = env.execute("test");
        assertThat(sink.values().get(0)).isEqualTo("A [2024-06-01T10:00:00Z, 2024-06-01T10:05:00Z) count=2");
        assertThat(sink.values().subList(1, sink.values().size())).containsExactlyInAnyOrder(
                "A [2024-06-01T10:05:00Z, 2024-06-01T10:10:00Z) count=1",
                "B [2024-06-01T10:05:00Z, 2024-06-01T10:10:00Z) count=3");
        assertThat(result.getCounter("Window(process)", "numLateRecordsDropped")).isEqualTo(1);
    }

    /** The generator on its own: nothing before the first event, then max − 32 500 ms. */
    @Test
    void dynamicGeneratorWatermarkFormula() {
        CustomWatermarkExample.DynamicOutOfOrdernessGenerator g =
                new CustomWatermarkExample.DynamicOutOfOrdernessGenerator(1000, 5000, 60000);
        List<Long> emitted = new java.util.ArrayList<>();
        io.tidemark.api.common.eventtime.WatermarkOutput out = new io.tidemark.api.common.eventtime.WatermarkOutput() {
            @Override
            public void emitWatermark(io.tidemark.api.common.eventtime.Watermark watermark) {
                emitted.add(watermark.getTimestamp());
            }

            @Override
            public void markIdle() {}

            @Override
            public void markActive() {}
        };
        g.onPeriodicEmit(out);
        g.onEvent(null, 100_000, out);
        g.onEvent(null, 90_000, out);
        g.onPeriodicEmit(out);
        assertThat(emitted).containsExactly(67_500L);
    }
}
