package io.tidemark.runtime.operators.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.ExecutionConfig;
import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.checkpoint.RestoredState;
import io.tidemark.runtime.checkpoint.SnapshotFormat;
import io.tidemark.runtime.operators.IntervalJoinOperator;
import io.tidemark.runtime.operators.OperatorContext;
import io.tidemark.runtime.operators.Output;
import io.tidemark.runtime.time.ProcessingTimeService;
import io.tidemark.streaming.api.functions.co.ProcessJoinFunction;
import io.tidemark.streaming.api.transformations.TwoInputOperatorDescription;
import io.tidemark.streaming.api.windowing.evictors.CountEvictor;
import io.tidemark.streaming.api.windowing.evictors.Evictor;
import io.tidemark.streaming.api.windowing.evictors.TimeEvictor;
import io.tidemark.time.ManualClock;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import io.tidemark.runtime.metrics.OperatorMetrics;
import io.tidemark.runtime.operators.AbstractStreamOperator;
import io.tidemark.runtime.operators.KeyedProcessOperator;
import io.tidemark.runtime.operators.StreamGroupedReduce;
import io.tidemark.runtime.operators.TimestampsAndWatermarksOperator;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.ColumnsCountSum;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.CommutativeCountSum;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.CountSum;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.Describe;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.Ev;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.KeyKind;
import io.tidemark.runtime.operators.windowing.SessionWindowsEquivalenceProperties.ListElements;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import io.tidemark.streaming.api.functions.KeyedProcessFunction;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.streaming.api.windowing.assigners.DynamicEventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.GlobalWindows;
import io.tidemark.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.triggers.ContinuousEventTimeTrigger;
import io.tidemark.streaming.api.windowing.triggers.CountTrigger;
import io.tidemark.streaming.api.windowing.triggers.PurgingTrigger;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.testutils.OneInputOperatorTestHarness;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Supplier;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Restore equivalence: an operator run over a script of records, watermarks, idle status and
 * processing-time moves, snapshotted at any steps — each snapshot written to a checkpoint file's bytes,
 * read back, and restored into a fresh operator that runs the rest of the script — gives exactly the
 * output of one operator run over the whole script without interruption: the same records in the same
 * order with the same timestamps, the same watermarks and status changes, the same late records on the
 * side, the same counters at the end. For every window operator (aligned objects and columns, slide
 * frames, sessions, the general operator with merging windows, with triggers holding state and timers,
 * with processing-time windows, windows with evictors) and for the other stateful operators (a keyed
 * process function with state and both kinds of timers, a rolling reduce, timestamps and watermarks
 * with idleness, the interval join).
 */
class CheckpointRestoreProperties {

    static final OutputTag<Ev> LATE = AlignedWindowsEquivalenceProperties.LATE;

    /** A step of a script: a record, a watermark, an idle/active status, or processing time moving on. */
    sealed interface Step permits Rec, Wm, Status, Time {}

    record Rec(Ev ev, long ts) implements Step {}

    record Wm(long watermark) implements Step {}

    record Status(boolean idle) implements Step {}

    record Time(long time) implements Step {}

    /** Records with disorder and late ones, watermarks in between, now and then idleness and processing time moving. */
    static List<Step> script(long seed, int n, int keys) {
        Random r = new Random(seed);
        List<Step> steps = new ArrayList<>();
        long pt = 0;
        for (Object[] s : AlignedWindowsEquivalenceProperties.script(seed, n, keys)) {
            steps.add(s.length == 2 ? new Rec((Ev) s[0], (Long) s[1]) : new Wm((Long) s[0]));
            if (r.nextInt(10) == 0) {
                pt += r.nextInt(300);
                steps.add(new Time(pt));
            }
            if (r.nextInt(40) == 0) {
                steps.add(new Status(r.nextBoolean()));
            }
        }
        return steps;
    }

    /** What one operator emits, as comparable lines: records with timestamps, watermarks, status, late records; counters at the end. */
    static final class Run {
        final List<String> main = new ArrayList<>();
        final List<String> late = new ArrayList<>();

