package io.tidemark.runtime.io;

import static io.tidemark.runtime.streamrecord.WatermarkStatus.ACTIVE;
import static io.tidemark.runtime.streamrecord.WatermarkStatus.IDLE;
import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.runtime.streamrecord.WatermarkStatus;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The watermark combiner's rules, one test each (Flink's status-watermark valve semantics). */
class WatermarkValveTest {

    private final List<String> out = new ArrayList<>();
    private final WatermarkValve.ValveOutput output = new WatermarkValve.ValveOutput() {
        @Override
        public void emitWatermark(long watermark) {
            out.add("w" + watermark);
        }

        @Override
        public void emitStatus(WatermarkStatus status) {
            out.add(status.name());
        }
    };

    @Test
    void oneInputForwardsEveryIncrease() throws Exception {
        WatermarkValve v = new WatermarkValve(1);
        v.inputWatermark(5, 0, output);
        v.inputWatermark(9, 0, output);
        assertThat(out).containsExactly("w5", "w9");
    }

    @Test
    void outputIsTheMinimumAcrossInputs() throws Exception {
        WatermarkValve v = new WatermarkValve(3);
        v.inputWatermark(10, 0, output);
        v.inputWatermark(7, 1, output);
        assertThat(out).isEmpty(); // channel 2 still at Long.MIN_VALUE
        v.inputWatermark(12, 2, output);
        assertThat(out).containsExactly("w7");
        v.inputWatermark(11, 1, output);
        assertThat(out).containsExactly("w7", "w10");
    }

    @Test
    void aDecreasingInputIsIgnored() throws Exception {
        WatermarkValve v = new WatermarkValve(2);
        v.inputWatermark(10, 0, output);
        v.inputWatermark(10, 1, output);
        v.inputWatermark(4, 1, output);
        v.inputWatermark(12, 0, output);
        assertThat(out).containsExactly("w10");
        assertThat(v.channelWatermarks()).containsExactly(12, 10);
    }

    @Test
    void anIdleInputIsLeftOutOfTheMinimum() throws Exception {
        WatermarkValve v = new WatermarkValve(2);
        v.inputWatermark(20, 0, output);
        v.inputWatermark(5, 1, output);
        assertThat(out).containsExactly("w5");
        v.inputStatus(IDLE, 1, output);
        assertThat(out).containsExactly("w5", "w20");
        v.inputWatermark(30, 0, output);
        assertThat(out).containsExactly("w5", "w20", "w30");
        assertThat(v.isOutputIdle()).isFalse();
    }

    @Test
    void allIdleForwardsTheMaximumThenGoesIdle() throws Exception {
        WatermarkValve v = new WatermarkValve(3);
        v.inputWatermark(8, 0, output);
        v.inputWatermark(15, 1, output);
        v.inputWatermark(3, 2, output);
        assertThat(out).containsExactly("w3");
        v.inputStatus(IDLE, 2, output);
        v.inputStatus(IDLE, 0, output);
        v.inputStatus(IDLE, 1, output);
        assertThat(out).containsExactly("w3", "w8", "w15", IDLE.name());
        assertThat(v.isOutputIdle()).isTrue();
        v.inputStatus(ACTIVE, 0, output);
        assertThat(out).endsWith(ACTIVE.name());
    }

    @Test
    void anIdleInputRejoinsOnlyAfterCatchingUp() throws Exception {
        WatermarkValve v = new WatermarkValve(2);
        v.inputWatermark(10, 0, output);
        v.inputWatermark(10, 1, output);
        v.inputStatus(IDLE, 1, output);
        v.inputWatermark(50, 0, output);
        assertThat(out).containsExactly("w10", "w50");
        v.inputStatus(ACTIVE, 1, output);
        v.inputWatermark(60, 0, output);
        // channel 1 is behind (10 < 50): not aligned, so it does not hold the output back
        assertThat(out).containsExactly("w10", "w50", "w60");
        v.inputWatermark(55, 1, output); // still behind the output (60): not yet aligned
        v.inputWatermark(70, 0, output);
        assertThat(out).containsExactly("w10", "w50", "w60", "w70");
        v.inputWatermark(75, 1, output); // caught up: joins the minimum again
        v.inputWatermark(90, 0, output);
        assertThat(out).containsExactly("w10", "w50", "w60", "w70", "w75");
    }

    @Test
    void onlyTheActiveInputBehindGivesNoOutput() throws Exception {
        WatermarkValve v = new WatermarkValve(2);
        v.inputWatermark(40, 0, output);
        v.inputWatermark(40, 1, output);
        out.clear();
        v.inputWatermark(45, 0, output);
        v.inputWatermark(50, 0, output);
        assertThat(out).isEmpty(); // channel 1 (40) is the active one behind
        assertThat(v.channelHoldingBack()).isEqualTo(1);
    }

    @Test
    void watermarksOfAnIdleChannelAreIgnoredUntilItIsActive() throws Exception {
        WatermarkValve v = new WatermarkValve(2);
        v.inputWatermark(10, 0, output);
        v.inputWatermark(10, 1, output);
        v.inputStatus(IDLE, 0, output);
        v.inputWatermark(99, 0, output);
        assertThat(v.channelWatermarks()[0]).isEqualTo(10);
        assertThat(out).containsExactly("w10");
    }

    @Test
    void finishedChannelsSendTheFinalWatermarkAndNeverHoldBack() throws Exception {
        WatermarkValve v = new WatermarkValve(2);
        v.inputWatermark(Long.MAX_VALUE, 0, output);
        v.inputWatermark(100, 1, output);
        v.inputWatermark(Long.MAX_VALUE, 1, output);
        assertThat(out).containsExactly("w100", "w" + Long.MAX_VALUE);
    }

    /**
     * A channel that came back from idle behind the output is not aligned: it does not hold the output
     * back, so it is not named; the aligned channel with the lowest watermark is.
     */
    @Test
    void theChannelHoldingBackIsAnAlignedOne() throws Exception {
        WatermarkValve v = new WatermarkValve(3);
        v.inputWatermark(10, 0, output);
        v.inputWatermark(20, 1, output);
        v.inputWatermark(30, 2, output);
        assertThat(v.channelHoldingBack()).isEqualTo(0);
        v.inputStatus(IDLE, 0, output);
        assertThat(v.channelHoldingBack()).isEqualTo(1);
        v.inputStatus(ACTIVE, 0, output); // back at 10, behind the output (20): not aligned
        assertThat(v.channelHoldingBack()).isEqualTo(1);
        assertThat(v.diagnostics(new InputGate(3)).holdingBack()).isEqualTo("1");
        v.inputWatermark(25, 0, output); // caught up: aligned, and now the lowest
        assertThat(v.channelHoldingBack()).isEqualTo(1);
        v.inputWatermark(40, 1, output);
        assertThat(v.channelHoldingBack()).isEqualTo(0);
    }

    /** Nothing holds the output back when every channel is idle or has finished. */
    @Test
    void noChannelHoldsBackWhenAllAreIdleOrFinished() throws Exception {
        WatermarkValve v = new WatermarkValve(2);
        v.inputWatermark(Long.MAX_VALUE, 0, output);
        v.inputWatermark(Long.MAX_VALUE, 1, output);
        assertThat(v.channelHoldingBack()).isEqualTo(-1);
        WatermarkValve w = new WatermarkValve(2);
        w.inputStatus(IDLE, 0, output);
        w.inputStatus(IDLE, 1, output);
        assertThat(w.channelHoldingBack()).isEqualTo(-1);
        assertThat(w.diagnostics(new InputGate(2)).idleInputs()).containsExactly("0", "1");
    }
}
