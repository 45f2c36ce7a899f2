package io.tidemark.runtime.operators.windowing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.ColumnsCountSum;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.CommutativeCountSum;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.CountSum;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.Ev;
import io.tidemark.runtime.operators.windowing.AlignedWindowsEquivalenceProperties.KeyKind;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.triggers.CountTrigger;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.triggers.TriggerResult;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The factory's choice, row by row of {@link WindowOperators}' table. */
class WindowOperatorsTest {

    static OperatorDescription.Window aggregate(WindowAssigner<?, ?> assigner, long lateness, AggregateFunction<Ev, ?, ?> f) {
        return AlignedWindowsEquivalenceProperties.aggregate(KeyKind.LONG_SELECTOR, assigner, lateness, f, null);
    }

    static OperatorDescription.Window aggregate(WindowAssigner<?, ?> assigner, Trigger<?, ?> trigger) {
        return new OperatorDescription.Window(assigner, trigger, 0, null, new OperatorDescription.Window.Contents.Aggregate(new CountSum()),
                new OperatorDescription.Window.Function.PassThrough(), KeyKind.LONG_SELECTOR.selector());
    }

    static final TumblingEventTimeWindows TUMBLING = TumblingEventTimeWindows.of(Duration.ofSeconds(1));
    static final SlidingEventTimeWindows SLIDING = SlidingEventTimeWindows.of(Duration.ofSeconds(10), Duration.ofSeconds(1));

    /** A trigger of the user's own (it cannot merge). */
    static final class NeverFires extends Trigger<Object, TimeWindow> {
        @Override
        public TriggerResult onElement(Object element, long timestamp, TimeWindow window, TriggerContext ctx) {
            return TriggerResult.CONTINUE;
        }

        @Override
        public TriggerResult onProcessingTime(long time, TimeWindow window, TriggerContext ctx) {
            return TriggerResult.CONTINUE;
        }

        @Override
        public TriggerResult onEventTime(long time, TimeWindow window, TriggerContext ctx) {
            return TriggerResult.CONTINUE;
        }

        @Override
        public void clear(TimeWindow window, TriggerContext ctx) {}
    }

    @Test
    void builtInAlignedWindowsWithTheBuiltInTriggerGetSlices() {
        assertThat(WindowOperators.create(aggregate(TUMBLING, 0, new CountSum()))).isInstanceOf(AlignedWindowOperator.OfObjects.class);
        assertThat(WindowOperators.create(aggregate(SLIDING, 0, new CountSum()))).isInstanceOf(AlignedWindowOperator.OfObjects.class);
        assertThat(WindowOperators.create(aggregate(TUMBLING, 5, new ColumnsCountSum())))
                .isInstanceOf(AlignedWindowOperator.OfColumns.class);
    }

    @Test
    void slideFramesNeedAnOrderInsensitiveFunctionNoLatenessAndAWholeNumberOfSlides() {
        assertThat(WindowOperators.create(aggregate(SLIDING, 0, new CommutativeCountSum()))).isInstanceOf(FramedWindowOperator.class);
        assertThat(WindowOperators.create(aggregate(SLIDING, 1, new CommutativeCountSum())))
                .isInstanceOf(AlignedWindowOperator.OfObjects.class);
        SlidingEventTimeWindows ragged = SlidingEventTimeWindows.of(Duration.ofMillis(2500), Duration.ofSeconds(1));
        assertThat(WindowOperators.create(aggregate(ragged, 0, new CommutativeCountSum())))
                .isInstanceOf(AlignedWindowOperator.OfObjects.class);
        assertThat(WindowOperators.create(aggregate(TUMBLING, 0, new CommutativeCountSum())))
                .isInstanceOf(AlignedWindowOperator.OfObjects.class);
    }

    @Test
    void fixedGapSessionsGetTheSessionOperator() {
        assertThat(WindowOperators.create(aggregate(EventTimeSessionWindows.withGap(Duration.ofSeconds(1)), 0, new CountSum())))
                .isInstanceOf(SessionWindowOperator.class);
    }

    /** A subclass may change what the built-in class does: only the exact classes are specialised. */
    @Test
    void everythingElseGetsTheGeneralOperator() {
        OperatorDescription.Window countTrigger = aggregate(TUMBLING, CountTrigger.of(3));
        OperatorDescription.Window ownTrigger = aggregate(TUMBLING, new NeverFires());
        OperatorDescription.Window subclassedAssigner = aggregate(new TumblingEventTimeWindows(1000, 0) {}, 0, new CountSum());
        OperatorDescription.Window processingTime = aggregate(TumblingProcessingTimeWindows.of(Duration.ofSeconds(1)), 0, new CountSum());
        for (OperatorDescription.Window d : new OperatorDescription.Window[] {countTrigger, ownTrigger, subclassedAssigner,
                processingTime}) {
            assertThat(WindowOperators.create(d)).isInstanceOf(GeneralWindowOperator.class);
        }
        assertThat(WindowOperators.general(aggregate(TUMBLING, 0, new ColumnsCountSum()))).isInstanceOf(GeneralWindowOperator.class);
    }

    @Test
    void aDescriptionTheOperatorCannotRunIsRefusedWhenTheOperatorIsMade() {
        OperatorDescription.Window sessionsOwnTrigger = aggregate(EventTimeSessionWindows.withGap(Duration.ofSeconds(1)),
                new NeverFires());
        assertThatThrownBy(() -> WindowOperators.create(sessionsOwnTrigger))
                .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("cannot");
    }
}