        /** Takes what the operator of {@code h} emitted (a harness per operator: it emitted from its start). */
        void take(OneInputOperatorTestHarness<Ev, ?> h) {
            for (Object o : h.getOutput()) {
                if (o instanceof StreamRecord<?> r) {
                    Object v = r.getValue();
                    main.add((v instanceof long[] a ? Arrays.toString(a) : String.valueOf(v))
                            + (r.hasTimestamp() ? " @" + r.getTimestamp() : ""));
                } else if (o instanceof Watermark w) {
                    main.add("watermark " + w.getTimestamp());
                } else {
                    main.add(String.valueOf(o));
                }
            }
            for (Ev e : h.extractSideOutputValues(LATE)) {
                late.add("late " + e);
            }
        }

        /** The main output, then the late records, then the counters of {@code h}. */
        List<String> lines(OneInputOperatorTestHarness<Ev, ?> h) {
            List<String> lines = new ArrayList<>(main);
            lines.addAll(late);
            Map<String, Long> m = h.getMetrics().snapshot();
            for (String c : AlignedWindowsEquivalenceProperties.COUNTERS) {
                lines.add(c + "=" + m.get(c));
            }
            lines.add("input watermark " + m.get(OperatorMetrics.CURRENT_INPUT_WATERMARK));
            return lines;
        }
    }

    static void play(OneInputOperatorTestHarness<Ev, ?> h, Step s) throws Exception {
        if (s instanceof Rec r) {
            h.processElement(r.ev(), r.ts());
        } else if (s instanceof Wm w) {
            h.processWatermark(w.watermark());
        } else if (s instanceof Status st) {
            h.processWatermarkStatus(st.idle() ? WatermarkStatus.IDLE : WatermarkStatus.ACTIVE);
        } else {
            h.setProcessingTime(((Time) s).time());
        }
    }

    /**
     * Runs the script on operators from {@code operator}: with {@code cuts} empty on one operator;
     * otherwise snapshotting after each cut and continuing on a fresh operator restored from it.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static List<String> run(List<Step> steps, Supplier<AbstractStreamOperator<Ev, ?>> operator, KeySelector<Ev, ?> keys,
            TreeSet<Integer> cuts, Consumer<ExecutionConfig> config) throws Exception {
        Run run = new Run();
        OneInputOperatorTestHarness<Ev, ?> h = new OneInputOperatorTestHarness<>((AbstractStreamOperator) operator.get(), keys, 0);
        config.accept(h.getExecutionConfig());
        h.open();
        for (int i = 0; i < steps.size(); i++) {
            play(h, steps.get(i));
            if (cuts.contains(i)) {
                run.take(h);
                StateSnapshot snapshot = h.snapshot();
                long time = h.getProcessingTime();
                h.close();
                h = new OneInputOperatorTestHarness<>((AbstractStreamOperator) operator.get(), keys, time);
                config.accept(h.getExecutionConfig());
                h.setup().initializeState(snapshot).open();
            }
        }
        h.endInput();
        run.take(h);
        h.close();
        return run.lines(h);
    }

    /** The same script without and with restores at {@code cuts}: the outputs must be equal. */
    static void assertRestoresContinueExactly(List<Step> steps, Supplier<AbstractStreamOperator<Ev, ?>> operator,
            KeySelector<Ev, ?> keys, TreeSet<Integer> cuts) throws Exception {
        assertRestoresContinueExactly(steps, operator, keys, cuts, c -> {});
    }

    static void assertRestoresContinueExactly(List<Step> steps, Supplier<AbstractStreamOperator<Ev, ?>> operator,
            KeySelector<Ev, ?> keys, TreeSet<Integer> cuts, Consumer<ExecutionConfig> config) throws Exception {
        List<String> straight = run(steps, operator, keys, new TreeSet<>(), config);
        List<String> restored = run(steps, operator, keys, cuts, config);
        assertThat(straight).hasSizeGreaterThan(AlignedWindowsEquivalenceProperties.COUNTERS.length + 1);
        int at = 0;
        while (at < straight.size() && at < restored.size() && straight.get(at).equals(restored.get(at))) {
            at++;
        }
        int from = Math.max(0, at - 3);
        assertThat(restored.subList(from, Math.min(restored.size(), at + 3)))
                .as("output after restores at steps %s, from line %d", cuts, from)
                .isEqualTo(straight.subList(from, Math.min(straight.size(), at + 3)));
        assertThat(restored).containsExactlyElementsOf(straight);
    }

