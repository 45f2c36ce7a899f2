package io.tidemark.runtime.operators.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.functions.Commutative;
import io.tidemark.api.common.functions.LongColumnsAggregateFunction;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.api.java.functions.LongKeySelector;
import io.tidemark.runtime.metrics.OperatorMetrics;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.testutils.OneInputOperatorTestHarness;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The aligned window operators (built-in tumbling and sliding event-time assigners with the built-in
 * EventTimeTrigger: per-window slices shared by all keys, no timers) give exactly what the general
 * operator gives for the same window description: the same results in the same order, with the same
 * firing timing and index and watermark, the same late records on the side, the same metrics; with
 * {@code Integer}, {@code Long} and mixed key types, few and many keys. Sliding windows accumulated per
 * slide frame (a {@link Commutative} function) give the same results and metrics; only the order of one
 * window's results across keys may differ. Accumulators of a {@link LongColumnsAggregateFunction}
 * kept in the slices' primitive columns give the general operator's results with object
 * accumulators. Each run drives one operator through {@link OneInputOperatorTestHarness}: the one
 * {@link WindowOperators#create} chooses against {@link WindowOperators#general}.
 */
class AlignedWindowsEquivalenceProperties {

    /** key, event time, value. */
    public record Ev(int key, long ts, int v) implements java.io.Serializable {}

    /**
     * How the key selector presents key numbers: as Integer, as Long, mixed Long and String, or as
     * Long through a {@link LongKeySelector} (the specialised operators then read the key unboxed).
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
     * The same counting with its accumulator in primitive columns: the aligned operator keeps it in
     * the slices' arrays; the general operator (and slide frames) in {@code long[]} objects. The result is
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

    static final OutputTag<Ev> LATE = new OutputTag<>("late") {};
    static final String[] COUNTERS = {OperatorMetrics.NUM_RECORDS_IN, OperatorMetrics.NUM_RECORDS_OUT,
            OperatorMetrics.NUM_LATE_RECORDS_DROPPED, OperatorMetrics.NUM_LATE_RECORDS_SIDE_OUTPUT,
            OperatorMetrics.NUM_LATE_RECORDS_RE_FIRED, OperatorMetrics.NUM_RECORDS_WITHOUT_WINDOW,
            OperatorMetrics.NUM_WINDOW_FIRINGS};

    /**
     * {@code keyBy(keys).window(assigner).allowedLateness(lateness).sideOutputLateData(LATE).aggregate(agg, function)};
     * a null function emits the aggregate's results.
     */
    static OperatorDescription.Window aggregate(KeyKind keys, WindowAssigner<?, ?> assigner, long lateness,
            AggregateFunction<Ev, ?, ?> agg, ProcessWindowFunction<?, String, Object, TimeWindow> function) {
        return new OperatorDescription.Window(assigner, assigner.getDefaultTrigger(), lateness, LATE,
                new OperatorDescription.Window.Contents.Aggregate(agg),
                function == null ? new OperatorDescription.Window.Function.PassThrough()
                        : new OperatorDescription.Window.Function.Process(function),
                keys.selector());
    }

    /**
     * Plays the script into {@code operator}, then the end of input; returns its results, its late
     * records ("late ...") and its counters.
     */
    @SuppressWarnings("unchecked")
    static List<String> run(List<Object[]> steps, WindowOperator<Ev, ?, String> operator, KeySelector<?, ?> keySelector)
            throws Exception {
        OneInputOperatorTestHarness<Ev, String> harness = new OneInputOperatorTestHarness<>(operator,
                (KeySelector<Ev, ?>) keySelector);
        harness.open();
        for (Object[] s : steps) {
            if (s.length == 2) {
                harness.processElement((Ev) s[0], (Long) s[1]);
            } else {
                harness.processWatermark((Long) s[0]);
            }
        }
        harness.endInput();
        harness.close();
        List<String> out = new ArrayList<>(harness.extractOutputValues());
        harness.extractSideOutputValues(LATE).forEach(e -> out.add("late " + e));
        Map<String, Long> metrics = harness.getMetrics().snapshot();
        for (String counter : COUNTERS) {
            out.add(counter + "=" + metrics.get(counter));
        }
        return out;
    }

    /** The results of the operator {@link WindowOperators#create} chooses, and of the general one. */
    static List<List<String>> both(List<Object[]> steps, OperatorDescription.Window description, Class<?> expected)
            throws Exception {
        WindowOperator<Ev, ?, String> chosen = WindowOperators.create(description);
        assertThat(chosen).isExactlyInstanceOf(expected);
        return List.of(run(steps, chosen, description.keySelector()),
                run(steps, WindowOperators.general(description), description.keySelector()));
    }

    static List<List<String>> both(List<Object[]> steps, WindowAssigner<?, ?> assigner, long lateness) throws Exception {
        return both(steps, aggregate(KeyKind.INTEGER, assigner, lateness, new CountSum(), new Describe()),
                AlignedWindowOperator.OfObjects.class);
    }

    @Property(tries = 60)
    void tumblingWindowsEqualTheGeneralOperator(@ForAll long seed, @ForAll @IntRange(min = 1, max = 1500) int size,
            @ForAll @IntRange(min = 0, max = 2000) int lateness, @ForAll @IntRange(min = 0, max = 99) int offsetPercent) throws Exception {
        long offset = size * offsetPercent / 100;
        List<List<String>> runs = both(script(seed, 200),
                TumblingEventTimeWindows.of(Duration.ofMillis(size), Duration.ofMillis(offset)), lateness);
        assertThat(runs.get(0)).isNotEmpty().containsExactlyElementsOf(runs.get(1));
    }

    @Property(tries = 60)
    void slidingWindowsEqualTheGeneralOperator(@ForAll long seed, @ForAll @IntRange(min = 1, max = 1500) int size,
            @ForAll @IntRange(min = 1, max = 1500) int slide, @ForAll @IntRange(min = 0, max = 2000) int lateness,
            @ForAll @IntRange(min = 0, max = 99) int offsetPercent) throws Exception {
        long offset = slide * offsetPercent / 100;
        List<List<String>> runs = both(script(seed, 200),
                SlidingEventTimeWindows.of(Duration.ofMillis(size), Duration.ofMillis(slide), Duration.ofMillis(offset)), lateness);
        assertThat(runs.get(0)).isNotEmpty().containsExactlyElementsOf(runs.get(1));
    }

    @Property(tries = 40)
    void alignedWindowsEqualTheGeneralOperatorForEveryKeyTypeAndManyKeys(@ForAll long seed, @ForAll KeyKind keys,
            @ForAll @IntRange(min = 1, max = 300) int numKeys, @ForAll boolean sliding,
            @ForAll @IntRange(min = 0, max = 1500) int lateness) throws Exception {
        WindowAssigner<Object, TimeWindow> assigner = sliding
                ? SlidingEventTimeWindows.of(Duration.ofMillis(400), Duration.ofMillis(100))
                : TumblingEventTimeWindows.of(Duration.ofMillis(250));
        List<List<String>> runs = both(script(seed, 600, numKeys), aggregate(keys, assigner, lateness, new CountSum(), new Describe()),
                AlignedWindowOperator.OfObjects.class);
        assertThat(runs.get(0)).isNotEmpty().containsExactlyElementsOf(runs.get(1));
    }

    /** Accumulators in the slices' primitive columns: the general operator's results with {@code long[]} accumulators. */
    @Property(tries = 60)
    void primitiveColumnsGiveTheGeneralOperatorsResults(@ForAll long seed, @ForAll KeyKind keys,
            @ForAll @IntRange(min = 1, max = 300) int numKeys, @ForAll @IntRange(min = 1, max = 1500) int size,
            @ForAll @IntRange(min = 1, max = 1500) int slide, @ForAll boolean sliding,
            @ForAll @IntRange(min = 0, max = 2000) int lateness) throws Exception {
        WindowAssigner<Object, TimeWindow> assigner = sliding
                ? SlidingEventTimeWindows.of(Duration.ofMillis(size), Duration.ofMillis(slide))
                : TumblingEventTimeWindows.of(Duration.ofMillis(size));
        List<List<String>> runs = both(script(seed, 400, numKeys),
                aggregate(keys, assigner, lateness, new ColumnsCountSum(), new Describe()), AlignedWindowOperator.OfColumns.class);
        assertThat(runs.get(0)).isNotEmpty().containsExactlyElementsOf(runs.get(1));
    }

    @Property(tries = 60)
    void slideFramesGiveTheGeneralOperatorsResults(@ForAll long seed, @ForAll KeyKind keys,
            @ForAll @IntRange(min = 1, max = 200) int numKeys, @ForAll @IntRange(min = 1, max = 400) int slide,
            @ForAll @IntRange(min = 2, max = 12) int framesPerWindow, @ForAll @IntRange(min = 0, max = 99) int offsetPercent)
            throws Exception {
        long size = (long) slide * framesPerWindow;
        long offset = slide * offsetPercent / 100;
        WindowAssigner<Object, TimeWindow> assigner = SlidingEventTimeWindows.of(Duration.ofMillis(size), Duration.ofMillis(slide),
                Duration.ofMillis(offset));
        List<List<String>> runs = both(script(seed, 400, numKeys), aggregate(keys, assigner, 0, new CommutativeCountSum(), new Describe()),
                FramedWindowOperator.class);
        List<String> framed = runs.get(0);
        List<String> general = runs.get(1);
        assertThat(framed).isNotEmpty().containsExactlyInAnyOrderElementsOf(general);
        // results leave window by window, in the general operator's window order
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
