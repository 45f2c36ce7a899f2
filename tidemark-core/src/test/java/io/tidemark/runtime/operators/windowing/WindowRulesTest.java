package io.tidemark.runtime.operators.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.streaming.api.windowing.Firing.Timing;
import org.junit.jupiter.api.Test;

/** The rules every window operator (and the Flink runner) applies: lateness bounds and the firing history. */
class WindowRulesTest {

    @Test
    void aWindowIsLateAtItsCleanupTimeAndAnElementAtItsTimestampPlusLateness() {
        WindowRules<Object> rules = new WindowRules<>(true, 5_000, null);
        assertThat(rules.cleanupTime(9_999)).isEqualTo(14_999);
        assertThat(rules.isWindowLate(9_999, 14_998)).isFalse();
        assertThat(rules.isWindowLate(9_999, 14_999)).isTrue();
        assertThat(rules.isElementLate(3_000, 7_999)).isFalse();
        assertThat(rules.isElementLate(3_000, 8_000)).isTrue();
    }

    @Test
    void sumsNearLongMaxSaturateAndAreNeverLate() {
        WindowRules<Object> rules = new WindowRules<>(true, Long.MAX_VALUE, null);
        assertThat(rules.cleanupTime(10)).isEqualTo(Long.MAX_VALUE);
        assertThat(rules.isWindowLate(10, Long.MAX_VALUE - 1)).isFalse();
        assertThat(rules.isElementLate(10, Long.MAX_VALUE - 1)).isFalse();
    }

    @Test
    void processingTimeHasNoLatenessAndNothingIsLate() {
        WindowRules<Object> rules = new WindowRules<>(false, 5_000, null);
        assertThat(rules.allowedLateness()).isZero();
        assertThat(rules.cleanupTime(999)).isEqualTo(999);
        assertThat(rules.isWindowLate(999, 10_000)).isFalse();
        assertThat(rules.isElementLate(0, 10_000)).isFalse();
    }

    /** EARLY before the end, ON_TIME the first firing at or after it, LATE every later one; the index counts. */
    @Test
    void firingsOfOneWindow() {
        int h = WindowRules.NEVER_FIRED;
        Timing[] expected = {Timing.EARLY, Timing.EARLY, Timing.ON_TIME, Timing.LATE, Timing.LATE};
        long[] now = {100, 998, 999, 999, 5_000};
        for (int i = 0; i < now.length; i++) {
            Timing t = WindowRules.timing(h, now[i], 999);
            assertThat(t).isEqualTo(expected[i]);
            h = WindowRules.fired(h, t);
            assertThat(WindowRules.firings(h)).isEqualTo(i + 1);
        }
    }

    @Test
    void aMergedWindowKeepsTheHighestCountAndTheOnTimeFiringOfAny() {
        int earlyTwice = WindowRules.fired(WindowRules.fired(WindowRules.NEVER_FIRED, Timing.EARLY), Timing.EARLY);
        int onTimeOnce = WindowRules.fired(WindowRules.NEVER_FIRED, Timing.ON_TIME);
        int merged = WindowRules.merged(earlyTwice, onTimeOnce);
        assertThat(WindowRules.firings(merged)).isEqualTo(2);
        assertThat(WindowRules.timing(merged, 2_000, 999)).isEqualTo(Timing.LATE);
        assertThat(WindowRules.timing(earlyTwice, 2_000, 999)).isEqualTo(Timing.ON_TIME);
        assertThat(WindowRules.merged(WindowRules.NEVER_FIRED, WindowRules.NEVER_FIRED)).isEqualTo(WindowRules.NEVER_FIRED);
    }
}
