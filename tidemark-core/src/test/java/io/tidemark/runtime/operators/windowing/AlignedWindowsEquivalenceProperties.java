package io.tidemark.runtime.operators.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.functions.Commutative;
import io.tidemark.api.common.functions.LongColumnsAggregateFunction;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.api.java.functions.LongKeySelector;
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
 * the built-in EventTimeTrigger: per-window slices shared by all keys, no timers) gives exactly what
 * the general path gives: the same results in the same order, with the same firing timing and index
 * and watermark, the same late records on the side, the same metrics; with {@code Integer},
 * {@code Long} and mixed key types, few and many keys. Sliding windows accumulated per slide frame
 * (a {@link Commutative} function) give the same results and metrics; only the order of one window's
 * results across keys may differ. The general path is forced by an assigner subclass (the fast path
 * only takes the built-in classes themselves). Accumulators of a {@link LongColumnsAggregateFunction}
 * kept in the slices' primitive columns give the general path's results with object accumulators.
 */
class AlignedWindowsEquivalenceProperties {

    /** key, event time, value. */
    public record Ev(int key, long ts, int v) {}

    /**
     * How the key selector presents key numbers: as Integer, as Long, mixed Long and String, or as
     * Long through a {@link LongKeySelector} (the fast paths then read the key unboxed).
     */
    enum KeyKind {
        INTEGER, LONG, MIXED, LONG_SELECTOR;

        Object of(int k) {
            return switch (this) {
                case INTEGER -> k;
                case LONG, LONG_SELECTOR -> (long) k;
                case MIXED -> k % 3 == 0 ? "k" + k : (Object) (long) k;
            };
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        KeySelector<Ev, Object> selector() {
            return this == LONG_SELECTOR ? (KeySelector) LongKeySelector.<Ev>of(e -> e.key()) : e -> of(e.key());
        }
    }

    /** The same counting, declared order-insensitive: sliding windows may use slide frames. */
    static final class CommutativeCountSum implements AggregateFunction<Ev, long[], long[]>, Commutative {
        private final CountSum plain = new CountSum();

        @Override
        public long[] createAccumulator() {
            return plain.createAccumulator();
        }

        @Override
        public long[] add(Ev value, long[] acc) {
            return plain.add(value, acc);
        }

        @Override
        public long[] getResult(long[] acc) {
            return plain.getResult(acc);
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            return plain.merge(a, b);
        }
    }

    /**
     * The same counting with its accumulator in primitive columns: the aligned fast path keeps it in
     * the slices' arrays; the general path (and slide frames) in {@code long[]} objects. The result is
     * a copy, so a window function holding it sees no later change.
     */
    static final class ColumnsCountSum implements LongColumnsAggregateFunction<Ev, long[]> {
        @Override
        public int width() {
            return 2;
        }

        @Override
        public void add(Ev value, long[] acc, int at) {
            acc[at]++;
            acc[at + 1] += value.v();
        }

        @Override
        public void merge(long[] a, int at, long[] b, int bt) {
            a[at] += b[bt];
            a[at + 1] += b[bt + 1];
        }

        @Override
        public long[] result(long[] acc, int at) {
            return new long[] {acc[at], acc[at + 1]};
        }
    }

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

    /**
     * Describes each firing, including how many of the key's windows were cleaned up before it (kept
     * in global state by {@link #clear}): the order of cleanups and firings is observable.
     */
    static final class Describe extends ProcessWindowFunction<long[], String, Object, TimeWindow> {
        private static final ValueStateDescriptor<Long> CLEARED = new ValueStateDescriptor<>("cleared", Long.class, 0L);

        @Override
        public void process(Object key, Context ctx, Iterable<long[]> elements, Collector<String> out) throws Exception {
            long[] acc = elements.iterator().next();
            out.collect(key + " [" + ctx.window().getStart() + "," + ctx.window().getEnd() + ") count=" + acc[0]
                    + " sum=" + acc[1] + " " + ctx.firing().timing() + "#" + ctx.firing().index() + " wm=" + ctx.currentWatermark()
                    + " cleared=" + ctx.globalState().getState(CLEARED).value());
        }

        @Override
        public void clear(Context ctx) throws Exception {
            ValueState<Long> cleared = ctx.globalState().getState(CLEARED);
            cleared.update(cleared.value() + 1);
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
        return script(seed, n, 4);
    }

