package io.tidemark.runtime.operators;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Flink 2.3's rules for the watermark of a two-input operator, one test per rule. */
class CombinedWatermarkTest {

    @Test
    void minimumOverActiveInputs() {
        CombinedWatermark c = new CombinedWatermark(2);
        assertThat(c.updateWatermark(0, 10)).as("input 2 still at MIN").isFalse();
        assertThat(c.getCombinedWatermark()).isEqualTo(Long.MIN_VALUE);
        assertThat(c.updateWatermark(1, 4)).isTrue();
        assertThat(c.getCombinedWatermark()).isEqualTo(4);
        assertThat(c.updateWatermark(1, 12)).isTrue();
        assertThat(c.getCombinedWatermark()).isEqualTo(10);
    }

    @Test
    void theClassCommentsWorkedExample() {
        CombinedWatermark c = new CombinedWatermark(2);
        c.updateWatermark(0, 10);
        c.updateWatermark(1, 4);
        assertThat(c.getCombinedWatermark()).isEqualTo(4);
        assertThat(c.updateStatus(1, true)).as("an idle input is left out").isTrue();
        assertThat(c.getCombinedWatermark()).isEqualTo(10);
        assertThat(c.isIdle()).isFalse();
        assertThat(c.updateStatus(0, true)).as("all idle: the maximum, not above 10").isFalse();
        assertThat(c.isIdle()).isTrue();
        assertThat(c.updateWatermark(1, 7)).as("never backwards").isFalse();
        assertThat(c.isIdle()).as("a watermark makes its input active").isFalse();
        assertThat(c.getCombinedWatermark()).isEqualTo(10);
    }

    @Test
    void allIdleTakesTheMaximum() {
        CombinedWatermark c = new CombinedWatermark(2);
        c.updateWatermark(0, 3);
        c.updateWatermark(1, 8);
        assertThat(c.getCombinedWatermark()).isEqualTo(3);
        c.updateStatus(1, true);
        assertThat(c.getCombinedWatermark()).isEqualTo(3);
        assertThat(c.updateStatus(0, true)).isTrue();
        assertThat(c.getCombinedWatermark()).isEqualTo(8);
        assertThat(c.updateStatus(0, false)).as("active again at 3: below 8, stays").isFalse();
        assertThat(c.getCombinedWatermark()).isEqualTo(8);
    }

    @Test
    void lowerWatermarkOfAnInputIsIgnored() {
        CombinedWatermark c = new CombinedWatermark(2);
        c.updateWatermark(0, 5);
        c.updateWatermark(1, 5);
        assertThat(c.updateWatermark(0, 2)).isFalse();
        assertThat(c.inputWatermark(0)).isEqualTo(5);
    }
}
