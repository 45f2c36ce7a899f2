package io.tidemark.runtime.operators.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.CountSum;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.Describe;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.Ev;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.KeyKind;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.util.Collector;
import java.time.Duration;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The session window operator (the built-in fixed-gap session assigner with the built-in
 * EventTimeTrigger: per-key session lists merged in place, timers in a heap) gives exactly what the
 * general operator, merging windows, gives for the same description: the same results in the same
 * order (including the order of contents merged from several sessions), the same firing timing, index
 * and watermark, the same cleanup order, late records and metrics. Each run drives one operator
 * through the harness ({@link AlignedWindowsEquivalenceProperties#run}).
 */
class SessionWindowsEquivalenceProperties {

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

    static List<List<String>> both(List<Object[]> steps, OperatorDescription.Window description) throws Exception {
        return AlignedWindowsEquivalenceProperties.both(steps, description, SessionWindowOperator.class);
    }

    static OperatorDescription.Window sessions(KeyKind keys, long gap, long lateness) {
        return AlignedWindowsEquivalenceProperties.aggregate(keys, EventTimeSessionWindows.withGap(Duration.ofMillis(gap)),
                lateness, new CountSum(), new Describe());
    }

    @Property(tries = 80)
    void sessionsEqualTheGeneralOperator(@ForAll long seed, @ForAll KeyKind keys,
            @ForAll @IntRange(min = 1, max = 40) int numKeys, @ForAll @IntRange(min = 1, max = 800) int gap,
            @ForAll @IntRange(min = 0, max = 2000) int lateness) throws Exception {
        List<List<String>> runs = both(AlignedWindowsEquivalenceProperties.script(seed, 400, numKeys), sessions(keys, gap, lateness));
        assertThat(runs.get(0)).isNotEmpty().containsExactlyElementsOf(runs.get(1));
    }

    /** Long scripts on few keys: thousands of timer moves, so the session timers' compaction runs many times. */
    @Property(tries = 12)
    void longRunsWithManyTimerMovesEqualTheGeneralOperator(@ForAll long seed, @ForAll @IntRange(min = 1, max = 6) int numKeys,
            @ForAll @IntRange(min = 200, max = 3000) int gap, @ForAll @IntRange(min = 0, max = 2000) int lateness) throws Exception {
        List<List<String>> runs = both(AlignedWindowsEquivalenceProperties.script(seed, 4000, numKeys),
                sessions(KeyKind.LONG, gap, lateness));
        assertThat(runs.get(0)).isNotEmpty().containsExactlyElementsOf(runs.get(1));
    }

    @Property(tries = 60)
    void mergedElementListsComeInTheSameOrder(@ForAll long seed, @ForAll @IntRange(min = 1, max = 10) int numKeys,
            @ForAll @IntRange(min = 1, max = 800) int gap, @ForAll @IntRange(min = 0, max = 1500) int lateness) throws Exception {
        EventTimeSessionWindows assigner = EventTimeSessionWindows.withGap(Duration.ofMillis(gap));
        OperatorDescription.Window listing = new OperatorDescription.Window(assigner, assigner.getDefaultTrigger(), lateness,
                AlignedWindowsEquivalenceProperties.LATE, new OperatorDescription.Window.Contents.Elements(),
                new OperatorDescription.Window.Function.Process(new ListElements()), KeyKind.INTEGER.selector());
        List<List<String>> runs = both(AlignedWindowsEquivalenceProperties.script(seed, 300, numKeys), listing);
        assertThat(runs.get(0)).isNotEmpty().containsExactlyElementsOf(runs.get(1));
    }
}
