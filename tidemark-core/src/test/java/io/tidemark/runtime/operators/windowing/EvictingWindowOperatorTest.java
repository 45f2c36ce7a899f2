package io.tidemark.runtime.operators.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.streaming.api.transformations.OperatorDescription.Window.Contents;
import io.tidemark.streaming.api.transformations.OperatorDescription.Window.Function;
import io.tidemark.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.GlobalWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.evictors.CountEvictor;
import io.tidemark.streaming.api.windowing.evictors.DeltaEvictor;
import io.tidemark.streaming.api.windowing.evictors.Evictor;
import io.tidemark.streaming.api.windowing.evictors.TimeEvictor;
import io.tidemark.streaming.api.windowing.triggers.CountTrigger;
import io.tidemark.streaming.api.windowing.triggers.PurgingTrigger;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.windows.Window;
import io.tidemark.testutils.OneInputOperatorTestHarness;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The evicting window operator, run by hand: which elements each firing sees and which stay, with
 * Flink's rules (expected values worked out from the evictors' rules, written next to each case).
 */
class EvictingWindowOperatorTest {

    static final OutputTag<Long> LATE = new OutputTag<>("late") {};
    static final KeySelector<Long, Long> ONE_KEY = v -> 0L;

    /** Emits the window's elements as one string, e.g. "[3, 4, 5]". */
    static final class Listing extends ProcessWindowFunction<Long, String, Long, Window> {
        @Override
        public void process(Long key, Context ctx, Iterable<Long> elements, Collector<String> out) {
            List<Long> l = new ArrayList<>();
            elements.forEach(l::add);
            out.collect(l.toString());
        }
    }

    static final class Count implements AggregateFunction<Long, long[], Long> {
        @Override
        public long[] createAccumulator() {
            return new long[1];
        }

        @Override
        public long[] add(Long value, long[] acc) {
            acc[0]++;
            return acc;
        }

        @Override
        public Long getResult(long[] acc) {
            return acc[0];
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            a[0] += b[0];
            return a;
        }
    }

    static OperatorDescription.Window window(WindowAssigner<?, ?> assigner, Trigger<?, ?> trigger, Evictor<?, ?> evictor,
            Contents contents, Function function) {
        return new OperatorDescription.Window(assigner, trigger, 0, LATE, contents, function, ONE_KEY, evictor);
    }

    static OperatorDescription.Window listing(WindowAssigner<?, ?> assigner, Trigger<?, ?> trigger, Evictor<?, ?> evictor) {
        return window(assigner, trigger, evictor, new Contents.Elements(), new Function.Process(new Listing()));
    }

    static <OUT> OneInputOperatorTestHarness<Long, OUT> open(OperatorDescription.Window d) throws Exception {
        OneInputOperatorTestHarness<Long, OUT> h = new OneInputOperatorTestHarness<>(WindowOperators.create(d), ONE_KEY);
        h.open();
        return h;
    }

    @Test
    void theFactoryChoosesTheEvictingOperatorForAnyWindowWithAnEvictor() {
        var tumbling = TumblingEventTimeWindows.of(Duration.ofSeconds(1));
        assertThat(WindowOperators.create(listing(tumbling, tumbling.getDefaultTrigger(), CountEvictor.of(2))))
                .isInstanceOf(EvictingWindowOperator.class);
        assertThat(WindowOperators.general(listing(tumbling, tumbling.getDefaultTrigger(), CountEvictor.of(2))))
                .isInstanceOf(EvictingWindowOperator.class);
        assertThat(WindowOperators.create(listing(tumbling, tumbling.getDefaultTrigger(), null)))
                .isNotInstanceOf(EvictingWindowOperator.class);
    }

    @Test
    void slidingCountWindowsSeeTheLastSizeElementsAtEverySlide() throws Exception {
        // countWindow(3, 2): CountTrigger(2) fires at the 2nd, 4th, 6th element; CountEvictor(3) keeps the last 3
        try (var h = EvictingWindowOperatorTest.<String>open(listing(GlobalWindows.create(), CountTrigger.of(2), CountEvictor.of(3)))) {
            for (long v = 1; v <= 7; v++) {
                h.processElement(v, v);
            }
            assertThat(h.extractOutputValues()).containsExactly("[1, 2]", "[2, 3, 4]", "[4, 5, 6]");
            assertThat(h.extractOutputRecords()).extracting(StreamRecord::getTimestamp).containsOnly(Long.MAX_VALUE);
        }
    }

    @Test
    void evictAfterShowsTheFunctionEverythingAndKeepsTheLastCountForNextTime() throws Exception {
        try (var h = EvictingWindowOperatorTest.<String>open(
                listing(GlobalWindows.create(), CountTrigger.of(2), CountEvictor.of(1, true)))) {
            for (long v = 1; v <= 4; v++) {
                h.processElement(v, v);
            }
            // fire at 2: sees [1, 2], keeps [2]; fire at 4: sees [2, 3, 4]
            assertThat(h.extractOutputValues()).containsExactly("[1, 2]", "[2, 3, 4]");
        }
    }

