package io.tidemark.runtime.operators.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.operators.AbstractStreamOperator;
import io.tidemark.runtime.operators.KeyedProcessOperator;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.Ev;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.KeyKind;
import io.tidemark.runtime.operators.windowing.CheckpointRestoreProperties.Rec;
import io.tidemark.runtime.operators.windowing.CheckpointRestoreProperties.Scenario;
import io.tidemark.runtime.operators.windowing.CheckpointRestoreProperties.Step;
import io.tidemark.runtime.operators.windowing.CheckpointRestoreProperties.Time;
import io.tidemark.runtime.state.KeyGroupRangeAssignment;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.tasks.Rescaling;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.testutils.OneInputOperatorTestHarness;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Supplier;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Every window operator, and a keyed process function with state and timers, restores at another
 * parallelism: a script run on {@code from} subtasks (each record to the subtask of its key group, at
 * 128 key groups; watermarks, status and processing time to all), snapshotted at a step, restored on
 * {@code to} subtasks from the old snapshots ({@link Rescaling}) and run on, emits what one subtask
 * running it straight emits — the same records and late records (as multisets: subtasks interleave),
 * and the same counters in total.
 */
class RescaleRestoreProperties {

    /** What a run emitted: records and late records (sorted), and the counters summed over its subtasks. */
    record Outcome(List<String> records, List<String> late, Map<String, Long> counters) {}

    @Property(tries = 80)
    void windowOperators(@ForAll long seed, @ForAll Scenario scenario, @ForAll KeyKind keys,
            @ForAll @IntRange(min = 1, max = 3) int from, @ForAll @IntRange(min = 1, max = 4) int to) throws Exception {
        OperatorDescription.Window d = scenario.description(keys, new Random(seed));
        check(seed, scenario.numKeys, () -> WindowOperators.create(d), d.keySelector(), from, to == from ? to + 1 : to);
    }

    @Property(tries = 30)
    void keyedProcessFunction(@ForAll long seed, @ForAll KeyKind keys, @ForAll @IntRange(min = 1, max = 3) int from,
            @ForAll @IntRange(min = 1, max = 4) int to) throws Exception {
        check(seed, 12, () -> new KeyedProcessOperator<>(new CheckpointRestoreProperties.TimedCount()), keys.selector(), from,
                to == from ? to + 1 : to);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void check(long seed, int numKeys, Supplier<AbstractStreamOperator<Ev, ?>> operator, KeySelector<?, ?> keys,
            int from, int to) throws Exception {
        List<Step> steps = CheckpointRestoreProperties.script(seed, 300, numKeys);
        int cut = new Random(seed ^ 0x5DEECE66DL).nextInt(steps.size());
        KeySelector<Ev, ?> k = (KeySelector<Ev, ?>) keys;
        Outcome straight = run(steps, operator, k, 1, 1, -1);
        Outcome rescaled = run(steps, operator, k, from, to, cut);
        assertThat(straight.records()).as("records").isNotEmpty();
        assertThat(rescaled.records()).as("records, %d to %d subtasks at step %d", from, to, cut).isEqualTo(straight.records());
        assertThat(rescaled.late()).as("late records").isEqualTo(straight.late());
        assertThat(rescaled.counters()).as("counters").isEqualTo(straight.counters());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Outcome run(List<Step> steps, Supplier<AbstractStreamOperator<Ev, ?>> operator, KeySelector<Ev, ?> keys, int from,
            int to, int cut) throws Exception {
        List<String> records = new ArrayList<>();
        List<String> late = new ArrayList<>();
        List<OneInputOperatorTestHarness<Ev, ?>> subtasks = open(operator, keys, from, 0, null, cut);
        for (int i = 0; i < steps.size(); i++) {
            Step s = steps.get(i);
            if (s instanceof Rec r) {
                Object key = keys.getKey(r.ev());
                CheckpointRestoreProperties.play(subtasks.get(KeyGroupRangeAssignment.assignKeyToParallelOperator(key, 128,
                        subtasks.size())), s);
            } else {
                for (OneInputOperatorTestHarness<Ev, ?> h : subtasks) {
                    CheckpointRestoreProperties.play(h, s);
                }
            }
            if (i == cut) {
                List<StateSnapshot> snapshots = new ArrayList<>();
                long time = subtasks.get(0).getProcessingTime();
                for (OneInputOperatorTestHarness<Ev, ?> h : subtasks) {
                    snapshots.add(h.snapshot());
                    take(h, records, late);
                    h.close();
                }
                subtasks = open(operator, keys, to, time, snapshots, cut);
            }
        }
        Map<String, Long> counters = new TreeMap<>();
        for (OneInputOperatorTestHarness<Ev, ?> h : subtasks) {
            h.endInput();
            take(h, records, late);
            Map<String, Long> m = h.getMetrics().snapshot();
            for (String c : AlignedWindowsEquivalenceProperties.COUNTERS) {
                counters.merge(c, m.get(c), Long::sum);
            }
            h.close();
        }
        records.sort(null);
        late.sort(null);
        return new Outcome(records, late, counters);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static List<OneInputOperatorTestHarness<Ev, ?>> open(Supplier<AbstractStreamOperator<Ev, ?>> operator,
            KeySelector<Ev, ?> keys, int parallelism, long time, List<StateSnapshot> restoreFrom, int cut) throws Exception {
        List<OneInputOperatorTestHarness<Ev, ?>> subtasks = new ArrayList<>();
        for (int i = 0; i < parallelism; i++) {
            OneInputOperatorTestHarness<Ev, ?> h = new OneInputOperatorTestHarness<>((AbstractStreamOperator) operator.get(), keys, time);
            h.setup(i, parallelism);
            h.initializeState(restoreFrom == null ? null
                    : Rescaling.restoredState(1, "step " + cut, "operator", restoreFrom, i, parallelism, 128));
            h.open();
            subtasks.add(h);
        }
        return subtasks;
    }

    private static void take(OneInputOperatorTestHarness<Ev, ?> h, List<String> records, List<String> late) {
        for (StreamRecord<?> r : h.extractOutputRecords()) {
            Object v = r.getValue();
            records.add((v instanceof long[] a ? Arrays.toString(a) : String.valueOf(v)) + (r.hasTimestamp() ? " @" + r.getTimestamp() : ""));
        }
        for (Ev e : h.extractSideOutputValues(CheckpointRestoreProperties.LATE)) {
            late.add("late " + e);
        }
    }
}
