package io.tidemark.streaming.api.windowing.triggers;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import org.junit.jupiter.api.Test;

class EventTimeTriggerTest {

    private final EventTimeTrigger trigger = EventTimeTrigger.create();
    private final TimeWindow window = new TimeWindow(0, 5000);

    @Test
    void elementRegistersTimerAtWindowMaxTimestampAndContinues() {
        TestingTriggerContext ctx = new TestingTriggerContext();
        ctx.watermark = 1000;

        assertThat(trigger.onElement("a", 1500, window, ctx)).isEqualTo(TriggerResult.CONTINUE);

        assertThat(ctx.eventTimeTimers).containsExactly(4999L);
        assertThat(ctx.processingTimeTimers).isEmpty();
    }

    @Test
    void firesOnlyOnTheTimerAtMaxTimestamp() {
        TestingTriggerContext ctx = new TestingTriggerContext();

        assertThat(trigger.onEventTime(4999, window, ctx)).isEqualTo(TriggerResult.FIRE);
        assertThat(trigger.onEventTime(4998, window, ctx)).isEqualTo(TriggerResult.CONTINUE);
        assertThat(trigger.onEventTime(5000, window, ctx)).isEqualTo(TriggerResult.CONTINUE);
        assertThat(trigger.onProcessingTime(4999, window, ctx)).isEqualTo(TriggerResult.CONTINUE);
    }

    @Test
    void lateElementFiresImmediatelyWithoutTimer() {
        TestingTriggerContext ctx = new TestingTriggerContext();
        ctx.watermark = 4999; // watermark reached the window's max timestamp

        assertThat(trigger.onElement("late", 100, window, ctx)).isEqualTo(TriggerResult.FIRE);

        assertThat(ctx.eventTimeTimers).isEmpty();
    }

    @Test
    void elementJustBeforeWatermarkReachesWindowEndIsNotLate() {
        TestingTriggerContext ctx = new TestingTriggerContext();
        ctx.watermark = 4998;

        assertThat(trigger.onElement("x", 100, window, ctx)).isEqualTo(TriggerResult.CONTINUE);
        assertThat(ctx.eventTimeTimers).containsExactly(4999L);
    }

    @Test
    void clearDeletesTheTimer() {
        TestingTriggerContext ctx = new TestingTriggerContext();
        trigger.onElement("a", 1500, window, ctx);
        ctx.registerEventTimeTimer(123); // someone else's timer stays

        trigger.clear(window, ctx);

        assertThat(ctx.eventTimeTimers).containsExactly(123L);
    }

    @Test
    void mergeRegistersTimerForMergedWindowWhileWatermarkIsBeforeItsEnd() {
        assertThat(trigger.canMerge()).isTrue();
        TestingTriggerContext a = new TestingTriggerContext();
        TestingTriggerContext b = new TestingTriggerContext();
        trigger.onElement("a", 0, new TimeWindow(0, 3000), a);
        trigger.onElement("b", 3000, new TimeWindow(3000, 6000), b);
        assertThat(a.eventTimeTimers).containsExactly(2999L);
        assertThat(b.eventTimeTimers).containsExactly(5999L);

        TestingTriggerContext merged = TestingTriggerContext.mergingFrom(a, b);
        merged.watermark = 2000;
        trigger.onMerge(new TimeWindow(0, 6000), merged);

        assertThat(merged.eventTimeTimers).containsExactly(5999L);
    }

    @Test
    void mergeRegistersNoTimerWhenWatermarkPassedMergedWindow() {
        TestingTriggerContext merged = TestingTriggerContext.mergingFrom();
        merged.watermark = 5999;

        trigger.onMerge(new TimeWindow(0, 6000), merged);

        assertThat(merged.eventTimeTimers).isEmpty();
    }

    @Test
    void describesItself() {
        assertThat(trigger).hasToString("EventTimeTrigger()");
    }
}
