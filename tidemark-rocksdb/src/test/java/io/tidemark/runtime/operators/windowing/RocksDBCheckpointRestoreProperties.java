package io.tidemark.runtime.operators.windowing;

import io.tidemark.api.common.ExecutionConfig;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.runtime.operators.KeyedProcessOperator;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.CountSum;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.Describe;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.Ev;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.KeyKind;
import io.tidemark.runtime.operators.windowing.CheckpointRestoreProperties.Step;
import io.tidemark.runtime.operators.windowing.SessionWindowsEquivalenceProperties.ListElements;
import io.tidemark.state.rocksdb.EmbeddedRocksDBStateBackend;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.streaming.api.windowing.assigners.DynamicEventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.triggers.ContinuousEventTimeTrigger;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * {@link CheckpointRestoreProperties}' restore property with the keyed state in RocksDB: the general
 * window operator (a stateful trigger with timers of its own; merging windows) and a keyed process
 * function with state and both kinds of timers, snapshotted at random steps and restored into fresh
 * operators, give exactly one uninterrupted run's output — with full checkpoints, and with incremental
 * ones (files shared in a checkpoint directory).
 */
class RocksDBCheckpointRestoreProperties {

    static final Path TMP = Path.of(System.getProperty("java.io.tmpdir"), "tidemark-rocksdb-restore-tests");

    @AfterContainer
    static void deleteFiles() throws IOException {
        if (Files.exists(TMP)) {
            try (Stream<Path> files = Files.walk(TMP)) {
                for (Path p : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                    Files.delete(p);
                }
            }
        }
    }

    static Consumer<ExecutionConfig> rocksDB(boolean incremental) {
        Path tmp = TMP;
        EmbeddedRocksDBStateBackend backend = new EmbeddedRocksDBStateBackend(incremental).setDbStoragePath(tmp.resolve("db").toString());
        if (incremental) {
            backend.setCheckpointDirectory(tmp.resolve("checkpoints-" + System.nanoTime()).toString());
        }
        return c -> c.setStateBackend(backend);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static void windows(long seed, int cuts, KeyKind keys, int numKeys, OperatorDescription.Window d, boolean incremental)
            throws Exception {
        List<Step> steps = CheckpointRestoreProperties.script(seed, 300, numKeys);
        CheckpointRestoreProperties.assertRestoresContinueExactly(steps, () -> WindowOperators.create(d),
                (KeySelector<Ev, ?>) (KeySelector) keys.selector(), CheckpointRestoreProperties.cuts(seed, steps.size(), cuts),
                rocksDB(incremental));
    }

    @Property(tries = 5)
    void generalWithAStatefulTrigger(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int cuts, @ForAll KeyKind keys,
            @ForAll @IntRange(min = 0, max = 1000) int lateness, @ForAll boolean incremental) throws Exception {
        windows(seed, cuts, keys, 20, CheckpointRestoreProperties.window(keys, TumblingEventTimeWindows.of(Duration.ofMillis(600)),
                ContinuousEventTimeTrigger.of(Duration.ofMillis(150)), lateness,
                new OperatorDescription.Window.Contents.Aggregate(new CountSum()),
                new OperatorDescription.Window.Function.Process(new Describe())), incremental);
    }

    @Property(tries = 4)
    void generalMergingWindows(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int cuts,
            @ForAll @IntRange(min = 0, max = 1000) int lateness, @ForAll boolean incremental) throws Exception {
        DynamicEventTimeSessionWindows<Ev> assigner = DynamicEventTimeSessionWindows.withDynamicGap(e -> 100L + e.key() * 50L);
        windows(seed, cuts, KeyKind.INTEGER, 8, CheckpointRestoreProperties.window(KeyKind.INTEGER, assigner,
                assigner.getDefaultTrigger(), lateness, new OperatorDescription.Window.Contents.Elements(),
                new OperatorDescription.Window.Function.Process(new ListElements())), incremental);
    }

    @Property(tries = 5)
    void keyedProcessFunctionWithStateAndTimers(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int cuts,
            @ForAll KeyKind keys, @ForAll boolean incremental) throws Exception {
        List<Step> steps = CheckpointRestoreProperties.script(seed, 300, 12);
        CheckpointRestoreProperties.assertRestoresContinueExactly(steps,
                () -> new KeyedProcessOperator<>(new CheckpointRestoreProperties.TimedCount()), e -> keys.of(e.key()),
                CheckpointRestoreProperties.cuts(seed, steps.size(), cuts), rocksDB(incremental));
    }
}