    static List<Object[]> script(long seed, int n, int keys) {
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
            steps.add(new Object[] {new Ev(r.nextInt(keys), ts, r.nextInt(100)), ts});
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

    /** A source that plays the script: its records (with their timestamps) and watermarks, in order. */
    static ScriptedSource<Ev> source(List<Object[]> steps) {
        ScriptedSource<Ev> source = new ScriptedSource<>();
        for (Object[] s : steps) {
            if (s.length == 2) {
                source.record((Ev) s[0], (Long) s[1]);
            } else {
                source.watermark((Long) s[0]);
            }
        }
        return source;
    }

    static List<String> run(List<Object[]> steps, WindowAssigner<Object, TimeWindow> assigner, long lateness) throws Exception {
        return run(steps, assigner, lateness, KeyKind.INTEGER, new CountSum());
    }

    static List<String> run(List<Object[]> steps, WindowAssigner<Object, TimeWindow> assigner, long lateness,
            KeyKind keys, AggregateFunction<Ev, long[], long[]> agg) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(1);
        ScriptedSource<Ev> source = source(steps);
        OutputTag<Ev> late = new OutputTag<>("late") {};
        SingleOutputStreamOperator<String> results = env.addSource(source, "script")
                .keyBy(keys.selector())
                .window(assigner)
                .allowedLateness(Duration.ofMillis(lateness))
                .sideOutputLateData(late)
                .aggregate(agg, new Describe())
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

    @Property(tries = 40)
    void fastPathEqualsGeneralPathForEveryKeyTypeAndManyKeys(@ForAll long seed, @ForAll KeyKind keys,
            @ForAll @IntRange(min = 1, max = 300) int numKeys, @ForAll boolean sliding,
            @ForAll @IntRange(min = 0, max = 1500) int lateness) throws Exception {
        List<Object[]> steps = script(seed, 600, numKeys);
        WindowAssigner<Object, TimeWindow> fastAssigner = sliding
                ? SlidingEventTimeWindows.of(Duration.ofMillis(400), Duration.ofMillis(100))
                : TumblingEventTimeWindows.of(Duration.ofMillis(250));
        WindowAssigner<Object, TimeWindow> generalAssigner = sliding ? new GeneralSliding(400, 100, 0) : new GeneralTumbling(250, 0);
        List<String> fast = run(steps, fastAssigner, lateness, keys, new CountSum());
        List<String> general = run(steps, generalAssigner, lateness, keys, new CountSum());
        assertThat(fast).isNotEmpty().containsExactlyElementsOf(general);
    }

    /** Accumulators in the slices' primitive columns: the general path's results with object accumulators. */
    @Property(tries = 60)
    void primitiveColumnsGiveTheGeneralPathsResults(@ForAll long seed, @ForAll KeyKind keys,
            @ForAll @IntRange(min = 1, max = 300) int numKeys, @ForAll @IntRange(min = 1, max = 1500) int size,
            @ForAll @IntRange(min = 1, max = 1500) int slide, @ForAll boolean sliding,
            @ForAll @IntRange(min = 0, max = 2000) int lateness) throws Exception {
        List<Object[]> steps = script(seed, 400, numKeys);
        WindowAssigner<Object, TimeWindow> fastAssigner = sliding
                ? SlidingEventTimeWindows.of(Duration.ofMillis(size), Duration.ofMillis(slide))
                : TumblingEventTimeWindows.of(Duration.ofMillis(size));
        WindowAssigner<Object, TimeWindow> generalAssigner = sliding ? new GeneralSliding(size, slide, 0) : new GeneralTumbling(size, 0);
        List<String> fast = run(steps, fastAssigner, lateness, keys, new ColumnsCountSum());
        List<String> general = run(steps, generalAssigner, lateness, keys, new CountSum());
        assertThat(fast).isNotEmpty().containsExactlyElementsOf(general);
    }

    @Property(tries = 60)
    void slideFramesGiveTheGeneralPathsResults(@ForAll long seed, @ForAll KeyKind keys,
            @ForAll @IntRange(min = 1, max = 200) int numKeys, @ForAll @IntRange(min = 1, max = 400) int slide,
            @ForAll @IntRange(min = 2, max = 12) int framesPerWindow, @ForAll @IntRange(min = 0, max = 99) int offsetPercent)
            throws Exception {
        List<Object[]> steps = script(seed, 400, numKeys);
        long size = (long) slide * framesPerWindow;
        long offset = slide * offsetPercent / 100;
        List<String> framed = run(steps, SlidingEventTimeWindows.of(Duration.ofMillis(size), Duration.ofMillis(slide),
                Duration.ofMillis(offset)), 0, keys, new CommutativeCountSum());
        List<String> general = run(steps, new GeneralSliding(size, slide, offset), 0, keys, new CountSum());
        assertThat(framed).isNotEmpty().containsExactlyInAnyOrderElementsOf(general);
        // results leave window by window, in the general path's window order
        assertThat(windowsInOrder(framed)).isEqualTo(windowsInOrder(general));
    }

    /** The window of each result line, in output order, consecutive repeats collapsed. */
    static List<String> windowsInOrder(List<String> lines) {
        List<String> windows = new ArrayList<>();
        for (String line : lines) {
            int open = line.indexOf('[');
            if (open < 0 || line.startsWith("late ")) {
                continue;
            }
            String w = line.substring(open, line.indexOf(')') + 1);
            if (windows.isEmpty() || !windows.get(windows.size() - 1).equals(w)) {
                windows.add(w);
            }
        }
        return windows;
    }
}
