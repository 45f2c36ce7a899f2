package io.tidemark.streaming.api.windowing.assigners;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.streaming.api.windowing.triggers.EventTimeTrigger;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TumblingEventTimeWindowsTest {

    private static final WindowAssigner.WindowAssignerContext CTX = new FixedProcessingTimeContext(0);

    /** Epoch millis of 2024-03-05 at the given time of day, UTC. */
    private static long at(int hour, int minute, int second) {
        return LocalDateTime.of(2024, 3, 5, hour, minute, second).toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    private static TimeWindow only(WindowAssigner<Object, TimeWindow> assigner, long timestamp) {
        var windows = assigner.assignWindows("e", timestamp, CTX);
        assertThat(windows).hasSize(1);
        return windows.iterator().next();
    }

    @ParameterizedTest(name = "ts {0} -> [{1}, {2})")
    @CsvSource({
        "0, 0, 5000",
        "4999, 0, 5000",
        "5000, 5000, 10000",
        "12345, 10000, 15000",
        "-1, -5000, 0",
        "-5000, -5000, 0",
        "-5001, -10000, -5000",
    })
    void alignsToMultiplesOfSize(long timestamp, long start, long end) {
        TumblingEventTimeWindows assigner = TumblingEventTimeWindows.of(Duration.ofMillis(5000));

        assertThat(only(assigner, timestamp)).isEqualTo(new TimeWindow(start, end));
    }

    @ParameterizedTest(name = "offset {0}: ts {1} -> [{2}, {3})")
    @CsvSource({
        "1000, 0, -4000, 1000",
        "1000, 999, -4000, 1000",
        "1000, 1000, 1000, 6000",
        "1000, -4001, -9000, -4000",
        "-1000, 0, -1000, 4000",
        "-1000, 3999, -1000, 4000",
        "-1000, 4000, 4000, 9000",
        "4999, 0, -1, 4999",
    })
    void offsetShiftsTheAlignment(long offset, long timestamp, long start, long end) {
        TumblingEventTimeWindows assigner =
                TumblingEventTimeWindows.of(Duration.ofMillis(5000), Duration.ofMillis(offset));

        assertThat(only(assigner, timestamp)).isEqualTo(new TimeWindow(start, end));
    }

    @Test
    void fiveMinuteWindowsWithOneMinuteOffset() {
        TumblingEventTimeWindows assigner = TumblingEventTimeWindows.of(Duration.ofMinutes(5), Duration.ofMinutes(1));

        // windows start at minutes 1, 6, 11, ...: 10:00:30 is in [09:56, 10:01)
        assertThat(only(assigner, at(10, 0, 30))).isEqualTo(new TimeWindow(at(9, 56, 0), at(10, 1, 0)));
        assertThat(only(assigner, at(10, 1, 0))).isEqualTo(new TimeWindow(at(10, 1, 0), at(10, 6, 0)));
    }

    @Test
    void fiveMinuteWindowsWithMinusOneMinuteOffset() {
        TumblingEventTimeWindows assigner =
                TumblingEventTimeWindows.of(Duration.ofMinutes(5), Duration.ofMinutes(-1));

        // windows start at minutes 4, 9, 14, ..., 59: 10:00:30 is in [09:59, 10:04)
        assertThat(only(assigner, at(10, 0, 30))).isEqualTo(new TimeWindow(at(9, 59, 0), at(10, 4, 0)));
    }

    @Test
    void boundaryEventAtWindowEndBelongsToNextWindow() {
        TumblingEventTimeWindows assigner = TumblingEventTimeWindows.of(Duration.ofMinutes(5));
        TimeWindow tenToTenFive = new TimeWindow(at(10, 0, 0), at(10, 5, 0));

        assertThat(only(assigner, at(10, 0, 0))).isEqualTo(tenToTenFive);
        assertThat(only(assigner, at(10, 5, 0) - 1)).isEqualTo(tenToTenFive);
        assertThat(only(assigner, at(10, 5, 0))).isEqualTo(new TimeWindow(at(10, 5, 0), at(10, 10, 0)));
    }

    @Test
    void rejectsOffsetNotSmallerThanSize() {
        assertThatThrownBy(() -> TumblingEventTimeWindows.of(Duration.ofSeconds(5), Duration.ofSeconds(5)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TumblingEventTimeWindows.of(Duration.ofSeconds(5), Duration.ofSeconds(-5)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TumblingEventTimeWindows.of(Duration.ofSeconds(5), Duration.ofSeconds(6)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void rejectsNonPositiveSize() {
        assertThatThrownBy(() -> TumblingEventTimeWindows.of(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TumblingEventTimeWindows.of(Duration.ofSeconds(-5)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void rejectsElementWithoutTimestamp() {
        TumblingEventTimeWindows assigner = TumblingEventTimeWindows.of(Duration.ofSeconds(5));

        assertThatThrownBy(() -> assigner.assignWindows("e", Long.MIN_VALUE, CTX))
                .isInstanceOf(RuntimeException.class)
                .hasMessageContaining("no timestamp")
                .hasMessageContaining("assignTimestampsAndWatermarks")
                .hasMessageContaining("WatermarkStrategy");
    }

    @Test
    void ignoresProcessingTime() {
        TumblingEventTimeWindows assigner = TumblingEventTimeWindows.of(Duration.ofMillis(5000));

        assertThat(assigner.assignWindows("e", 7000, new FixedProcessingTimeContext(123_456)))
                .containsExactly(new TimeWindow(5000, 10_000));
    }

    @Test
    void gettersDefaultTriggerAndTimeDomain() {
        TumblingEventTimeWindows assigner = TumblingEventTimeWindows.of(Duration.ofMinutes(5), Duration.ofMinutes(1));

        assertThat(assigner.getSize()).isEqualTo(300_000L);
        assertThat(assigner.getOffset()).isEqualTo(60_000L);
        assertThat(TumblingEventTimeWindows.of(Duration.ofMinutes(5)).getOffset()).isZero();
        assertThat(assigner.getDefaultTrigger()).isInstanceOf(EventTimeTrigger.class);
        assertThat(assigner.isEventTime()).isTrue();
        assertThat(assigner).hasToString("TumblingEventTimeWindows(300000)");
    }
}
