package io.tidemark.runtime.operators.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.ExecutionConfig;
import io.tidemark.api.common.metrics.WindowQuery;
import io.tidemark.api.common.state.ListState;
import io.tidemark.api.common.state.ListStateDescriptor;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.Ev;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.KeyKind;
import io.tidemark.runtime.operators.windowing.CheckpointRestoreProperties.Run;
import io.tidemark.runtime.operators.windowing.CheckpointRestoreProperties.Scenario;
import io.tidemark.runtime.operators.windowing.CheckpointRestoreProperties.Step;
import io.tidemark.runtime.state.KeyedStateBackend;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.testutils.OneInputOperatorTestHarness;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The window operator whose contents live in the keyed state backend ({@link KeyedStateWindowOperator},
 * here on RocksDB) against the general operator on the heap, the reference every window operator is
 * held to: over every window scenario of {@link CheckpointRestoreProperties}, the same results in the
 * same order, the same late records and counters, after every step the same open windows and state
 * size, and now and then the same open windows of each key for questions. And the contents are in RocksDB: the operator's heap holds none of the elements.
 */
class KeyedStateWindowOperatorProperties {

    @Property(tries = 15)
    @SuppressWarnings({"unchecked", "rawtypes"})
    void sameAsTheGeneralOperatorOnTheHeap(@ForAll long seed, @ForAll Scenario scenario, @ForAll KeyKind keys) throws Exception {
        OperatorDescription.Window d = scenario.description(keys, new Random(seed));
        List<Step> steps = CheckpointRestoreProperties.script(seed, 300, scenario.numKeys);
        KeySelector<Ev, ?> selector = (KeySelector<Ev, ?>) (KeySelector) d.keySelector();
        Consumer<ExecutionConfig> rocksDB = RocksDBCheckpointRestoreProperties.rocksDB(false);
        OneInputOperatorTestHarness<Ev, ?> heap = new OneInputOperatorTestHarness<>((WindowOperator) WindowOperators.general(d), selector, 0);
        OneInputOperatorTestHarness<Ev, ?> stored = new OneInputOperatorTestHarness<>(
                (WindowOperator) WindowOperators.create(d, RocksDBCheckpointRestoreProperties.backend(rocksDB)), selector, 0);
        rocksDB.accept(stored.getExecutionConfig());
        assertThat(stored.getOperator()).isExactlyInstanceOf(KeyedStateWindowOperator.class);
        heap.open();
        stored.open();
        WindowOperator<?, ?, ?> h = (WindowOperator<?, ?, ?>) heap.getOperator();
        WindowOperator<?, ?, ?> s = (WindowOperator<?, ?, ?>) stored.getOperator();
        for (int i = 0; i < steps.size(); i++) {
            CheckpointRestoreProperties.play(heap, steps.get(i));
            CheckpointRestoreProperties.play(stored, steps.get(i));
            assertThat(List.of(s.numLiveWindows(), s.stateSize())).as("open windows, state size after step %d", i)
                    .isEqualTo(List.of(h.numLiveWindows(), h.stateSize()));
            if (i % 50 == 49) {
                for (int k = 0; k < scenario.numKeys; k++) {
                    String key = String.valueOf(((KeySelector) selector).getKey(new Ev(k, 0, 0)));
                    assertThat(openWindows(s, key)).as("key %s's open windows after step %d", key, i)
                            .isEqualTo(openWindows(h, key));
                }
            }
        }
        heap.endInput();
        stored.endInput();
        Run a = new Run();
        a.take(heap);
        Run b = new Run();
        b.take(stored);
        heap.close();
        stored.close();
        assertThat(b.lines(stored)).hasSizeGreaterThan(AlignedWindowsEquivalenceProperties.COUNTERS.length + 1)
                .containsExactlyElementsOf(a.lines(heap));
    }

    /** The open windows of {@code key} the operator describes (for questions), in order. */
    static List<WindowQuery.OpenWindow> openWindows(WindowOperator<?, ?, ?> operator, String key) {
        List<WindowQuery.OpenWindow> open = new ArrayList<>();
        operator.describeKey(key, open);
        open.sort(Comparator.comparingLong(WindowQuery.OpenWindow::start).thenComparingLong(WindowQuery.OpenWindow::end));
        return open;
    }

    /**
     * 2,000 elements of 10 keys in one window each, kept for a full window function: RocksDB holds
     * two rows per (key, window) — the element list and the window's entry — whose lists hold every
     * element; the heap holds one cleanup timer per (key, window).
     */
    @Example
    @SuppressWarnings({"unchecked", "rawtypes"})
    void theContentsAreInRocksDB() throws Exception {
        OperatorDescription.Window d = CheckpointRestoreProperties.sessions(KeyKind.LONG, 1_000_000, 0);
        Consumer<ExecutionConfig> rocksDB = RocksDBCheckpointRestoreProperties.rocksDB(false);
        OneInputOperatorTestHarness<Ev, ?> h = new OneInputOperatorTestHarness<>(
                (WindowOperator) WindowOperators.create(d, RocksDBCheckpointRestoreProperties.backend(rocksDB)),
                (KeySelector) d.keySelector(), 0);
        rocksDB.accept(h.getExecutionConfig());
        h.open();
        for (int i = 0; i < 2_000; i++) {
            h.processElement(new Ev(i % 10, i, i), i);
        }
        WindowOperator<?, ?, ?> op = (WindowOperator<?, ?, ?>) h.getOperator();
        KeyedStateBackend backend = op.getKeyedStateBackend();
        assertThat(op.numLiveWindows()).isEqualTo(10);
        assertThat(op.stateSize()).isEqualTo(2_000);
        // rows: 10 windows' element lists, 10 entries, 10 keys' merging window sets
        assertThat(backend.size()).isEqualTo(30);
        long elements = 0;
        for (int key = 0; key < 10; key++) {
            backend.setCurrentKey((long) key);
            ListState<Object> list = backend.getPartitionedState(new TimeWindow(key, key + 1_000_000),
                    new ListStateDescriptor<>(StoredContents.NAME, Object.class));
            for (Object e : list.get()) {
                assertThat(((Ev) e).key()).isEqualTo(key);
                elements++;
            }
        }
        assertThat(elements).isEqualTo(2_000);
        assertThat(op.getTimerService().numEventTimeTimers()).isEqualTo(10);
        h.processWatermark(Long.MAX_VALUE);
        assertThat(h.extractOutputValues()).hasSize(10);
        assertThat(backend.size()).isZero();
        assertThat(List.of(op.numLiveWindows(), op.stateSize())).isEqualTo(List.of(0, 0L));
        h.close();
    }
}