    static TreeSet<Integer> cuts(long seed, int steps, int howMany) {
        Random r = new Random(seed ^ 0x5DEECE66DL);
        TreeSet<Integer> cuts = new TreeSet<>();
        for (int i = 0; i < howMany; i++) {
            cuts.add(r.nextInt(steps));
        }
        return cuts;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static void windows(long seed, int cuts, KeyKind keys, int numKeys, OperatorDescription.Window d, Class<?> expected)
            throws Exception {
        assertThat(WindowOperators.create(d)).isExactlyInstanceOf(expected);
        List<Step> steps = script(seed, 300, numKeys);
        assertRestoresContinueExactly(steps, () -> WindowOperators.create(d), (KeySelector<Ev, ?>) (KeySelector) keys.selector(),
                cuts(seed, steps.size(), cuts));
    }

    static OperatorDescription.Window window(KeyKind keys, WindowAssigner<?, ?> assigner, Trigger<?, ?> trigger, long lateness,
            OperatorDescription.Window.Contents contents, OperatorDescription.Window.Function function) {
        return new OperatorDescription.Window(assigner, trigger, lateness, LATE, contents, function, keys.selector());
    }

    // ------------------------------------------------------------------ window operators

    /**
     * The window scenarios, each a description with its parameters drawn from a {@code Random}, and the
     * heap operator {@link WindowOperators#create} makes of it: for properties run against every window
     * operator (tidemark-rocksdb's run them with the windows' contents in RocksDB).
     */
    enum Scenario {
        ALIGNED_OBJECTS(30, AlignedWindowOperator.OfObjects.class) {
            @Override
            OperatorDescription.Window description(KeyKind keys, Random r) {
                return alignedObjects(keys, r.nextBoolean(), r.nextInt(1501));
            }
        },
        ALIGNED_COLUMNS(30, AlignedWindowOperator.OfColumns.class) {
            @Override
            OperatorDescription.Window description(KeyKind keys, Random r) {
                return alignedColumns(keys, r.nextInt(1501));
            }
        },
        SLIDE_FRAMES(30, FramedWindowOperator.class) {
            @Override
            OperatorDescription.Window description(KeyKind keys, Random r) {
                return slideFrames(keys);
            }
        },
        SESSIONS(10, SessionWindowOperator.class) {
            @Override
            OperatorDescription.Window description(KeyKind keys, Random r) {
                return sessions(keys, 1 + r.nextInt(800), r.nextInt(1501));
            }
        },
        GENERAL_MERGING(8, GeneralWindowOperator.class) {
            @Override
            OperatorDescription.Window description(KeyKind keys, Random r) {
                return generalMerging(r.nextInt(1001));
            }
        },
        GENERAL_STATEFUL_TRIGGER(20, GeneralWindowOperator.class) {
            @Override
            OperatorDescription.Window description(KeyKind keys, Random r) {
                return statefulTrigger(keys, r.nextInt(1001));
            }
        },
        GENERAL_COUNT(12, GeneralWindowOperator.class) {
            @Override
            OperatorDescription.Window description(KeyKind keys, Random r) {
                return countWindows();
            }
        },
        GENERAL_PROCESSING_TIME(10, GeneralWindowOperator.class) {
            @Override
            OperatorDescription.Window description(KeyKind keys, Random r) {
                return processingTimeWindows();
            }
        },
        EVICTING(20, EvictingWindowOperator.class) {
            @Override
            OperatorDescription.Window description(KeyKind keys, Random r) {
                return evicting(keys, r.nextBoolean(), r.nextInt(1001));
            }
        };

        /** Keys in the script. */
        final int numKeys;
        /** The operator {@link WindowOperators#create} makes on the heap. */
        final Class<?> onHeap;

        Scenario(int numKeys, Class<?> onHeap) {
            this.numKeys = numKeys;
            this.onHeap = onHeap;
        }

        /** The description, with keys of {@code keys} where the scenario does not fix them. */
        abstract OperatorDescription.Window description(KeyKind keys, Random r);
    }

    static OperatorDescription.Window alignedObjects(KeyKind keys, boolean sliding, int lateness) {
        WindowAssigner<?, ?> assigner = sliding ? SlidingEventTimeWindows.of(Duration.ofMillis(400), Duration.ofMillis(100))
                : TumblingEventTimeWindows.of(Duration.ofMillis(250));
        return AlignedWindowsEquivalenceProperties.aggregate(keys, assigner, lateness, new CountSum(), new Describe());
    }

    static OperatorDescription.Window alignedColumns(KeyKind keys, int lateness) {
        return AlignedWindowsEquivalenceProperties.aggregate(keys,
                SlidingEventTimeWindows.of(Duration.ofMillis(300), Duration.ofMillis(100)), lateness, new ColumnsCountSum(), null);
    }

    static OperatorDescription.Window slideFrames(KeyKind keys) {
        return AlignedWindowsEquivalenceProperties.aggregate(keys,
                SlidingEventTimeWindows.of(Duration.ofMillis(500), Duration.ofMillis(100)), 0, new CommutativeCountSum(), new Describe());
    }

    static OperatorDescription.Window sessions(KeyKind keys, int gap, int lateness) {
        return window(keys, EventTimeSessionWindows.withGap(Duration.ofMillis(gap)),
                EventTimeSessionWindows.withGap(Duration.ofMillis(gap)).getDefaultTrigger(), lateness,
                new OperatorDescription.Window.Contents.Elements(), new OperatorDescription.Window.Function.Process(new ListElements()));
    }

    /** Merging windows of the general operator: a session gap of its own, elements kept as lists (integer keys). */
    static OperatorDescription.Window generalMerging(int lateness) {
        DynamicEventTimeSessionWindows<Ev> assigner = DynamicEventTimeSessionWindows.withDynamicGap(e -> 100L + e.key() * 50L);
        return window(KeyKind.INTEGER, assigner, assigner.getDefaultTrigger(), lateness,
                new OperatorDescription.Window.Contents.Elements(), new OperatorDescription.Window.Function.Process(new ListElements()));
    }

    /** A trigger with state and event-time timers of its own (early firings), and allowed lateness. */
    static OperatorDescription.Window statefulTrigger(KeyKind keys, int lateness) {
        return window(keys, TumblingEventTimeWindows.of(Duration.ofMillis(600)),
                ContinuousEventTimeTrigger.of(Duration.ofMillis(150)), lateness, new OperatorDescription.Window.Contents.Aggregate(new CountSum()),
                new OperatorDescription.Window.Function.Process(new Describe()));
    }

    /** Count windows of the global window: a purging count trigger keeps its count in reducing state (long keys). */
    static OperatorDescription.Window countWindows() {
        ReduceFunction<Ev> sum = (a, b) -> new Ev(a.key(), Math.max(a.ts(), b.ts()), a.v() + b.v());
        return window(KeyKind.LONG, GlobalWindows.create(), PurgingTrigger.of(CountTrigger.of(3)), 0,
                new OperatorDescription.Window.Contents.Reduce(sum), new OperatorDescription.Window.Function.PassThrough());
    }

    /** Processing-time windows: their timers are processing-time timers (integer keys). */
    static OperatorDescription.Window processingTimeWindows() {
        TumblingProcessingTimeWindows assigner = TumblingProcessingTimeWindows.of(Duration.ofMillis(200));
        return window(KeyKind.INTEGER, assigner, assigner.getDefaultTrigger(), 0,
                new OperatorDescription.Window.Contents.Aggregate(new CountSum()), new OperatorDescription.Window.Function.Process(new Describe()));
    }

    /**
     * Windows with an evictor keep their elements with their timestamps: a count evictor before the
     * function on sliding windows, a time evictor after it on merging sessions.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static OperatorDescription.Window evicting(KeyKind keys, boolean sessions, int lateness) {
        WindowAssigner<?, ?> assigner = sessions ? EventTimeSessionWindows.withGap(Duration.ofMillis(200))
                : SlidingEventTimeWindows.of(Duration.ofMillis(400), Duration.ofMillis(100));
        Evictor<?, ?> evictor = sessions ? TimeEvictor.of(Duration.ofMillis(150), true) : CountEvictor.of(3);
        return new OperatorDescription.Window(assigner, ((WindowAssigner) assigner).getDefaultTrigger(),
                lateness, LATE, new OperatorDescription.Window.Contents.Aggregate(new CountSum()),
                new OperatorDescription.Window.Function.Process(new Describe()), keys.selector(), evictor);
    }

    @Property(tries = 40)
    void alignedWindowsOfObjects(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int cuts, @ForAll KeyKind keys,
            @ForAll boolean sliding, @ForAll @IntRange(min = 0, max = 1500) int lateness) throws Exception {
        windows(seed, cuts, keys, 30, alignedObjects(keys, sliding, lateness), AlignedWindowOperator.OfObjects.class);
    }

    @Property(tries = 30)
    void alignedWindowsOfColumns(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int cuts, @ForAll KeyKind keys,
            @ForAll @IntRange(min = 0, max = 1500) int lateness) throws Exception {
        windows(seed, cuts, keys, 30, alignedColumns(keys, lateness), AlignedWindowOperator.OfColumns.class);
    }

    @Property(tries = 30)
    void slideFrames(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int cuts, @ForAll KeyKind keys) throws Exception {
        windows(seed, cuts, keys, 30, slideFrames(keys), FramedWindowOperator.class);
    }

    @Property(tries = 40)
    void sessions(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int cuts, @ForAll KeyKind keys,
            @ForAll @IntRange(min = 1, max = 800) int gap, @ForAll @IntRange(min = 0, max = 1500) int lateness) throws Exception {
        windows(seed, cuts, keys, 10, sessions(keys, gap, lateness), SessionWindowOperator.class);
    }

    @Property(tries = 30)
    void generalMergingWindows(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int cuts,
            @ForAll @IntRange(min = 0, max = 1000) int lateness) throws Exception {
        windows(seed, cuts, KeyKind.INTEGER, 8, generalMerging(lateness), GeneralWindowOperator.class);
    }

    @Property(tries = 30)
    void generalWithAStatefulTrigger(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int cuts, @ForAll KeyKind keys,
            @ForAll @IntRange(min = 0, max = 1000) int lateness) throws Exception {
        windows(seed, cuts, keys, 20, statefulTrigger(keys, lateness), GeneralWindowOperator.class);
    }

    @Property(tries = 30)
    void generalCountWindows(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int cuts) throws Exception {
        windows(seed, cuts, KeyKind.LONG, 12, countWindows(), GeneralWindowOperator.class);
    }

    @Property(tries = 30)
    void generalProcessingTimeWindows(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int cuts) throws Exception {
        windows(seed, cuts, KeyKind.INTEGER, 10, processingTimeWindows(), GeneralWindowOperator.class);
    }

    @Property(tries = 30)
    void evictingWindows(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int cuts, @ForAll KeyKind keys,
            @ForAll boolean sessions, @ForAll @IntRange(min = 0, max = 1000) int lateness) throws Exception {
        windows(seed, cuts, keys, 20, evicting(keys, sessions, lateness), EvictingWindowOperator.class);
    }

    /** Per-key watermarks (bounded 100 ms, idleness 300 ms per key): each key's clock, the floor and the per-key timers restore. */
    @Property(tries = 30)
    void perKeyWatermarkWindows(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int cuts, @ForAll KeyKind keys,
            @ForAll boolean sessions, @ForAll @IntRange(min = 0, max = 1000) int lateness) throws Exception {
        OperatorDescription.Window d = sessions ? sessions(keys, 300, lateness) : alignedObjects(keys, false, lateness);
        OperatorDescription.Window perKey = new OperatorDescription.Window(d.assigner(), d.trigger(), d.allowedLateness(),
                d.lateDataTag(), d.contents(), d.function(), d.keySelector(), null,
                WatermarkStrategy.<Ev>forBoundedOutOfOrderness(Duration.ofMillis(100)).withIdleness(Duration.ofMillis(300)));
        windows(seed, cuts, keys, 12, perKey, PerKeyWindowOperator.class);
    }

    // ------------------------------------------------------------------ other stateful operators

    /** Counts per key in value state, emits at event-time timers and at processing-time timers. */
    static final class TimedCount extends KeyedProcessFunction<Object, Ev, String> {
        private static final ValueStateDescriptor<Long> COUNT = new ValueStateDescriptor<>("count", Long.class, 0L);

        @Override
        public void processElement(Ev e, Context ctx, Collector<String> out) throws Exception {
            ValueState<Long> count = getRuntimeContext().getState(COUNT);
            count.update(count.value() + e.v());
            ctx.timerService().registerEventTimeTimer(ctx.timestamp() + 100);
            ctx.timerService().registerProcessingTimeTimer(ctx.timerService().currentProcessingTime() + 50);
            if (e.v() % 7 == 0) {
                ctx.output(LATE, e);
            }
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) throws Exception {
            out.collect(ctx.getCurrentKey() + " " + ctx.timeDomain() + " " + timestamp + " count=" + getRuntimeContext().getState(COUNT).value());
        }
    }

    @Property(tries = 40)
    void keyedProcessFunctionWithStateAndTimers(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int cuts, @ForAll KeyKind keys)
            throws Exception {
        List<Step> steps = script(seed, 300, 12);
        assertRestoresContinueExactly(steps, () -> new KeyedProcessOperator<>(new TimedCount()),
                e -> keys.of(e.key()), cuts(seed, steps.size(), cuts));
    }

    @Property(tries = 30)
    void rollingReduce(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int cuts) throws Exception {
        List<Step> steps = script(seed, 200, 8);
        assertRestoresContinueExactly(steps, () -> new StreamGroupedReduce<Ev>((a, b) -> new Ev(a.key(), b.ts(), a.v() + b.v())),
                Ev::key, cuts(seed, steps.size(), cuts));
    }

    /** Bounded out-of-orderness with idleness, periodic emission on processing time, optionally per event too. */
    @Property(tries = 40)
    void timestampsAndWatermarksWithIdleness(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int cuts,
            @ForAll boolean perEvent, @ForAll @IntRange(min = 0, max = 500) int bound) throws Exception {
        List<Step> steps = script(seed, 300, 5);
        WatermarkStrategy<Ev> strategy = WatermarkStrategy.<Ev>forBoundedOutOfOrderness(Duration.ofMillis(bound))
                .withTimestampAssigner((e, ts) -> e.ts()).withIdleness(Duration.ofMillis(250));
        assertRestoresContinueExactly(steps, () -> new TimestampsAndWatermarksOperator<>(strategy), null,
                cuts(seed, steps.size(), cuts), c -> c.setPerEventWatermarks(perEvent).setAutoWatermarkInterval(100));
    }

    // ------------------------------------------------------------------ the interval join

    static final OutputTag<Ev> LATE_RIGHT = new OutputTag<>("late right") {};

    /** Each pair with both timestamps and the result's; every tenth pair also to the side. */
    static final class Pairs extends ProcessJoinFunction<Ev, Ev, String> {
        @Override
        public void processElement(Ev left, Ev right, Context ctx, Collector<String> out) {
            out.collect(left + " + " + right + " " + ctx.getLeftTimestamp() + "/" + ctx.getRightTimestamp());
            if ((left.v() + right.v()) % 10 == 0) {
                ctx.output(LATE, left);
            }
        }
    }

    /**
     * The interval join's buffers of both sides (and their cleanup timers) restore: a script whose
     * records go to either input, and whose watermarks reach one input or both.
     */
    @Property(tries = 30)
    void intervalJoin(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int cuts, @ForAll @IntRange(min = -300, max = 100) int lower,
            @ForAll @IntRange(min = 50, max = 400) int width, @ForAll boolean exclusive) throws Exception {
        List<Step> steps = script(seed, 300, 4);
        Random sides = new Random(seed + 1);
        int[] side = new int[steps.size()];
        for (int i = 0; i < side.length; i++) {
            side[i] = sides.nextInt(3); // records: 0 left, else right; watermarks: 0 both, 1 left only, 2 right only
        }
        var d = new TwoInputOperatorDescription.IntervalJoin(new Pairs(), lower, lower + width + (exclusive ? 2 : 0), !exclusive, !exclusive,
                LATE, LATE_RIGHT);
        List<String> straight = runTwoInputs(steps, side, d, new TreeSet<>());
        List<String> restored = runTwoInputs(steps, side, d, cuts(seed, steps.size(), cuts));
        assertThat(straight).anyMatch(l -> l.contains(" + "));
        assertThat(restored).containsExactlyElementsOf(straight);
    }

    /** Runs the interval join over the script, restoring into a fresh operator after each cut; its output lines. */
    @SuppressWarnings("unchecked")
    static List<String> runTwoInputs(List<Step> steps, int[] side, TwoInputOperatorDescription.IntervalJoin d, TreeSet<Integer> cuts)
            throws Exception {
        List<String> out = new ArrayList<>();
        ManualClock clock = new ManualClock(0);
        ProcessingTimeService time = new ProcessingTimeService(clock);
        Output<String> output = new Output<>() {
            @Override
            public void collect(StreamRecord<String> r) {
                out.add(r.getValue() + " @" + r.getTimestamp());
            }

            @Override
            public <X> void collect(OutputTag<X> tag, StreamRecord<X> r) {
                out.add(tag.getId() + ": " + r.getValue() + " @" + r.getTimestamp());
            }

            @Override
            public void emitWatermark(Watermark w) {
                out.add("watermark " + w.getTimestamp());
            }

            @Override
            public void emitWatermarkStatus(WatermarkStatus status) {
                out.add(String.valueOf(status));
            }

            @Override
            public void endInput() {
                out.add("end");
            }
        };
        IntervalJoinOperator<Object, Ev, Ev, String> op = null;
        StateSnapshot snapshot = null;
        for (int i = 0; i < steps.size(); i++) {
            if (op == null) {
                op = new IntervalJoinOperator<>(d);
                op.setKeySelectors(Ev::key, Ev::key);
                op.setup(new OperatorContext("join", 0, 1, time, new ExecutionConfig()), output);
                op.initializeState(snapshot == null ? null : RestoredState.of(1, snapshot));
                op.open();
            }
            Step s = steps.get(i);
            if (s instanceof Rec r) {
                StreamRecord<Ev> record = new StreamRecord<>(r.ev(), r.ts());
                if (side[i] == 0) {
                    op.setKeyContextElement1(record);
                    op.processElement1(record);
                } else {
                    op.setKeyContextElement2(record);
                    op.processElement2(record);
                }
            } else if (s instanceof Wm w) {
                if (side[i] != 2) {
                    op.processWatermark1(new Watermark(w.watermark()));
                }
                if (side[i] != 1) {
                    op.processWatermark2(new Watermark(w.watermark()));
                }
            }
            if (cuts.contains(i)) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                SnapshotFormat.write(new DataOutputStream(bytes), op.snapshotState(1, clock.currentTimeMillis()));
                snapshot = SnapshotFormat.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
                op.close();
                op = null;
            }
        }
        if (op == null) {
            op = new IntervalJoinOperator<>(d);
            op.setKeySelectors(Ev::key, Ev::key);
            op.setup(new OperatorContext("join", 0, 1, time, new ExecutionConfig()), output);
            op.initializeState(RestoredState.of(1, snapshot));
            op.open();
        }
        op.processWatermark1(new Watermark(Long.MAX_VALUE));
        op.processWatermark2(new Watermark(Long.MAX_VALUE));
        op.endInput(1);
        op.endInput(2);
        Map<String, Long> m = op.getContext().getMetrics().snapshot();
        for (String c : List.of(OperatorMetrics.NUM_RECORDS_IN, OperatorMetrics.NUM_RECORDS_OUT,
                OperatorMetrics.NUM_LATE_RECORDS_DROPPED, OperatorMetrics.NUM_LATE_RECORDS_SIDE_OUTPUT)) {
            out.add(c + "=" + m.get(c));
        }
        out.add("buffered " + op.numBufferedElements());
        op.close();
        return out;
    }
}
