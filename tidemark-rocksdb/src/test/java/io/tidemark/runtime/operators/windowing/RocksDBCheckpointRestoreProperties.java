package io.tidemark.runtime.operators.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.ExecutionConfig;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.runtime.operators.KeyedProcessOperator;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.Ev;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.KeyKind;
import io.tidemark.runtime.operators.windowing.CheckpointRestoreProperties.Scenario;
import io.tidemark.runtime.operators.windowing.CheckpointRestoreProperties.Step;
import io.tidemark.state.rocksdb.EmbeddedRocksDBStateBackend;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * {@link CheckpointRestoreProperties}' restore property with the keyed state in RocksDB: every window
 * scenario (its windows' contents in RocksDB) and a keyed process function with state and both kinds
 * of timers, snapshotted at random steps and restored into fresh operators, give exactly one
 * uninterrupted run's output — with full checkpoints, and with incremental ones (files shared in a
 * checkpoint directory).
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

    /** The backend of {@link #rocksDB}'s configuration, for the operator factory's choice. */
    static EmbeddedRocksDBStateBackend backend(Consumer<ExecutionConfig> config) {
        ExecutionConfig c = new ExecutionConfig();
        config.accept(c);
        return (EmbeddedRocksDBStateBackend) c.getStateBackend();
    }

    /**
     * Every window scenario of {@link CheckpointRestoreProperties} on RocksDB: the factory's operator
     * there keeps the windows' contents in the backend; snapshotted at random steps (full or incremental
     * checkpoints) and restored, it continues exactly as one uninterrupted run.
     */
    @Property(tries = 10)
    @SuppressWarnings({"unchecked", "rawtypes"})
    void windowsInRocksDB(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int cuts, @ForAll Scenario scenario,
            @ForAll KeyKind keys, @ForAll boolean incremental) throws Exception {
        OperatorDescription.Window d = scenario.description(keys, new Random(seed));
        Consumer<ExecutionConfig> config = rocksDB(incremental);
        EmbeddedRocksDBStateBackend backend = backend(config);
        assertThat(WindowOperators.create(d, backend)).isExactlyInstanceOf(KeyedStateWindowOperator.class);
        List<Step> steps = CheckpointRestoreProperties.script(seed, 300, scenario.numKeys);
        CheckpointRestoreProperties.assertRestoresContinueExactly(steps, () -> WindowOperators.create(d, backend),
                (KeySelector<Ev, ?>) (KeySelector) d.keySelector(), CheckpointRestoreProperties.cuts(seed, steps.size(), cuts), config);
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
