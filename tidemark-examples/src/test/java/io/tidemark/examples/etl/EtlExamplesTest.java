package io.tidemark.examples.etl;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.examples.ReplaySource.Arrival;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import io.tidemark.testutils.CollectSink;
import io.tidemark.testutils.WatermarkRecorder;
import io.tidemark.time.ReplayClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** seeds/001 §4.3–4.4. */
class EtlExamplesTest {

    static long at(String hhmmss) {
        return Instant.parse("2024-06-01T" + hhmmss + "Z").toEpochMilli();
    }

    static Arrival<MyEvent> event(String arrival, String user, String eventTime, double value) {
        return new Arrival<>(at(arrival), new MyEvent(user, at(eventTime), value));
    }

    static Arrival<MyEvent> marked(String arrival, String user, String eventTime) {
        return new Arrival<>(at(arrival), new MyEvent(user, at(eventTime), 0, true));
    }

    static List<String> watermarksOf(DataStream<MyEvent> stream, StreamExecutionEnvironment env) throws Exception {
        List<String> log = WatermarkRecorder.newLog();
        stream.transform("recorder", () -> new WatermarkRecorder<MyEvent>(log));
        env.execute("test");
        List<String> watermarks = new ArrayList<>();
        for (String entry : log) {
            if (entry.startsWith("w:")) {
                long ts = Long.parseLong(entry.substring(2));
                watermarks.add(ts == Long.MAX_VALUE ? "MAX" : Instant.ofEpochMilli(ts).toString());
            } else if (entry.startsWith("r:")) {
                watermarks.add("record");
            }
        }
        return watermarks;
    }

    /** §4.2/4.3.1: watermark = largest event time − 5 s (Tidemark, like Flink, also subtracts 1 ms). */
    @Test
    void periodicBoundedOutOfOrdernessWatermark() throws Exception {
        ReplayClock clock = new ReplayClock();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setClock(clock);
        MySource source = new MySource(clock, List.of(
                event("10:00:01", "u1", "10:00:00", 1),
                event("10:00:02", "u1", "10:00:03", 1),
                new Arrival<>(at("10:00:02") + 100, new MyEvent("u1", at("10:00:01"), 1)), // 100 ms later: no periodic emission before it
                event("10:00:03", "u1", "10:00:10", 1),
                event("10:00:04", "u1", "10:00:04", 1)));
        assertThat(watermarksOf(PeriodicWatermarkExample.build(env, source), env)).containsExactly(
                "record",
                "2024-06-01T09:59:54.999Z", "record", // 10:00:00 − 5 s − 1 ms, emitted 200 ms+ later
                "record",
                "2024-06-01T09:59:57.999Z", "record", // max 10:00:03
                "2024-06-01T10:00:04.999Z", "record", // the article's example: max 10:00:10 -> 10:00:05 (− 1 ms)
                "MAX");
    }

    /** §4.3.2: the punctuated generator emits a watermark at each marked event, and only there. */
    @Test
    void punctuatedGeneratorEmitsOnMarkedEvents() throws Exception {
        ReplayClock clock = new ReplayClock();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setClock(clock);
        MySource source = new MySource(clock, List.of(
                event("10:00:01", "u1", "10:00:01", 1),
                marked("10:00:02", "u1", "10:00:02"),
                event("10:00:05", "u1", "10:00:05", 1),
                event("10:00:06", "u1", "10:00:04", 1),
                marked("10:00:09", "u2", "10:00:08"),
                marked("10:00:10", "u2", "10:00:07"))); // behind the last watermark: not emitted (watermarks never go back)
        assertThat(watermarksOf(PunctuatedWatermarkExample.build(env, source), env)).containsExactly(
                "record", "record", "2024-06-01T10:00:02Z",
                "record", "record",
                "record", "2024-06-01T10:00:08Z",
                "record",
                "MAX");
    }

