package io.tidemark.streaming.api.windowing.assigners;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.streaming.api.windowing.triggers.EventTimeTrigger;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.Test;

class SessionWindowsTest {

    private static final WindowAssigner.WindowAssignerContext CTX = new FixedProcessingTimeContext(0);

    /** One reported merge. */
    private record Merge(List<TimeWindow> toBeMerged, TimeWindow result) {}

    private static <T> List<Merge> merges(MergingWindowAssigner<T, TimeWindow> assigner, Collection<TimeWindow> windows) {
        List<Merge> merges = new ArrayList<>();
        assigner.mergeWindows(windows, (toBeMerged, result) -> merges.add(new Merge(List.copyOf(toBeMerged), result)));
        return merges;
    }

    private final EventTimeSessionWindows threeSeconds = EventTimeSessionWindows.withGap(Duration.ofSeconds(3));

    @Test
    void eachElementOpensWindowOfGapLength() {
        assertThat(threeSeconds.assignWindows("a", 0, CTX)).containsExactly(new TimeWindow(0, 3000));
        assertThat(threeSeconds.assignWindows("b", 3000, CTX)).containsExactly(new TimeWindow(3000, 6000));
        assertThat(threeSeconds.assignWindows("c", -500, CTX)).containsExactly(new TimeWindow(-500, 2500));
    }

    @Test
    void touchingWindowsMerge() {
        TimeWindow first = threeSeconds.assignWindows("a", 0, CTX).iterator().next();
        TimeWindow second = threeSeconds.assignWindows("b", 3000, CTX).iterator().next();

        assertThat(merges(threeSeconds, List.of(first, second)))
                .containsExactly(new Merge(List.of(new TimeWindow(0, 3000), new TimeWindow(3000, 6000)),
                        new TimeWindow(0, 6000)));
    }

    @Test
    void windowsOneMillisecondApartDoNotMerge() {
        assertThat(merges(threeSeconds, List.of(new TimeWindow(0, 3000), new TimeWindow(3001, 6001)))).isEmpty();
    }

    @Test
    void threeWindowsChainMergeEvenIfUnsorted() {
        List<TimeWindow> windows = List.of(new TimeWindow(4500, 7500), new TimeWindow(0, 3000), new TimeWindow(2000, 5000));

        List<Merge> merges = merges(threeSeconds, windows);

        assertThat(merges).hasSize(1);
        assertThat(merges.get(0).result()).isEqualTo(new TimeWindow(0, 7500));
        assertThat(merges.get(0).toBeMerged())
                .containsExactlyInAnyOrder(new TimeWindow(0, 3000), new TimeWindow(2000, 5000), new TimeWindow(4500, 7500));
    }

    @Test
    void separateGroupsMergeSeparately() {
        List<TimeWindow> windows = List.of(
                new TimeWindow(0, 3000), new TimeWindow(1000, 4000), new TimeWindow(10_000, 13_000),
                new TimeWindow(20_000, 23_000), new TimeWindow(23_000, 26_000));

        assertThat(merges(threeSeconds, windows)).extracting(Merge::result)
                .containsExactly(new TimeWindow(0, 4000), new TimeWindow(20_000, 26_000));
    }

    @Test
    void rejectsNonPositiveGap() {
        assertThatThrownBy(() -> EventTimeSessionWindows.withGap(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> EventTimeSessionWindows.withGap(Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void gettersDefaultTriggerAndTimeDomain() {
        assertThat(threeSeconds.getGap()).isEqualTo(3000L);
        assertThat(threeSeconds.getDefaultTrigger()).isInstanceOf(EventTimeTrigger.class);
        assertThat(threeSeconds.isEventTime()).isTrue();
        assertThat(threeSeconds).hasToString("EventTimeSessionWindows(3000)");
    }

    @Test
    void dynamicGapComesFromTheElement() {
        DynamicEventTimeSessionWindows<String> assigner =
                EventTimeSessionWindows.withDynamicGap((String s) -> s.length() * 1000L);

        assertThat(assigner.assignWindows("abc", 100, CTX)).containsExactly(new TimeWindow(100, 3100));
        assertThat(assigner.assignWindows("a", 100, CTX)).containsExactly(new TimeWindow(100, 1100));
        assertThat(merges(assigner, List.of(new TimeWindow(100, 3100), new TimeWindow(3100, 4100))))
                .extracting(Merge::result)
                .containsExactly(new TimeWindow(100, 4100));
        assertThat(assigner.getDefaultTrigger()).isInstanceOf(EventTimeTrigger.class);
        assertThat(assigner.isEventTime()).isTrue();
    }

    @Test
    void dynamicNonPositiveGapIsRejectedAtAssignment() {
        DynamicEventTimeSessionWindows<String> assigner =
                DynamicEventTimeSessionWindows.withDynamicGap((String s) -> s.length() * 1000L);

        assertThatThrownBy(() -> assigner.assignWindows("", 100, CTX)).isInstanceOf(IllegalArgumentException.class);
        DynamicEventTimeSessionWindows<Long> negative = EventTimeSessionWindows.withDynamicGap((Long gap) -> gap);
        assertThatThrownBy(() -> negative.assignWindows(-1L, 100, CTX)).isInstanceOf(IllegalArgumentException.class);
    }
}
