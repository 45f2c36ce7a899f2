package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.functions.KeyedProcessFunction;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.io.Serializable;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The seeds' worked examples, run on both engines with equal (and the expected) results. */
class WorkedExamplesTest {

    /** A word count event as in the seed's examples: word, count, timestamp. */
    record Word(String word, int count, long timestamp) implements Serializable {}

    /** Source items: a word with its timestamp, or a watermark (word == null). */
    record Item(Word word, long watermark) implements Serializable {}

    /** Emits words with their timestamps and the watermarks between them, as a message queue would. */
    static final class ScriptedSource implements SourceFunction<Word> {
        private static final long serialVersionUID = 1L;
        private final List<Item> items;

        ScriptedSource(List<Item> items) {
            this.items = items;
        }

        @Override
        public void run(SourceContext<Word> ctx) {
            for (Item i : items) {
                if (i.word() == null) {
                    ctx.emitWatermark(new Watermark(i.watermark()));
                } else {
                    ctx.collectWithTimestamp(i.word(), i.word().timestamp());
                }
            }
        }

        @Override
        public void cancel() {}
    }

    static Item w(long seconds) {
        return new Item(new Word("a", 1, seconds * 1000), 0);
    }

    static Item wm(long seconds) {
        return new Item(null, seconds * 1000);
    }

    /** "[start,end) count timing#index wm" per firing. */
    static final class Describe extends ProcessWindowFunction<Word, String, String, TimeWindow> {
        private static final long serialVersionUID = 1L;

        @Override
        public void process(String key, Context ctx, Iterable<Word> elements, Collector<String> out) {
            int n = 0;
            long sum = 0;
            for (Word w : elements) {
                n++;
                sum += w.count();
            }
            out.collect(key + " [" + ctx.window().getStart() + "," + ctx.window().getEnd() + ") n=" + n + " sum=" + sum
                    + " " + ctx.firing() + " wm=" + ctx.firing().watermark());
        }
    }

