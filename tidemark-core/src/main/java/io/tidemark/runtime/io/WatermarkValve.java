package io.tidemark.runtime.io;

import io.tidemark.runtime.streamrecord.WatermarkStatus;

/**
 * Combines the watermarks and idle status of a subtask's input channels into one, the way Flink's
 * status-watermark valve does.
 *
 * <p>Rules (each one unit-tested in {@code WatermarkValveTest}):
 * <ul>
 *   <li>The output watermark is the minimum over the <i>aligned</i> active channels, and is only
 *       forwarded when it increases. A lower watermark from a channel is ignored.
 *   <li>An idle channel is left out of the minimum. If the channel that held the minimum back goes
 *       idle, the minimum over the remaining channels may advance.
 *   <li>When every channel is idle, the valve forwards the highest watermark any channel holds (if it
 *       is above the last one) and then goes idle itself.
 *   <li>A channel that becomes active again rejoins the minimum only once its watermark has caught up
 *       with the last output watermark (until then it is "not aligned").
 *   <li>A finished channel (end of input) sent the final {@code Long.MAX_VALUE} watermark first, so it
 *       never holds the minimum back.
 * </ul>
 * Cost: O(channels) per watermark or status change; nothing per record. Not thread-safe: one
 * subtask's thread owns it.
 */
public final class WatermarkValve {

    /** What the valve forwards. */
    public interface ValveOutput {
        void emitWatermark(long watermark) throws Exception;

        void emitStatus(WatermarkStatus status) throws Exception;
    }

    private final long[] watermarks;
    private final boolean[] idle;
    private final boolean[] aligned;
    private long lastOutputWatermark = Long.MIN_VALUE;
    private boolean outputIdle;

    public WatermarkValve(int numChannels) {
        if (numChannels < 1) {
            throw new IllegalArgumentException("a valve needs at least one channel");
        }
        watermarks = new long[numChannels];
        idle = new boolean[numChannels];
        aligned = new boolean[numChannels];
        java.util.Arrays.fill(watermarks, Long.MIN_VALUE);
        java.util.Arrays.fill(aligned, true);
    }

    public void inputWatermark(long watermark, int channel, ValveOutput out) throws Exception {
        if (outputIdle || idle[channel]) {
            return; // a channel must become active before its watermarks count, as in Flink
        }
        if (watermark <= watermarks[channel]) {
            return;
        }
        watermarks[channel] = watermark;
        if (!aligned[channel] && watermark >= lastOutputWatermark) {
            aligned[channel] = true;
        }
        emitMinOfAligned(out);
    }

    public void inputStatus(WatermarkStatus status, int channel, ValveOutput out) throws Exception {
        if (status == WatermarkStatus.IDLE && !idle[channel]) {
            idle[channel] = true;
            aligned[channel] = false;
            if (allIdle()) {
                long max = Long.MIN_VALUE;
                for (long w : watermarks) {
                    max = Math.max(max, w);
                }
                if (max > lastOutputWatermark) {
                    lastOutputWatermark = max;
                    out.emitWatermark(max);
                }
                outputIdle = true;
                out.emitStatus(WatermarkStatus.IDLE);
            } else {
                emitMinOfAligned(out);
            }
        } else if (status == WatermarkStatus.ACTIVE && idle[channel]) {
            idle[channel] = false;
            if (watermarks[channel] >= lastOutputWatermark) {
                aligned[channel] = true;
            }
            if (outputIdle) {
                outputIdle = false;
                out.emitStatus(WatermarkStatus.ACTIVE);
            }
        }
    }

    private boolean allIdle() {
        for (boolean b : idle) {
            if (!b) {
                return false;
            }
        }
        return true;
    }

    private void emitMinOfAligned(ValveOutput out) throws Exception {
        long min = Long.MAX_VALUE;
        boolean any = false;
        for (int i = 0; i < watermarks.length; i++) {
            if (aligned[i] && !idle[i]) {
                any = true;
                min = Math.min(min, watermarks[i]);
            }
        }
        if (any && min > lastOutputWatermark) {
            lastOutputWatermark = min;
            out.emitWatermark(min);
        }
    }

    /** The last watermark forwarded. */
    public long getOutputWatermark() {
        return lastOutputWatermark;
    }

    public boolean isOutputIdle() {
        return outputIdle;
    }

    /** The watermark each channel last sent. */
    public long[] channelWatermarks() {
        return watermarks.clone();
    }

    public boolean isChannelIdle(int channel) {
        return idle[channel];
    }

    /** The active channel with the lowest watermark — the one holding the output back — or -1. */
    public int channelHoldingBack() {
        int at = -1;
        for (int i = 0; i < watermarks.length; i++) {
            if (!idle[i] && (at == -1 || watermarks[i] < watermarks[at])) {
                at = i;
            }
        }
        return at;
    }
}
