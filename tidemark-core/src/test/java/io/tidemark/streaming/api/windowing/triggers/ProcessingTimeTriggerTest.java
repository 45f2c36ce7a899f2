package io.tidemark.streaming.api.windowing.triggers;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import org.junit.jupiter.api.Test;

class ProcessingTimeTriggerTest {

    private final ProcessingTimeTrigger trigger = ProcessingTimeTrigger.create();
    private final TimeWindow window = new TimeWindow(10_000, 15_000);

    @Test
    void elementRegistersProcessingTimeTimerAtMaxTimestamp() {
        TestingTriggerContext ctx = new TestingTriggerContext();
        ctx.processingTime = 11_000;

        assertThat(trigger.onElement("a", 0, window, ctx)).isEqualTo(TriggerResult.CONTINUE);

        assertThat(ctx.processingTimeTimers).containsExactly(14_999L);
        assertThat(ctx.eventTimeTimers).isEmpty();
    }

    @Test
    void firesOnProcessingTimeTimerButNotOnEventTime() {
        TestingTriggerContext ctx = new TestingTriggerContext();

        assertThat(trigger.onProcessingTime(14_999, window, ctx)).isEqualTo(TriggerResult.FIRE);
        assertThat(trigger.onEventTime(14_999, window, ctx)).isEqualTo(TriggerResult.CONTINUE);
    }

    @Test
    void mergeRegistersTimerOnlyIfWindowEndIsStillAhead() {
        assertThat(trigger.canMerge()).isTrue();
        TestingTriggerContext early = TestingTriggerContext.mergingFrom();
        early.processingTime = 14_998;
        trigger.onMerge(window, early);
        assertThat(early.processingTimeTimers).containsExactly(14_999L);

        TestingTriggerContext late = TestingTriggerContext.mergingFrom();
        late.processingTime = 14_999;
        trigger.onMerge(window, late);
        assertThat(late.processingTimeTimers).isEmpty();
    }

    @Test
    void clearDeletesTheTimer() {
        TestingTriggerContext ctx = new TestingTriggerContext();
        trigger.onElement("a", 0, window, ctx);

        trigger.clear(window, ctx);

        assertThat(ctx.processingTimeTimers).isEmpty();
        assertThat(trigger).hasToString("ProcessingTimeTrigger()");
    }
}
