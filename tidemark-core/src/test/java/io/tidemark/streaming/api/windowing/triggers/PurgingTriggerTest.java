package io.tidemark.streaming.api.windowing.triggers;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.streaming.api.windowing.assigners.GlobalWindows;
import io.tidemark.streaming.api.windowing.windows.GlobalWindow;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import org.junit.jupiter.api.Test;

class PurgingTriggerTest {

    @Test
    void turnsFireOfNestedCountTriggerIntoFireAndPurge() throws Exception {
        PurgingTrigger<Object, GlobalWindow> trigger = PurgingTrigger.of(CountTrigger.of(2));
        TestingTriggerContext ctx = new TestingTriggerContext();

        assertThat(trigger.onElement("a", 0, GlobalWindow.get(), ctx)).isEqualTo(TriggerResult.CONTINUE);
        assertThat(trigger.onElement("b", 0, GlobalWindow.get(), ctx)).isEqualTo(TriggerResult.FIRE_AND_PURGE);
        assertThat(trigger.onElement("c", 0, GlobalWindow.get(), ctx)).isEqualTo(TriggerResult.CONTINUE);
    }

    @Test
    void turnsTimerFiringsIntoFireAndPurge() throws Exception {
        PurgingTrigger<Object, TimeWindow> eventTime = PurgingTrigger.of(EventTimeTrigger.create());
        PurgingTrigger<Object, TimeWindow> processingTime = PurgingTrigger.of(ProcessingTimeTrigger.create());
        TimeWindow window = new TimeWindow(0, 5000);
        TestingTriggerContext ctx = new TestingTriggerContext();

        assertThat(eventTime.onEventTime(4999, window, ctx)).isEqualTo(TriggerResult.FIRE_AND_PURGE);
        assertThat(eventTime.onEventTime(4000, window, ctx)).isEqualTo(TriggerResult.CONTINUE);
        assertThat(processingTime.onProcessingTime(4999, window, ctx)).isEqualTo(TriggerResult.FIRE_AND_PURGE);
        assertThat(processingTime.onEventTime(4999, window, ctx)).isEqualTo(TriggerResult.CONTINUE);
    }

    @Test
    void passesPurgeThrough() throws Exception {
        PurgingTrigger<Object, GlobalWindow> trigger = PurgingTrigger.of(new PurgeOnly());

        assertThat(trigger.onElement("a", 0, GlobalWindow.get(), new TestingTriggerContext()))
                .isEqualTo(TriggerResult.PURGE);
    }

    @Test
    void delegatesMergeAndClear() throws Exception {
        PurgingTrigger<Object, TimeWindow> trigger = PurgingTrigger.of(EventTimeTrigger.create());
        assertThat(trigger.canMerge()).isTrue();
        assertThat(PurgingTrigger.of(new GlobalWindows.NeverTrigger()).canMerge()).isFalse();

        TestingTriggerContext merged = TestingTriggerContext.mergingFrom();
        trigger.onMerge(new TimeWindow(0, 6000), merged);
        assertThat(merged.eventTimeTimers).containsExactly(5999L);

        trigger.clear(new TimeWindow(0, 6000), merged);
        assertThat(merged.eventTimeTimers).isEmpty();
    }

    @Test
    void exposesAndDescribesNestedTrigger() {
        CountTrigger<GlobalWindow> nested = CountTrigger.of(2);
        PurgingTrigger<Object, GlobalWindow> trigger = PurgingTrigger.of(nested);

        assertThat(trigger.getNestedTrigger()).isSameAs(nested);
        assertThat(trigger).hasToString("PurgingTrigger(CountTrigger(2))");
    }

    /** A trigger that purges on every element. */
    private static final class PurgeOnly extends Trigger<Object, GlobalWindow> {
        @Override
        public TriggerResult onElement(Object element, long timestamp, GlobalWindow window, TriggerContext ctx) {
            return TriggerResult.PURGE;
        }

        @Override
        public TriggerResult onProcessingTime(long time, GlobalWindow window, TriggerContext ctx) {
            return TriggerResult.CONTINUE;
        }

        @Override
        public TriggerResult onEventTime(long time, GlobalWindow window, TriggerContext ctx) {
            return TriggerResult.CONTINUE;
        }

        @Override
        public void clear(GlobalWindow window, TriggerContext ctx) {}
    }
}
