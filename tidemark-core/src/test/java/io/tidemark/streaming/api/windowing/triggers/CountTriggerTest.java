package io.tidemark.streaming.api.windowing.triggers;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.streaming.api.windowing.windows.GlobalWindow;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import org.junit.jupiter.api.Test;

class CountTriggerTest {

    @Test
    void firesAtTheNthElementThenStartsCountingAgain() throws Exception {
        CountTrigger<GlobalWindow> trigger = CountTrigger.of(3);
        TestingTriggerContext ctx = new TestingTriggerContext();
        GlobalWindow w = GlobalWindow.get();

        assertThat(trigger.onElement("e1", 0, w, ctx)).isEqualTo(TriggerResult.CONTINUE);
        assertThat(ctx.store).containsEntry("count", 1L);
        assertThat(trigger.onElement("e2", 0, w, ctx)).isEqualTo(TriggerResult.CONTINUE);
        assertThat(ctx.store).containsEntry("count", 2L);
        assertThat(trigger.onElement("e3", 0, w, ctx)).isEqualTo(TriggerResult.FIRE);
        assertThat(ctx.store).doesNotContainKey("count");

        assertThat(trigger.onElement("e4", 0, w, ctx)).isEqualTo(TriggerResult.CONTINUE);
        assertThat(trigger.onElement("e5", 0, w, ctx)).isEqualTo(TriggerResult.CONTINUE);
        assertThat(trigger.onElement("e6", 0, w, ctx)).isEqualTo(TriggerResult.FIRE);
        assertThat(ctx.eventTimeTimers).isEmpty();
        assertThat(ctx.processingTimeTimers).isEmpty();
    }

    @Test
    void countOfOneFiresOnEveryElement() throws Exception {
        CountTrigger<GlobalWindow> trigger = CountTrigger.of(1);
        TestingTriggerContext ctx = new TestingTriggerContext();

        assertThat(trigger.onElement("a", 0, GlobalWindow.get(), ctx)).isEqualTo(TriggerResult.FIRE);
        assertThat(trigger.onElement("b", 0, GlobalWindow.get(), ctx)).isEqualTo(TriggerResult.FIRE);
    }

    @Test
    void timersNeverFire() {
        CountTrigger<GlobalWindow> trigger = CountTrigger.of(2);
        TestingTriggerContext ctx = new TestingTriggerContext();

        assertThat(trigger.onEventTime(Long.MAX_VALUE, GlobalWindow.get(), ctx)).isEqualTo(TriggerResult.CONTINUE);
        assertThat(trigger.onProcessingTime(5, GlobalWindow.get(), ctx)).isEqualTo(TriggerResult.CONTINUE);
    }

    @Test
    void mergeAddsTheCountsOfTheMergedWindows() throws Exception {
        CountTrigger<TimeWindow> trigger = CountTrigger.of(4);
        assertThat(trigger.canMerge()).isTrue();
        TestingTriggerContext a = new TestingTriggerContext();
        TestingTriggerContext b = new TestingTriggerContext();
        trigger.onElement("a1", 0, new TimeWindow(0, 3000), a);
        trigger.onElement("a2", 1000, new TimeWindow(0, 3000), a);
        trigger.onElement("b1", 3000, new TimeWindow(3000, 6000), b);

        TestingTriggerContext merged = TestingTriggerContext.mergingFrom(a, b);
        TimeWindow mergedWindow = new TimeWindow(0, 6000);
        trigger.onMerge(mergedWindow, merged);

        assertThat(merged.store).containsEntry("count", 3L);
        assertThat(a.store).isEmpty();
        assertThat(b.store).isEmpty();
        // 2 + 1 merged, so the 4th element of the session fires
        assertThat(trigger.onElement("c", 2000, mergedWindow, merged)).isEqualTo(TriggerResult.FIRE);
    }

    @Test
    void clearDropsTheCount() throws Exception {
        CountTrigger<GlobalWindow> trigger = CountTrigger.of(2);
        TestingTriggerContext ctx = new TestingTriggerContext();
        trigger.onElement("a", 0, GlobalWindow.get(), ctx);

        trigger.clear(GlobalWindow.get(), ctx);

        assertThat(ctx.store).isEmpty();
        // counting starts from zero again
        assertThat(trigger.onElement("b", 0, GlobalWindow.get(), ctx)).isEqualTo(TriggerResult.CONTINUE);
    }

    @Test
    void describesItself() {
        assertThat(CountTrigger.of(5)).hasToString("CountTrigger(5)");
        assertThat(CountTrigger.of(5).getMaxCount()).isEqualTo(5);
    }
}
