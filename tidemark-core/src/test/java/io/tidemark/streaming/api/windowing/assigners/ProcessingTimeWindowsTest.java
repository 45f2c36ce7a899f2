package io.tidemark.streaming.api.windowing.assigners;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.streaming.api.windowing.triggers.ProcessingTimeTrigger;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProcessingTimeWindowsTest {

    private static final WindowAssigner.WindowAssignerContext NOW_12345 = new FixedProcessingTimeContext(12_345);

    @Test
    void tumblingUsesProcessingTimeNotTimestamp() {
        TumblingProcessingTimeWindows assigner = TumblingProcessingTimeWindows.of(Duration.ofSeconds(5));

        assertThat(assigner.assignWindows("e", 99_999_999, NOW_12345)).containsExactly(new TimeWindow(10_000, 15_000));
        // no timestamp is fine for processing time
        assertThat(assigner.assignWindows("e", Long.MIN_VALUE, NOW_12345))
                .containsExactly(new TimeWindow(10_000, 15_000));
        assertThat(assigner.assignWindows("e", 12_345, new FixedProcessingTimeContext(15_000)))
                .containsExactly(new TimeWindow(15_000, 20_000));
    }

    @Test
    void tumblingWithOffset() {
        TumblingProcessingTimeWindows assigner =
                TumblingProcessingTimeWindows.of(Duration.ofSeconds(5), Duration.ofSeconds(3));

        assertThat(assigner.assignWindows("e", 0, NOW_12345)).containsExactly(new TimeWindow(8000, 13_000));
        assertThat(assigner.getSize()).isEqualTo(5000L);
        assertThat(assigner.getOffset()).isEqualTo(3000L);
        assertThatThrownBy(() -> TumblingProcessingTimeWindows.of(Duration.ofSeconds(5), Duration.ofSeconds(5)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TumblingProcessingTimeWindows.of(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void slidingUsesProcessingTime() {
        SlidingProcessingTimeWindows assigner =
                SlidingProcessingTimeWindows.of(Duration.ofSeconds(10), Duration.ofSeconds(5));

        assertThat(assigner.assignWindows("e", 0, NOW_12345))
                .containsExactly(new TimeWindow(10_000, 20_000), new TimeWindow(5000, 15_000));
        assertThat(assigner.getSize()).isEqualTo(10_000L);
        assertThat(assigner.getSlide()).isEqualTo(5000L);
        assertThat(assigner.getOffset()).isZero();
    }

    @Test
    void slidingWithOffsetAndValidation() {
        SlidingProcessingTimeWindows assigner =
                SlidingProcessingTimeWindows.of(Duration.ofSeconds(10), Duration.ofSeconds(5), Duration.ofSeconds(1));

        assertThat(assigner.assignWindows("e", 0, NOW_12345))
                .containsExactly(new TimeWindow(11_000, 21_000), new TimeWindow(6000, 16_000));
        assertThatThrownBy(() -> SlidingProcessingTimeWindows.of(Duration.ofSeconds(10), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SlidingProcessingTimeWindows.of(
                        Duration.ofSeconds(10), Duration.ofSeconds(5), Duration.ofSeconds(5)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void sessionStartsAtProcessingTimeAndMergesTouchingWindows() {
        ProcessingTimeSessionWindows assigner = ProcessingTimeSessionWindows.withGap(Duration.ofSeconds(3));

        assertThat(assigner.assignWindows("e", 0, NOW_12345)).containsExactly(new TimeWindow(12_345, 15_345));
        List<TimeWindow> results = new ArrayList<>();
        assigner.mergeWindows(List.of(new TimeWindow(12_345, 15_345), new TimeWindow(15_345, 18_345)),
                (toBeMerged, result) -> results.add(result));
        assertThat(results).containsExactly(new TimeWindow(12_345, 18_345));
        assertThat(assigner.getGap()).isEqualTo(3000L);
        assertThatThrownBy(() -> ProcessingTimeSessionWindows.withGap(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void dynamicSessionUsesElementGapAndProcessingTime() {
        DynamicProcessingTimeSessionWindows<Integer> assigner =
                ProcessingTimeSessionWindows.withDynamicGap((Integer seconds) -> seconds * 1000L);

        assertThat(assigner.assignWindows(2, 0, NOW_12345)).containsExactly(new TimeWindow(12_345, 14_345));
        assertThatThrownBy(() -> assigner.assignWindows(0, 0, NOW_12345))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(assigner.getDefaultTrigger()).isInstanceOf(ProcessingTimeTrigger.class);
        assertThat(assigner.isEventTime()).isFalse();
    }

    @Test
    void allUseProcessingTimeTriggerAndAreNotEventTime() {
        List<WindowAssigner<?, TimeWindow>> assigners = List.of(
                TumblingProcessingTimeWindows.of(Duration.ofSeconds(1)),
                SlidingProcessingTimeWindows.of(Duration.ofSeconds(2), Duration.ofSeconds(1)),
                ProcessingTimeSessionWindows.withGap(Duration.ofSeconds(1)));

        for (WindowAssigner<?, TimeWindow> assigner : assigners) {
            assertThat(assigner.getDefaultTrigger()).as(assigner.toString()).isInstanceOf(ProcessingTimeTrigger.class);
            assertThat(assigner.isEventTime()).as(assigner.toString()).isFalse();
        }
    }
}