    @Test
    void timeEvictorCutsAtTheLargestTimestampMinusTheSizeInclusive() throws Exception {
        // TimeEvictor(10 ms) on a count trigger of 4: timestamps 1, 5, 11, 12 → cutoff 12 - 10 = 2: 1 goes
        try (var h = EvictingWindowOperatorTest.<String>open(
                listing(GlobalWindows.create(), CountTrigger.of(4), TimeEvictor.of(Duration.ofMillis(10))))) {
            h.processElement(100L, 1);
            h.processElement(200L, 5);
            h.processElement(300L, 12);
            h.processElement(400L, 11);
            // next firing: 2 at 15 and 3 at 25 (max 25, cutoff 15: 5, 11, 12 and 15 go)
            h.processElement(500L, 15);
            h.processElement(600L, 25);
            h.processElement(700L, 2);
            h.processElement(800L, 20);
            assertThat(h.extractOutputValues()).containsExactly("[200, 300, 400]", "[600, 800]");
        }
    }

    @Test
    void timeEvictorKeepsElementsWithoutTimestamps() throws Exception {
        try (var h = EvictingWindowOperatorTest.<String>open(
                listing(GlobalWindows.create(), CountTrigger.of(3), TimeEvictor.of(Duration.ofMillis(1))))) {
            h.processElement(1L);
            h.processElement(2L);
            h.processElement(3L);
            assertThat(h.extractOutputValues()).containsExactly("[1, 2, 3]");
        }
    }

    @Test
    void deltaEvictorRemovesWhatIsAtTheThresholdFromTheLastElement() throws Exception {
        // threshold 5, delta last - element: 1 4 8 9 → deltas 8 5 1 0 → 8 and 9 stay
        try (var h = EvictingWindowOperatorTest.<String>open(listing(GlobalWindows.create(), CountTrigger.of(4),
                DeltaEvictor.<Long, Window>of(5, (older, last) -> last - older)))) {
            for (long v : new long[] {1, 4, 8, 9}) {
                h.processElement(v, v);
            }
            assertThat(h.extractOutputValues()).containsExactly("[8, 9]");
        }
    }

    @Test
    void reduceAndAggregateRunOverTheRemainingElementsAtEachFiring() throws Exception {
        var reduce = window(GlobalWindows.create(), CountTrigger.of(2), CountEvictor.of(3),
                new Contents.Reduce((ReduceFunction<Long>) Long::sum), new Function.PassThrough());
        try (var h = EvictingWindowOperatorTest.<Long>open(reduce)) {
            for (long v = 1; v <= 6; v++) {
                h.processElement(v, v);
            }
            // sums of [1,2], [2,3,4], [4,5,6]: an incremental sum would have said 3, 10, 21
            assertThat(h.extractOutputValues()).containsExactly(3L, 9L, 15L);
        }
        var aggregate = window(GlobalWindows.create(), CountTrigger.of(2), CountEvictor.of(0),
                new Contents.Aggregate(new Count()), new Function.PassThrough());
        try (var h = EvictingWindowOperatorTest.<Long>open(aggregate)) {
            h.processElement(1L, 1);
            h.processElement(2L, 2);
            // everything evicted before: the aggregate of nothing (a fresh accumulator's result)
            assertThat(h.extractOutputValues()).containsExactly(0L);
        }
    }

    @Test
    void purgingTriggerEmptiesTheWindowAfterEachFiring() throws Exception {
        try (var h = EvictingWindowOperatorTest.<String>open(
                listing(GlobalWindows.create(), PurgingTrigger.of(CountTrigger.of(3)), CountEvictor.of(2)))) {
            for (long v = 1; v <= 6; v++) {
                h.processElement(v, v);
            }
            assertThat(h.extractOutputValues()).containsExactly("[2, 3]", "[5, 6]");
        }
    }

    @Test
    void eventTimeWindowsWithAnEvictorKeepTheRulesOfLatenessAndCleanup() throws Exception {
        var tumbling = TumblingEventTimeWindows.of(Duration.ofMillis(10));
        try (var h = EvictingWindowOperatorTest.<String>open(listing(tumbling, tumbling.getDefaultTrigger(), CountEvictor.of(2)))) {
            h.processElement(1L, 1);
            h.processElement(2L, 2);
            h.processElement(3L, 3);
            h.processElement(11L, 11);
            h.processWatermark(9);
            h.processElement(4L, 4); // late: [0, 10) is cleaned up at watermark 9
            h.processWatermark(19);
            assertThat(h.extractOutputValues()).containsExactly("[2, 3]", "[11]");
            assertThat(h.extractSideOutputValues(LATE)).containsExactly(4L);
            assertThat(((WindowOperator<?, ?, ?>) h.getOperator()).numLiveWindows()).isZero();
        }
    }

    @Test
    void mergingSessionsMergeTheirElementsInOrder() throws Exception {
        var sessions = EventTimeSessionWindows.withGap(Duration.ofMillis(5));
        try (var h = EvictingWindowOperatorTest.<String>open(listing(sessions, sessions.getDefaultTrigger(), CountEvictor.of(3)))) {
            h.processElement(1L, 1);
            h.processElement(10L, 10);
            h.processElement(5L, 5); // joins [1, 6) and [10, 15) into [1, 15)
            h.processElement(12L, 12);
            h.processWatermark(100);
            assertThat(h.extractOutputValues()).containsExactly("[10, 5, 12]");
        }
    }
}
