package io.tidemark.streaming.api.windowing.triggers;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ContinuousEventTimeTriggerTest {

    private final ContinuousEventTimeTrigger<TimeWindow> trigger =
            ContinuousEventTimeTrigger.of(Duration.ofSeconds(1));
    private final TimeWindow window = new TimeWindow(0, 10_000);

    @Test
    void firstElementRegistersWindowEndAndNextAlignedInterval() throws Exception {
        TestingTriggerContext ctx = new TestingTriggerContext();

        assertThat(trigger.onElement("a", 2500, window, ctx)).isEqualTo(TriggerResult.CONTINUE);

        // 2500 - (2500 % 1000) + 1000 = 3000
        assertThat(ctx.eventTimeTimers).containsExactly(3000L, 9999L);
        assertThat(ctx.store).containsEntry("fire-time", 3000L);
    }

    @Test
    void laterElementsKeepThePendingFireTime() throws Exception {
        TestingTriggerContext ctx = new TestingTriggerContext();
        trigger.onElement("a", 2500, window, ctx);

        assertThat(trigger.onElement("b", 7200, window, ctx)).isEqualTo(TriggerResult.CONTINUE);

        assertThat(ctx.eventTimeTimers).containsExactly(3000L, 9999L);
        assertThat(ctx.store).containsEntry("fire-time", 3000L);
    }

    @Test
    void elementOnAnIntervalBoundaryFiresAtTheNextOne() throws Exception {
        TestingTriggerContext ctx = new TestingTriggerContext();

        trigger.onElement("a", 4000, window, ctx);

        assertThat(ctx.store).containsEntry("fire-time", 5000L);
    }

    @Test
    void earlyTimerFiresAndReRegistersOneIntervalLater() throws Exception {
        TestingTriggerContext ctx = new TestingTriggerContext();
        trigger.onElement("a", 2500, window, ctx);

        assertThat(trigger.onEventTime(3000, window, ctx)).isEqualTo(TriggerResult.FIRE);
        assertThat(ctx.store).containsEntry("fire-time", 4000L);
        assertThat(ctx.eventTimeTimers).contains(4000L, 9999L);

        assertThat(trigger.onEventTime(3500, window, ctx)).isEqualTo(TriggerResult.CONTINUE);
        assertThat(trigger.onEventTime(4000, window, ctx)).isEqualTo(TriggerResult.FIRE);
        assertThat(ctx.store).containsEntry("fire-time", 5000L);
        assertThat(ctx.eventTimeTimers).contains(5000L);
    }

    @Test
    void firesAtWindowEnd() throws Exception {
        TestingTriggerContext ctx = new TestingTriggerContext();
        trigger.onElement("a", 2500, window, ctx);

        assertThat(trigger.onEventTime(9999, window, ctx)).isEqualTo(TriggerResult.FIRE);
        assertThat(trigger.onProcessingTime(9999, window, ctx)).isEqualTo(TriggerResult.CONTINUE);
    }

    @Test
    void lateElementFiresImmediately() throws Exception {
        TestingTriggerContext ctx = new TestingTriggerContext();
        ctx.watermark = 10_000;

        assertThat(trigger.onElement("late", 2500, window, ctx)).isEqualTo(TriggerResult.FIRE);

        assertThat(ctx.eventTimeTimers).isEmpty();
        assertThat(ctx.store).isEmpty();
    }

    @Test
    void clearDeletesThePendingEarlyTimerAndState() throws Exception {
        TestingTriggerContext ctx = new TestingTriggerContext();
        trigger.onElement("a", 2500, window, ctx);

        trigger.clear(window, ctx);

        assertThat(ctx.store).isEmpty();
        assertThat(ctx.eventTimeTimers).doesNotContain(3000L);
    }

    @Test
    void mergeKeepsTheEarliestFireTimeAndRegistersIt() throws Exception {
        assertThat(trigger.canMerge()).isTrue();
        TestingTriggerContext a = new TestingTriggerContext();
        TestingTriggerContext b = new TestingTriggerContext();
        trigger.onElement("a", 4200, new TimeWindow(4200, 7200), a);
        trigger.onElement("b", 2100, new TimeWindow(2100, 5100), b);
        assertThat(a.store).containsEntry("fire-time", 5000L);
        assertThat(b.store).containsEntry("fire-time", 3000L);

        TestingTriggerContext merged = TestingTriggerContext.mergingFrom(a, b);
        trigger.onMerge(new TimeWindow(2100, 7200), merged);

        assertThat(merged.store).containsEntry("fire-time", 3000L);
        assertThat(merged.eventTimeTimers).containsExactly(3000L);
    }

    @Test
    void describesItself() {
        assertThat(trigger).hasToString("ContinuousEventTimeTrigger(1000)");
        assertThat(trigger.getInterval()).isEqualTo(1000L);
    }
}
