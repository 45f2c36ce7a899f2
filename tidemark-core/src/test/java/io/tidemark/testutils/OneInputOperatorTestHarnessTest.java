package io.tidemark.testutils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.runtime.operators.StreamMap;
import io.tidemark.runtime.operators.windowing.WindowOperators;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The harness drives one operator by hand: elements, watermarks, processing time; outputs read back. */
class OneInputOperatorTestHarnessTest {

    static final OutputTag<Long> LATE = new OutputTag<>("late") {};

    /** {@code keyBy(v -> v % 2).window(assigner).sideOutputLateData(LATE).reduce(Long::sum)}. */
    static OperatorDescription.Window sum(WindowAssigner<?, ?> assigner) {
        return new OperatorDescription.Window(assigner, assigner.getDefaultTrigger(), 0, LATE,
                new OperatorDescription.Window.Contents.Reduce((ReduceFunction<Long>) Long::sum),
                new OperatorDescription.Window.Function.PassThrough(), (KeySelector<Long, Long>) v -> v % 2);
    }

    @Test
    void eventTimeWindowsFireOnWatermarksAndLateRecordsGoToTheSideOutput() throws Exception {
        try (var h = new OneInputOperatorTestHarness<Long, Long>(
                WindowOperators.create(sum(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))), v -> v % 2)) {
            h.open();
            h.processElement(1L, 100);
            h.processElement(3L, 900);
            h.processElement(2L, 950);
            h.processWatermark(998);
            assertThat(h.extractOutputValues()).isEmpty();
            h.processWatermark(999);
            h.processElement(5L, 300); // behind the watermark, no allowed lateness
            h.endInput();
            assertThat(h.extractOutputRecords()).extracting(StreamRecord::getValue, StreamRecord::getTimestamp)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple(4L, 999L), org.assertj.core.groups.Tuple.tuple(2L, 999L));
            assertThat(h.extractWatermarks()).containsExactly(998L, 999L, Long.MAX_VALUE);
            assertThat(h.getOutput()).last().isSameAs(OneInputOperatorTestHarness.END_OF_INPUT);
            assertThat(h.extractSideOutputValues(LATE)).containsExactly(5L);
            assertThat(h.getSideOutput(LATE).get(0).getTimestamp()).isEqualTo(300);
            assertThat(h.getMetrics().numLateRecordsSideOutput.get()).isEqualTo(1);
            assertThat(h.getMetrics().numRecordsIn.get()).isEqualTo(4);
            assertThat(h.getMetrics().numRecordsOut.get()).isEqualTo(2);
        }
    }

    @Test
    void processingTimeMovesOnlyWhenTheTestMovesIt() throws Exception {
        try (var h = new OneInputOperatorTestHarness<Long, Long>(
                WindowOperators.create(sum(TumblingProcessingTimeWindows.of(Duration.ofSeconds(1)))), v -> 0L, 200)) {
            h.open();
            h.processElement(1L);
            h.processElement(2L);
            h.setProcessingTime(998);
            assertThat(h.extractOutputValues()).isEmpty();
            h.setProcessingTime(999);
            assertThat(h.extractOutputValues()).containsExactly(3L);
            h.setProcessingTime(1500);
            h.processElement(7L);
            h.endInput(); // a bounded input ends processing time too: [1000, 2000) fires
            assertThat(h.extractOutputValues()).containsExactly(3L, 7L);
            assertThat(h.getProcessingTime()).isEqualTo(1500);
        }
    }

    @Test
    void aNonKeyedOperatorRunsToo() throws Exception {
        try (var h = new OneInputOperatorTestHarness<>(new StreamMap<Long, String>(v -> "v" + v))) {
            h.open();
            h.processElement(1L, 5);
            h.processElement(2L);
            assertThat(h.extractOutputRecords()).extracting(StreamRecord::toString)
                    .containsExactly(new StreamRecord<>("v1", 5).toString(), new StreamRecord<>("v2").toString());
        }
    }

    @Test
    void inputBeforeOpenOrAfterCloseIsRefused() throws Exception {
        var h = new OneInputOperatorTestHarness<>(new StreamMap<Long, Long>(v -> v));
        assertThat(h.phase()).isEqualTo(OneInputOperatorTestHarness.Phase.CREATED);
        assertThatThrownBy(() -> h.processElement(1L)).isInstanceOf(IllegalStateException.class).hasMessageContaining("CREATED");
        h.setup();
        assertThat(h.phase()).isEqualTo(OneInputOperatorTestHarness.Phase.SET_UP);
        h.open();
        h.close();
        assertThatThrownBy(() -> h.processWatermark(1)).isInstanceOf(IllegalStateException.class).hasMessageContaining("CLOSED");
        assertThat(h.extractOutputValues()).isEqualTo(List.of());
    }
}
