package io.tidemark.runtime.operators.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.testutils.CollectSink;
import io.tidemark.testutils.ScriptedSource;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The window operator's aligned fast path (built-in tumbling and sliding event-time assigners with
 * the built-in EventTimeTrigger: no per-element window objects, timers registered once per window)
 * gives exactly what the general path gives: the same results in the same order, with the same firing
 * timing and index and watermark, the same late records on the side, the same metrics. The general
 * path is forced by an assigner subclass (the fast path only takes the built-in classes themselves).
 */
class AlignedWindowsEquivalenceProperties {

    /** key, event time, value. */
    public record Ev(int key, long ts, int v) {}

    static final class CountSum implements AggregateFunction<Ev, long[], long[]> {
        @Override
        public long[] createAccumulator() {
            return new long[2];
        }

        @Override
        public long[] add(Ev value, long[] acc) {
            acc[0]++;
            acc[1] += value.v();
            return acc;
        }

        @Override
        public long[] getResult(long[] acc) {
            return acc;
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            a[0] += b[0];
            a[1] += b[1];
            return a;
        }
    }

    static final class Describe extends ProcessWindowFunction<long[], String, Integer, TimeWindow> {
        @Override
        public void process(Integer key, Context ctx, Iterable<long[]> elements, Collector<String> out) {
            long[] acc = elements.iterator().next();
            out.collect(key + " [" + ctx.window().getStart() + "," + ctx.window().getEnd() + ") count=" + acc[0]
                    + " sum=" + acc[1] + " " + ctx.firing().timing() + "#" + ctx.firing().index() + " wm=" + ctx.currentWatermark());
        }
    }

    /** Same windows as the built-in tumbling assigner, but another class: takes the general path. */
    static final class GeneralTumbling extends TumblingEventTimeWindows {
        GeneralTumbling(long size, long offset) {
            super(size, offset);
        }
    }

    static final class GeneralSliding extends SlidingEventTimeWindows {
        GeneralSliding(long size, long slide, long offset) {
            super(size, slide, offset);
        }
    }

    /** A script: records with disorder and late ones, and watermarks in between. */
    static List<Object[]> script(long seed, int n) {
        Random r = new Random(seed);
        List<Object[]> steps = new ArrayList<>();
        long now = 0;
        long wm = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            now += r.nextInt(40);
            long ts = now - r.nextInt(300) - (r.nextInt(8) == 0 ? r.nextInt(3_000) : 0);
            if (r.nextInt(50) == 0) {
                ts = -ts; // negative timestamps too
            }
            steps.add(new Object[] {new Ev(r.nextInt(4), ts, r.nextInt(100)), ts});
            if (r.nextInt(6) == 0) {
                long w = now - r.nextInt(400);
                if (w > wm) {
                    wm = w;
                    steps.add(new Object[] {w});
                }
            }
        }
        return steps;
    }

    static List<String> run(List<Object[]> steps, WindowAssigner<Object, TimeWindow> assigner, long lateness) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(1);
        ScriptedSource<Ev> source = new ScriptedSource<>();
        for (Object[] s : steps) {
            if (s.length == 2) {
                source.record((Ev) s[0], (Long) s[1]);
            } else {
                source.watermark((Long) s[0]);
            }
        }
        OutputTag<Ev> late = new OutputTag<>("late") {};
        SingleOutputStreamOperator<String> results = env.addSource(source, "script")
                .keyBy(Ev::key)
                .window(assigner)
                .allowedLateness(Duration.ofMillis(lateness))
                .sideOutputLateData(late)
                .aggregate(new CountSum(), new Describe())
                .name("window");
        CollectSink<String> main = new CollectSink<>();
        CollectSink<Ev> side = new CollectSink<>();
        results.addSink(main);
        results.getSideOutput(late).addSink(side);
        var result = env.execute("equivalence");
        List<String> out = new ArrayList<>(main.values());
        side.values().forEach(e -> out.add("late " + e));
        for (String metric : new String[] {"numRecordsIn", "numRecordsOut", "numLateRecordsDropped",
                "numLateRecordsSideOutput", "numLateRecordsReFired", "numRecordsWithoutWindow", "numWindowFirings"}) {
            out.add(metric + "=" + result.getCounter("window", metric));
        }
        return out;
    }

    @Property(tries = 60)
    void tumblingFastPathEqualsGeneralPath(@ForAll long seed, @ForAll @IntRange(min = 1, max = 1500) int size,
            @ForAll @IntRange(min = 0, max = 2000) int lateness, @ForAll @IntRange(min = 0, max = 99) int offsetPercent) throws Exception {
        List<Object[]> steps = script(seed, 200);
        long offset = size * offsetPercent / 100;
        List<String> fast = run(steps, TumblingEventTimeWindows.of(Duration.ofMillis(size), Duration.ofMillis(offset)), lateness);
        List<String> general = run(steps, new GeneralTumbling(size, offset), lateness);
        assertThat(fast).isNotEmpty().containsExactlyElementsOf(general);
    }

    @Property(tries = 60)
    void slidingFastPathEqualsGeneralPath(@ForAll long seed, @ForAll @IntRange(min = 1, max = 1500) int size,
            @ForAll @IntRange(min = 1, max = 1500) int slide, @ForAll @IntRange(min = 0, max = 2000) int lateness,
            @ForAll @IntRange(min = 0, max = 99) int offsetPercent) throws Exception {
        List<Object[]> steps = script(seed, 200);
        long offset = slide * offsetPercent / 100;
        List<String> fast = run(steps, SlidingEventTimeWindows.of(Duration.ofMillis(size), Duration.ofMillis(slide),
                Duration.ofMillis(offset)), lateness);
        List<String> general = run(steps, new GeneralSliding(size, slide, offset), lateness);
        assertThat(fast).isNotEmpty().containsExactlyElementsOf(general);
    }
}