    /**
     * §4.4.1: 5-minute windows, bound 5 s, allowed lateness 2 min. Watermark before an event = largest
     * earlier event time − 5.001 s. [10:00,10:05) fires at watermark 10:04:59.999 and is kept until
     * 10:06:59.999.
     */
    @Test
    void allowedLatenessReFiresAndSideOutputTakesTheRest() throws Exception {
        ReplayClock clock = new ReplayClock();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setClock(clock);
        MySource source = new MySource(clock, List.of(
                event("10:04:50", "u1", "10:04:50", 1),
                event("10:05:10", "u1", "10:05:10", 2),
                event("10:05:30", "u1", "10:05:30", 3),  // wm 10:05:04.999: [10:00,10:05) fires with 1
                event("10:05:50", "u1", "10:04:00", 10), // wm 10:05:24.999: within lateness, fires again with 11
                event("10:06:30", "u1", "10:06:30", 4),
                event("10:07:20", "u1", "10:07:20", 5),
                event("10:07:40", "u1", "10:04:30", 20))); // wm 10:07:14.999 >= 10:06:59.999: late
        CollectSink<MyEvent> windows = new CollectSink<>();
        CollectSink<MyEvent> late = new CollectSink<>();
        SingleOutputStreamOperator<MyEvent> mainStream = LateDataSideOutputExample.build(env, source);
        mainStream.addSink(windows);
        mainStream.getSideOutput(LateDataSideOutputExample.lateTag).addSink(late);
        JobExecutionResult result = env.execute("test");

        assertThat(windows.values()).extracting(e -> e.getUserId() + "@" + Instant.ofEpochMilli(e.getEventTime()) + "=" + e.getValue())
                .containsExactly(
                        "u1@2024-06-01T10:00:00Z=1.0",
                        "u1@2024-06-01T10:00:00Z=11.0",
                        "u1@2024-06-01T10:05:00Z=14.0"); // 2 + 3 + 4 + 5, at the end of input
        assertThat(late.values()).extracting(MyEvent::getValue).containsExactly(20.0);
        assertThat(result.getCounter("Map", "numRecordsIn")).as("the logging map saw the late event").isEqualTo(1);
    }

    /**
     * §4.4.3: partition p1 stops after 10:00:09 while p0 sends every 2 s until 10:01:28. With
     * idleness 5 s, p1 is left out from 10:00:14 on, and [10:00,10:01) fires when p0's watermark passes
     * 10:00:59.999. The periodic emission before p0's record at 10:01:08 is the first to see 10:01:06
     * (10:01:06 − 5.001 s = 10:01:00.999), so the window fires at processing time 10:01:08. Without
     * idleness p1's watermark (10:00:03.999) holds the minimum back until the input ends at 10:01:28.
     */
    @Test
    void idlenessLetsTheWindowFireWhenOnePartitionStops() throws Exception {
        assertThat(runPartitioned(IdleSourceExample.strategy())).containsExactly(
                "u0@10:00:00Z=30.0 fired 10:01:08Z",
                "u1@10:00:00Z=5.0 fired 10:01:08Z",
                "u0@10:01:00Z=15.0 fired 10:01:28Z");
        WatermarkStrategy<MyEvent> withoutIdleness = WatermarkStrategy
                .<MyEvent>forBoundedOutOfOrderness(Duration.ofSeconds(5))
                .withTimestampAssigner((event, ts) -> event.getEventTime());
        assertThat(runPartitioned(withoutIdleness)).containsExactly(
                "u0@10:00:00Z=30.0 fired 10:01:28Z",
                "u1@10:00:00Z=5.0 fired 10:01:28Z",
                "u0@10:01:00Z=15.0 fired 10:01:28Z");
    }

    private static List<String> runPartitioned(WatermarkStrategy<MyEvent> strategy) throws Exception {
        ReplayClock clock = new ReplayClock();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setClock(clock);
        List<String> fired = Collections.synchronizedList(new ArrayList<>());
        IdleSourceExample.build(env, PartitionedMySource.withStalledPartition(clock), strategy)
                .addSink(new SinkFunction<MyEvent>() {
                    @Override
                    public void invoke(MyEvent value, Context context) {
                        fired.add(value.getUserId() + "@" + Instant.ofEpochMilli(value.getEventTime()).toString().substring(11)
                                + "=" + value.getValue() + " fired "
                                + Instant.ofEpochMilli(context.currentProcessingTime()).toString().substring(11));
                    }
                });
        env.execute("test");
        return fired;
    }
}
