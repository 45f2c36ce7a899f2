package io.tidemark.streaming.api.windowing.assigners;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.triggers.TriggerResult;
import io.tidemark.streaming.api.windowing.windows.GlobalWindow;
import org.junit.jupiter.api.Test;

class GlobalWindowsTest {

    @Test
    void everyElementGoesToTheGlobalWindow() {
        GlobalWindows assigner = GlobalWindows.create();

        assertThat(assigner.assignWindows("a", 5, new FixedProcessingTimeContext(0))).containsExactly(GlobalWindow.get());
        assertThat(assigner.assignWindows("b", Long.MIN_VALUE, new FixedProcessingTimeContext(99)))
                .containsExactly(GlobalWindow.get());
        assertThat(assigner.isEventTime()).isFalse();
        assertThat(assigner).hasToString("GlobalWindows()");
    }

    @Test
    void defaultTriggerNeverFires() throws Exception {
        Trigger<Object, GlobalWindow> trigger = GlobalWindows.create().getDefaultTrigger();
        GlobalWindow w = GlobalWindow.get();

        assertThat(trigger).isInstanceOf(GlobalWindows.NeverTrigger.class);
        // the context is never consulted
        assertThat(trigger.onElement("a", 1, w, null)).isEqualTo(TriggerResult.CONTINUE);
        assertThat(trigger.onEventTime(Long.MAX_VALUE, w, null)).isEqualTo(TriggerResult.CONTINUE);
        assertThat(trigger.onProcessingTime(Long.MAX_VALUE, w, null)).isEqualTo(TriggerResult.CONTINUE);
        trigger.clear(w, null);
        trigger.onMerge(w, null);
    }
}