    /** Seed 004 §3.5.1: a 4 s window, data 1 3 2 7 3, W(4), 5 6 9, W(9); windows fire when W ≥ end. */
    @Test
    void fourSecondWindowWalkThrough() throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> env
                .addSource(new ScriptedSource(List.of(w(1), w(3), w(2), w(7), w(3), wm(4), w(5), w(6), w(9), wm(9))))
                .keyBy(Word::word)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(4)))
                .process(new Describe())
                .addSink(sinks.sink("windows")));
        assertThat(r.tidemark().get("windows")).isEqualTo(List.of(
                "a [0,4000) n=4 sum=4 ON_TIME#1 wm=4000",
                "a [4000,8000) n=3 sum=3 ON_TIME#1 wm=9000",
                "a [8000,12000) n=1 sum=1 ON_TIME#1 wm=" + Long.MAX_VALUE));
        assertThat(r.flink()).isEqualTo(r.tidemark());
    }

    /**
     * Seed 004 §3.5.7: 10 s windows, watermarks 5 s behind, allowed lateness 2 s, late data to a side
     * output: a late element within the lateness re-fires the window (LATE#2), one after it goes to the
     * side output.
     */
    @Test
    void allowedLatenessReFiresAndSideOutputsTheRest() throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.getConfig().setPerEventWatermarks(true);
            OutputTag<Word> late = new OutputTag<>("late");
            SingleOutputStreamOperator<String> windows = env
                    .fromElements(new Word("a", 1, 1000), new Word("a", 2, 2000), new Word("b", 5, 3000),
                            new Word("a", 1, 15500), // watermark 10499: [0,10000) fires for a and b
                            new Word("a", 4, 9000), // within 2 s of lateness: [0,10000) of a fires again
                            new Word("a", 1, 17500), // watermark 12499: [0,10000) is past its lateness
                            new Word("a", 8, 9500), // too late: side output
                            new Word("b", 1, 25000))
                    .assignTimestampsAndWatermarks(WatermarkStrategy.<Word>forBoundedOutOfOrderness(Duration.ofSeconds(5))
                            .withTimestampAssigner((word, previous) -> word.timestamp()))
                    .keyBy(Word::word)
                    .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                    .allowedLateness(Duration.ofSeconds(2))
                    .sideOutputLateData(late)
                    .process(new Describe());
            windows.addSink(sinks.sink("windows"));
            windows.getSideOutput(late).addSink(sinks.sink("late"));
        });
        assertThat(r.tidemark().get("windows")).asList().containsExactlyInAnyOrder(
                "a [0,10000) n=2 sum=3 ON_TIME#1 wm=10499",
                "b [0,10000) n=1 sum=5 ON_TIME#1 wm=10499",
                "a [0,10000) n=3 sum=7 LATE#2 wm=10499",
                "a [10000,20000) n=2 sum=2 ON_TIME#1 wm=19999",
                "b [20000,30000) n=1 sum=1 ON_TIME#1 wm=" + Long.MAX_VALUE);
        assertThat(r.tidemark().get("late")).isEqualTo(List.of(new Word("a", 8, 9500)));
        assertThat(r.flink().get("late")).isEqualTo(r.tidemark().get("late"));
        assertThat(r.flink().get("windows")).asList().containsExactlyInAnyOrderElementsOf(
                (List<?>) r.tidemark().get("windows"));
    }

    /**
     * Interval 0 means the same on both engines (Flink's meaning): periodic emission is off, so the
     * bounded-out-of-orderness generator emits nothing and every window fires at the final watermark;
     * nothing is late.
     */
    @Test
    void intervalZeroSwitchesPeriodicEmissionOffOnBothEngines() throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.getConfig().setAutoWatermarkInterval(0);
            OutputTag<Word> late = new OutputTag<>("late");
            SingleOutputStreamOperator<String> windows = env
                    .fromElements(new Word("a", 1, 1000), new Word("a", 1, 15500), new Word("a", 8, 9500))
                    .assignTimestampsAndWatermarks(WatermarkStrategy.<Word>forBoundedOutOfOrderness(Duration.ofSeconds(5))
                            .withTimestampAssigner((word, previous) -> word.timestamp()))
                    .keyBy(Word::word)
                    .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                    .sideOutputLateData(late)
                    .process(new Describe());
            windows.addSink(sinks.sink("windows"));
            windows.getSideOutput(late).addSink(sinks.sink("late"));
        });
        assertThat(r.tidemark().get("windows")).asList().containsExactlyInAnyOrder(
                "a [0,10000) n=2 sum=9 ON_TIME#1 wm=" + Long.MAX_VALUE,
                "a [10000,20000) n=1 sum=1 ON_TIME#1 wm=" + Long.MAX_VALUE);
        assertThat(r.tidemark().get("late")).isEqualTo(List.of());
        assertThat(r.flink().get("late")).isEqualTo(List.of());
        assertThat(r.flink().get("windows")).asList().containsExactlyInAnyOrderElementsOf(
                (List<?>) r.tidemark().get("windows"));
    }

    /**
     * Keyed state and event-time timers: a per-key running count, reported 10 ms after each record.
     * The timer at 10 fires on watermark 11, which follows the record at 12: it sees count 1 + 3.
     */
    static final class CountWithTimeout extends KeyedProcessFunction<String, Word, String> {
        private static final long serialVersionUID = 1L;
        private transient ValueState<Long> count;

        @Override
        public void open(io.tidemark.api.common.functions.OpenContext openContext) {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Long.class, 0L));
        }

        @Override
        public void processElement(Word value, Context ctx, Collector<String> out) {
            count.update(count.value() + value.count());
            ctx.timerService().registerEventTimeTimer(ctx.timestamp() + 10);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) {
            out.collect(ctx.getCurrentKey() + "@" + timestamp + "=" + count.value() + " " + ctx.timeDomain());
        }
    }

    @Test
    void keyedProcessFunctionWithStateAndTimers() throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.getConfig().setPerEventWatermarks(true);
            env.fromElements(new Word("a", 1, 0), new Word("b", 2, 5), new Word("a", 3, 12), new Word("a", 1, 30),
                            new Word("b", 1, 31))
                    .assignTimestampsAndWatermarks(WatermarkStrategy.<Word>forMonotonousTimestamps()
                            .withTimestampAssigner((word, previous) -> word.timestamp()))
                    .keyBy(Word::word)
                    .process(new CountWithTimeout())
                    .addSink(sinks.sink("timers"));
        });
        assertThat(r.tidemark().get("timers")).isEqualTo(List.of(
                "a@10=4 EVENT_TIME", "b@15=2 EVENT_TIME", "a@22=5 EVENT_TIME", "a@40=5 EVENT_TIME", "b@41=3 EVENT_TIME"));
        assertThat(r.flink()).isEqualTo(r.tidemark());
    }

    /**
     * Tidemark fires pending processing-time windows when a bounded input ends (Flink by itself drops
     * them); the runner keeps Tidemark's behaviour. The hour-long window cannot end during the test.
     */
    @Test
    void processingTimeWindowsFireAtTheEndOfABoundedInput() throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> env.fromElements(1, 2, 3, 4)
                .keyBy(x -> x % 2)
                .window(TumblingProcessingTimeWindows.of(Duration.ofHours(1)))
                .reduce(Integer::sum)
                .addSink(sinks.sink("sums")));
        assertThat(r.tidemark().get("sums")).asList().containsExactlyInAnyOrder(4, 6);
        assertThat(r.flink().get("sums")).asList().containsExactlyInAnyOrder(4, 6);
    }

    /** A user-defined trigger (fires every second element of a window, and at its end) runs as is on Flink. */
    static final class EverySecond extends io.tidemark.streaming.api.windowing.triggers.Trigger<Object, TimeWindow> {
        private static final long serialVersionUID = 1L;
        private static final io.tidemark.api.common.state.ReducingStateDescriptor<Long> COUNT =
                new io.tidemark.api.common.state.ReducingStateDescriptor<>("n", Long::sum, Long.class);

        @Override
        public io.tidemark.streaming.api.windowing.triggers.TriggerResult onElement(Object element, long timestamp,
                TimeWindow window, TriggerContext ctx) throws Exception {
            ctx.registerEventTimeTimer(window.maxTimestamp());
            io.tidemark.api.common.state.ReducingState<Long> n = ctx.getPartitionedState(COUNT);
            n.add(1L);
            return n.get() % 2 == 0 ? io.tidemark.streaming.api.windowing.triggers.TriggerResult.FIRE
                    : io.tidemark.streaming.api.windowing.triggers.TriggerResult.CONTINUE;
        }

        @Override
        public io.tidemark.streaming.api.windowing.triggers.TriggerResult onProcessingTime(long time, TimeWindow window,
                TriggerContext ctx) {
            return io.tidemark.streaming.api.windowing.triggers.TriggerResult.CONTINUE;
        }

        @Override
        public io.tidemark.streaming.api.windowing.triggers.TriggerResult onEventTime(long time, TimeWindow window,
                TriggerContext ctx) {
            return time == window.maxTimestamp() ? io.tidemark.streaming.api.windowing.triggers.TriggerResult.FIRE
                    : io.tidemark.streaming.api.windowing.triggers.TriggerResult.CONTINUE;
        }

        @Override
        public void clear(TimeWindow window, TriggerContext ctx) {
            ctx.deleteEventTimeTimer(window.maxTimestamp());
            ctx.getPartitionedState(COUNT).clear();
        }
    }

    /** Each second element fires at the watermark of the element before it (the record precedes its watermark). */
    @Test
    void aUserDefinedTriggerRunsOnFlink() throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.getConfig().setPerEventWatermarks(true);
            env.fromElements(w(1), w(2), w(3), w(5), w(4), w(6), w(13), w(11))
                    .map(Item::word)
                    .assignTimestampsAndWatermarks(WatermarkStrategy.<Word>forBoundedOutOfOrderness(Duration.ofSeconds(1))
                            .withTimestampAssigner((word, previous) -> word.timestamp()))
                    .keyBy(Word::word)
                    .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                    .trigger(new EverySecond())
                    .process(new Describe())
                    .addSink(sinks.sink("windows"));
        });
        assertThat(r.tidemark().get("windows")).isEqualTo(List.of(
                "a [0,10000) n=2 sum=2 EARLY#1 wm=-1", "a [0,10000) n=4 sum=4 EARLY#2 wm=1999",
                "a [0,10000) n=6 sum=6 EARLY#3 wm=3999", "a [0,10000) n=6 sum=6 ON_TIME#4 wm=11999",
                "a [10000,20000) n=2 sum=2 EARLY#1 wm=11999", "a [10000,20000) n=2 sum=2 ON_TIME#2 wm=" + Long.MAX_VALUE));
        assertThat(r.flink()).isEqualTo(r.tidemark());
    }
}
