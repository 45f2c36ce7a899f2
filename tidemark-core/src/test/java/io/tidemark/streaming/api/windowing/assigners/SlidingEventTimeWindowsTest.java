package io.tidemark.streaming.api.windowing.assigners;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.streaming.api.windowing.triggers.EventTimeTrigger;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SlidingEventTimeWindowsTest {

    private static final WindowAssigner.WindowAssignerContext CTX = new FixedProcessingTimeContext(0);

    private final SlidingEventTimeWindows tenBySix =
            SlidingEventTimeWindows.of(Duration.ofSeconds(10), Duration.ofSeconds(5));

    @Test
    void elementBelongsToEveryWindowContainingItLatestFirst() {
        assertThat(tenBySix.assignWindows("e", 7000, CTX))
                .containsExactly(new TimeWindow(5000, 15_000), new TimeWindow(0, 10_000));
    }

    @Test
    void elementOnSlideBoundaryStartsANewWindowAndLeavesTheOldest() {
        assertThat(tenBySix.assignWindows("e", 5000, CTX))
                .containsExactly(new TimeWindow(5000, 15_000), new TimeWindow(0, 10_000));
        assertThat(tenBySix.assignWindows("e", 10_000, CTX))
                .containsExactly(new TimeWindow(10_000, 20_000), new TimeWindow(5000, 15_000));
    }

    @Test
    void negativeTimestamp() {
        assertThat(tenBySix.assignWindows("e", -1, CTX))
                .containsExactly(new TimeWindow(-5000, 5000), new TimeWindow(-10_000, 0));
    }

    @Test
    void sizeNotAMultipleOfSlideGivesVaryingWindowCounts() {
        SlidingEventTimeWindows assigner = SlidingEventTimeWindows.of(Duration.ofMillis(10), Duration.ofMillis(3));

        // starts 6, 3, 0 are > 7 - 10 = -3; start -3 is not
        assertThat(assigner.assignWindows("e", 7, CTX))
                .containsExactly(new TimeWindow(6, 16), new TimeWindow(3, 13), new TimeWindow(0, 10));
        // starts 9, 6, 3, 0 are > 9 - 10 = -1
        assertThat(assigner.assignWindows("e", 9, CTX))
                .containsExactly(
                        new TimeWindow(9, 19), new TimeWindow(6, 16), new TimeWindow(3, 13), new TimeWindow(0, 10));
    }

    @Test
    void slideLargerThanSizeLeavesGaps() {
        SlidingEventTimeWindows assigner = SlidingEventTimeWindows.of(Duration.ofMillis(2), Duration.ofMillis(5));

        assertThat(assigner.assignWindows("e", 6, CTX)).containsExactly(new TimeWindow(5, 7));
        assertThat(assigner.assignWindows("e", 7, CTX)).isEmpty();
    }

    @Test
    void offsetShiftsTheStarts() {
        SlidingEventTimeWindows assigner =
                SlidingEventTimeWindows.of(Duration.ofSeconds(10), Duration.ofSeconds(5), Duration.ofSeconds(2));

        assertThat(assigner.assignWindows("e", 7000, CTX))
                .containsExactly(new TimeWindow(7000, 17_000), new TimeWindow(2000, 12_000));
        assertThat(assigner.assignWindows("e", 6999, CTX))
                .containsExactly(new TimeWindow(2000, 12_000), new TimeWindow(-3000, 7000));
    }

    @Test
    void rejectsInvalidParameters() {
        assertThatThrownBy(() -> SlidingEventTimeWindows.of(Duration.ZERO, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SlidingEventTimeWindows.of(Duration.ofSeconds(10), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SlidingEventTimeWindows.of(Duration.ofSeconds(10), Duration.ofSeconds(-5)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SlidingEventTimeWindows.of(
                        Duration.ofSeconds(10), Duration.ofSeconds(5), Duration.ofSeconds(5)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SlidingEventTimeWindows.of(
                        Duration.ofSeconds(10), Duration.ofSeconds(5), Duration.ofSeconds(-5)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void rejectsElementWithoutTimestamp() {
        assertThatThrownBy(() -> tenBySix.assignWindows("e", Long.MIN_VALUE, CTX))
                .isInstanceOf(RuntimeException.class)
                .hasMessageContaining("assignTimestampsAndWatermarks");
    }

    @Test
    void gettersDefaultTriggerAndTimeDomain() {
        SlidingEventTimeWindows assigner =
                SlidingEventTimeWindows.of(Duration.ofSeconds(10), Duration.ofSeconds(5), Duration.ofSeconds(-2));

        assertThat(assigner.getSize()).isEqualTo(10_000L);
        assertThat(assigner.getSlide()).isEqualTo(5000L);
        assertThat(assigner.getOffset()).isEqualTo(-2000L);
        assertThat(assigner.getDefaultTrigger()).isInstanceOf(EventTimeTrigger.class);
        assertThat(assigner.isEventTime()).isTrue();
        assertThat(assigner).hasToString("SlidingEventTimeWindows(10000, 5000)");
    }
}
