package io.tidemark.semantics;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkGenerator;
import io.tidemark.api.common.eventtime.WatermarkOutput;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.datastream.KeyedStream;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.datastream.WindowedStream;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.EventTimeSessionWindows;
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
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/** Property tests: window results against a batch group-by, record accounting, monotonic watermarks. */
class WindowProperties {

    /** An event: key, event time, value (Serializable: with RocksDB a window's elements are state). */
    public record Ev(String key, long ts, int v) implements java.io.Serializable {}

    /** One firing: key, window, number of elements, sum of values, firing index. */
    record Fired(String key, long start, long end, long count, long sum, int index) {
        String result() {
            return key + " [" + start + "," + end + ") count=" + count + " sum=" + sum;
        }
    }

    private static final class Summarize extends ProcessWindowFunction<Ev, Fired, String, TimeWindow> {
        private static final long serialVersionUID = 1L;

        @Override
        public void process(String key, Context ctx, Iterable<Ev> elements, Collector<Fired> out) {
            long count = 0;
            long sum = 0;
            for (Ev e : elements) {
                count++;
                sum += e.v();
            }
            out.collect(new Fired(key, ctx.window().getStart(), ctx.window().getEnd(), count, sum, ctx.firing().index()));
        }
    }

    private static List<Ev> randomEvents(Random r, int maxCount, long minTs, long maxTs) {
        int n = 1 + r.nextInt(maxCount);
        List<Ev> events = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            // mostly on a 250 ms grid (so window ends, session gaps and ties are hit often), else ±1 ms or anywhere
            long ts = minTs + 250L * r.nextInt((int) ((maxTs - minTs) / 250));
            int jitter = r.nextInt(6);
            ts += jitter == 3 ? -1 : jitter == 4 ? 1 : jitter == 5 ? r.nextInt(250) : 0;
            events.add(new Ev(String.valueOf((char) ('a' + r.nextInt(3))), ts, r.nextInt(100)));
        }
        return events;
    }

    private static ScriptedSource<Ev> script(List<Ev> arrival) {
        ScriptedSource<Ev> src = new ScriptedSource<>();
        arrival.forEach(src::record);
        return src;
    }

    private static WatermarkStrategy<Ev> bounded(long bound) {
        return WatermarkStrategy.<Ev>forBoundedOutOfOrderness(Duration.ofMillis(bound)).withTimestampAssigner((e, ts) -> e.ts());
    }

    // ------------------------------------------------------------------ (a) batch equivalence

    /**
     * Random keys and timestamps (also negative), arriving out of order but never more than the bound
     * behind the maximum so far (arrival order = event time + a random delay in [0, bound]), per-event
     * watermarks: no element is late, and every window fires once with exactly what a batch group-by
     * over event time puts in it.
     */
    @Property(tries = 150)
    void windowResultsEqualABatchGroupByOverEventTime(@ForAll long seed) throws Exception {
        Random r = new Random(seed);
        List<Ev> events = randomEvents(r, 60, -20_000, 60_000);
        long bound = r.nextInt(5) * 1000L;
        Map<Ev, Long> delay = new HashMap<>();
        List<Ev> arrival = new ArrayList<>();
        for (Ev e : events) {
            Ev unique = new Ev(e.key(), e.ts(), e.v() + 1000 * arrival.size()); // distinct values, distinct map keys
            delay.put(unique, e.ts() + (bound == 0 ? 0 : r.nextLong(bound + 1)));
            arrival.add(unique);
        }
        arrival.sort(Comparator.comparingLong(delay::get));

        int kind = r.nextInt(3);
        long size = new long[] {1000, 3000, 5000}[r.nextInt(3)];
        long slide = new long[] {1000, 2000}[r.nextInt(2)];
        long gap = new long[] {500, 2000, 3000}[r.nextInt(3)];

        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        KeyedStream<Ev, String> keyed = env.addSource(script(arrival)).assignTimestampsAndWatermarks(bounded(bound))
                .keyBy(Ev::key);
        WindowedStream<Ev, String, TimeWindow> windowed = kind == 0
                ? keyed.window(TumblingEventTimeWindows.of(Duration.ofMillis(size)))
                : kind == 1 ? keyed.window(SlidingEventTimeWindows.of(Duration.ofMillis(size + 3000), Duration.ofMillis(slide)))
                : keyed.window(EventTimeSessionWindows.withGap(Duration.ofMillis(gap)));
        CollectSink<Fired> sink = new CollectSink<>();
        windowed.process(new Summarize()).addSink(sink);
        JobExecutionResult result = env.execute("batch-equivalence");

        List<String> expected = kind == 0 ? batchTumbling(arrival, size)
                : kind == 1 ? batchSliding(arrival, size + 3000, slide) : batchSessions(arrival, bound, gap);
        List<String> actual = new ArrayList<>();
        for (Fired f : sink.values()) {
            assertThat(f.index()).as("each window fires once").isEqualTo(1);
            actual.add(f.result());
        }
        actual.sort(null);
        assertThat(actual).isEqualTo(expected);
        assertThat(result.getCounter("Window(process)", "numLateRecordsDropped")).isZero();
    }

    private static List<String> sorted(Map<String, long[]> groups) {
        List<String> out = new ArrayList<>();
        groups.forEach((k, cs) -> out.add(k + " count=" + cs[0] + " sum=" + cs[1]));
        out.sort(null);
        return out;
    }

    private static void add(Map<String, long[]> groups, Ev e, long start, long end) {
        long[] cs = groups.computeIfAbsent(e.key() + " [" + start + "," + end + ")", k -> new long[2]);
        cs[0]++;
        cs[1] += e.v();
    }

    static List<String> batchTumbling(List<Ev> events, long size) {
        Map<String, long[]> groups = new TreeMap<>();
        for (Ev e : events) {
            long start = Math.floorDiv(e.ts(), size) * size;
            add(groups, e, start, start + size);
        }
        return sorted(groups);
    }

    static List<String> batchSliding(List<Ev> events, long size, long slide) {
        Map<String, long[]> groups = new TreeMap<>();
        for (Ev e : events) {
            // every multiple of slide in (ts - size, ts]
            for (long start = Math.floorDiv(e.ts() - size, slide) * slide; start <= e.ts(); start += slide) {
                if (start <= e.ts() && e.ts() < start + size) {
                    add(groups, e, start, start + size);
                }
            }
        }
        return sorted(groups);
    }

    /**
     * Sessions per key: sort by time; a new session starts when an element is beyond the current
     * session's end. An element exactly at the end touches the session and merges with it, unless the
     * watermark had already reached the session's last millisecond when the element arrived: then the
     * session has fired and been cleaned up (its elements all arrived earlier, or they would have been
     * late) and the element opens a new one, as in Flink. With per-event watermarks the watermark an
     * element meets is the largest time that arrived before it minus the bound minus 1.
     */
    static List<String> batchSessions(List<Ev> arrival, long bound, long gap) {
        Map<Ev, Long> watermarkOnArrival = new HashMap<>();
        long maxTs = Long.MIN_VALUE;
        for (Ev e : arrival) {
            watermarkOnArrival.put(e, maxTs == Long.MIN_VALUE ? Long.MIN_VALUE : maxTs - bound - 1);
            maxTs = Math.max(maxTs, e.ts());
        }
        Map<String, long[]> groups = new TreeMap<>();
        Map<String, List<Ev>> byKey = new TreeMap<>();
        for (Ev e : arrival) {
            byKey.computeIfAbsent(e.key(), k -> new ArrayList<>()).add(e);
        }
        for (List<Ev> list : byKey.values()) {
            list.sort(Comparator.comparingLong(Ev::ts));
            List<Ev> session = new ArrayList<>();
            long start = 0;
            long end = Long.MIN_VALUE;
            for (Ev e : list) {
                boolean closed = e.ts() > end || (e.ts() == end && watermarkOnArrival.get(e) >= end - 1);
                if (!session.isEmpty() && closed) {
                    for (Ev s : session) {
                        add(groups, s, start, end);
                    }
                    session.clear();
                }
                if (session.isEmpty()) {
                    start = e.ts();
                    end = e.ts() + gap;
                }
                session.add(e);
                end = Math.max(end, e.ts() + gap);
            }
            for (Ev s : session) {
                add(groups, s, start, end);
            }
        }
        return sorted(groups);
    }

    // ------------------------------------------------------------------ (b) accounting

    /** Runs a tumbling-window job with late data; returns {sum of last-firing counts, side output, dropped, records in}. */
    static long[] accountingRun(List<Ev> arrival, long bound, long size, long lateness, boolean sideOutput)
            throws Exception {
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        WindowedStream<Ev, String, TimeWindow> windowed = env.addSource(script(arrival))
                .assignTimestampsAndWatermarks(bounded(bound)).keyBy(Ev::key)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(size)))
                .allowedLateness(Duration.ofMillis(lateness));
        OutputTag<Ev> late = new OutputTag<>("late");
        if (sideOutput) {
            windowed.sideOutputLateData(late);
        }
        SingleOutputStreamOperator<Fired> fired = windowed.process(new Summarize());
        CollectSink<Fired> sink = new CollectSink<>();
        CollectSink<Ev> side = new CollectSink<>();
        fired.addSink(sink);
        fired.getSideOutput(late).addSink(side);
        JobExecutionResult result = env.execute("accounting");

        Map<String, Fired> last = new HashMap<>();
        for (Fired f : sink.values()) {
            String window = f.key() + "@" + f.start();
            Fired before = last.get(window);
            if (before != null) {
                assertThat(f.index()).as("firing index of %s", window).isEqualTo(before.index() + 1);
                assertThat(f.count()).as("a re-firing only adds elements").isGreaterThan(before.count());
            }
            last.put(window, f);
        }
        long contents = last.values().stream().mapToLong(Fired::count).sum();
        String op = "Window(process)";
        if (!sideOutput) {
            assertThat(side.values()).isEmpty();
        }
        assertThat(result.getCounter(op, "numLateRecordsSideOutput")).isEqualTo(side.values().size());
        return new long[] {contents, side.values().size(), result.getCounter(op, "numLateRecordsDropped"),
                result.getCounter(op, "numRecordsIn")};
    }

    /**
     * Any arrival order (disorder beyond the bound), random allowed lateness, side output on or off:
     * records in = contents of each window's last firing + side output + dropped counter.
     */
    @Property(tries = 150)
    void everyRecordIsAccountedForExactlyOnce(@ForAll long seed) throws Exception {
        Random r = new Random(seed);
        List<Ev> arrival = randomEvents(r, 80, 0, 60_000);
        if (r.nextBoolean()) {
            // mostly ascending with a few stragglers
            arrival.sort(Comparator.comparingLong(Ev::ts));
            for (int i = 0; i < arrival.size() / 5; i++) {
                int a = r.nextInt(arrival.size());
                int b = r.nextInt(arrival.size());
                Ev t = arrival.get(a);
                arrival.set(a, arrival.get(b));
                arrival.set(b, t);
            }
        }
        long[] counts = accountingRun(arrival, r.nextInt(3) * 1000L, new long[] {1000, 5000}[r.nextInt(2)],
                r.nextInt(4) * 1000L, r.nextBoolean());
        assertThat(counts[3]).isEqualTo(arrival.size());
        assertThat(counts[0] + counts[1] + counts[2]).as("contents + side output + dropped").isEqualTo(arrival.size());
    }

    // ------------------------------------------------------------------ (c) monotonic watermarks

    /** Emits each event's timestamp as a watermark, whatever the order (so it tries to go backwards). */
    private static final class Echo implements WatermarkGenerator<Ev> {
        @Override
        public void onEvent(Ev event, long eventTimestamp, WatermarkOutput output) {
            output.emitWatermark(new Watermark(eventTimestamp));
        }

        @Override
        public void onPeriodicEmit(WatermarkOutput output) {}
    }

    /**
     * Random records, random source watermarks (often lower than earlier ones), a punctuated or bounded
     * generator, per-event or periodic emission on a moving clock: the watermarks each operator sees
     * (before and after the assigner, after a map, after a window) strictly increase.
     */
    @Property(tries = 100)
    void watermarksObservedByAnyOperatorNeverDecrease(@ForAll long seed) throws Exception {
        Random r = new Random(seed);
        List<Ev> events = randomEvents(r, 50, -10_000, 30_000);
        ManualClock clock = new ManualClock(0);
        ScriptedSource<Ev> src = new ScriptedSource<>(clock);
        long now = 0;
        for (Ev e : events) {
            now += r.nextInt(300);
            src.at(now).record(e, e.ts());
            if (r.nextInt(4) == 0) {
                src.watermark(-10_000 + r.nextInt(40_000));
            }
        }
        StreamExecutionEnvironment env = r.nextBoolean() ? Sem.perEvent(clock) : Sem.env(clock, 200);
        WatermarkStrategy<Ev> strategy = r.nextBoolean()
                ? WatermarkStrategy.<Ev>forGenerator(ctx -> new Echo())
                : WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofMillis(r.nextInt(3000)));
        List<List<String>> logs = List.of(WatermarkRecorder.newLog(), WatermarkRecorder.newLog(),
                WatermarkRecorder.newLog(), WatermarkRecorder.newLog());
        DataStream<Ev> s = Sem.record(env.addSource(src), logs.get(0));
        s = Sem.record(s.assignTimestampsAndWatermarks(strategy), logs.get(1));
        s = Sem.record(s.map(e -> e), logs.get(2));
        Sem.record(s.keyBy(Ev::key).window(TumblingEventTimeWindows.of(Duration.ofSeconds(2))).process(new Summarize()),
                logs.get(3));
        env.execute("monotonic");
        for (List<String> log : logs) {
            List<Long> watermarks = log.stream().filter(x -> x.startsWith("w:")).map(x -> Long.parseLong(x.substring(2)))
                    .toList();
            assertThat(watermarks).isNotEmpty().isSorted().doesNotHaveDuplicates().endsWith(Long.MAX_VALUE);
        }
    }
}
