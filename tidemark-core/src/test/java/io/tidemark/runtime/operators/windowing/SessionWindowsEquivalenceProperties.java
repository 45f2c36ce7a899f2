package io.tidemark.runtime.operators.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.CountSum;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.Ev;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.KeyKind;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.testutils.CollectSink;
import io.tidemark.testutils.ScriptedSource;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The window operator's session fast path (the built-in fixed-gap session assigner with the built-in
 * EventTimeTrigger: per-key session arrays merged in place, timers in a heap) gives exactly what the
 * general merging path gives: the same results in the same order (including the order of contents
 * merged from several sessions), the same firing timing, index and watermark, the same cleanup order,
 * late records and metrics. The general path is forced by an assigner subclass.
 */
class SessionWindowsEquivalenceProperties {

    /** The same sessions as the built-in assigner, but another class: takes the general path. */
    static final class GeneralSessions extends EventTimeSessionWindows {
        GeneralSessions(long gap) {
            super(gap);
        }
    }

    /** Lists a session's elements in the order the window holds them (shows how contents merged). */
    static final class ListElements extends ProcessWindowFunction<Ev, String, Object, TimeWindow> {
        @Override
        public void process(Object key, Context ctx, Iterable<Ev> elements, Collector<String> out) {
            StringBuilder b = new StringBuilder().append(key).append(" [").append(ctx.window().getStart()).append(',')
                    .append(ctx.window().getEnd()).append(") ").append(ctx.firing().timing()).append('#')
                    .append(ctx.firing().index()).append(" wm=").append(ctx.currentWatermark()).append(':');
            for (Ev e : elements) {
                b.append(' ').append(e.ts()).append('/').append(e.v());
            }
            out.collect(b.toString());
        }
    }

    @Property(tries = 80)
    void sessionFastPathEqualsGeneralPath(@ForAll long seed, @ForAll KeyKind keys,
            @ForAll @IntRange(min = 1, max = 40) int numKeys, @ForAll @IntRange(min = 1, max = 800) int gap,
            @ForAll @IntRange(min = 0, max = 2000) int lateness) throws Exception {
        List<Object[]> steps = AlignedWindowsEquivalenceProperties.script(seed, 400, numKeys);
        List<String> fast = AlignedWindowsEquivalenceProperties.run(steps, EventTimeSessionWindows.withGap(Duration.ofMillis(gap)),
                lateness, keys, new CountSum());
        List<String> general = AlignedWindowsEquivalenceProperties.run(steps, new GeneralSessions(gap), lateness, keys, new CountSum());
        assertThat(fast).isNotEmpty().containsExactlyElementsOf(general);
    }

    /** Long scripts on few keys: thousands of timer moves, so the fast path's timer compaction runs many times. */
    @Property(tries = 12)
    void longRunsWithManyTimerMovesEqualTheGeneralPath(@ForAll long seed, @ForAll @IntRange(min = 1, max = 6) int numKeys,
            @ForAll @IntRange(min = 200, max = 3000) int gap, @ForAll @IntRange(min = 0, max = 2000) int lateness) throws Exception {
        List<Object[]> steps = AlignedWindowsEquivalenceProperties.script(seed, 4000, numKeys);
        List<String> fast = AlignedWindowsEquivalenceProperties.run(steps, EventTimeSessionWindows.withGap(Duration.ofMillis(gap)),
                lateness, KeyKind.LONG, new CountSum());
        List<String> general = AlignedWindowsEquivalenceProperties.run(steps, new GeneralSessions(gap), lateness, KeyKind.LONG, new CountSum());
        assertThat(fast).isNotEmpty().containsExactlyElementsOf(general);
    }

    @Property(tries = 60)
    void mergedElementListsComeInTheSameOrder(@ForAll long seed, @ForAll @IntRange(min = 1, max = 10) int numKeys,
            @ForAll @IntRange(min = 1, max = 800) int gap, @ForAll @IntRange(min = 0, max = 1500) int lateness) throws Exception {
        List<Object[]> steps = AlignedWindowsEquivalenceProperties.script(seed, 300, numKeys);
        List<String> fast = runFull(steps, EventTimeSessionWindows.withGap(Duration.ofMillis(gap)), lateness);
        List<String> general = runFull(steps, new GeneralSessions(gap), lateness);
        assertThat(fast).isNotEmpty().containsExactlyElementsOf(general);
    }

    static List<String> runFull(List<Object[]> steps, WindowAssigner<Object, TimeWindow> assigner, long lateness) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(1);
        ScriptedSource<Ev> source = AlignedWindowsEquivalenceProperties.source(steps);
        OutputTag<Ev> late = new OutputTag<>("late") {};
        var results = env.addSource(source, "script")
                .keyBy(e -> (Object) e.key())
                .window(assigner)
                .allowedLateness(Duration.ofMillis(lateness))
                .sideOutputLateData(late)
                .process(new ListElements());
        CollectSink<String> main = new CollectSink<>();
        CollectSink<Ev> side = new CollectSink<>();
        results.addSink(main);
        results.getSideOutput(late).addSink(side);
        env.execute("session equivalence");
        List<String> out = new ArrayList<>(main.values());
        side.values().forEach(e -> out.add("late " + e));
        return out;
    }
}
