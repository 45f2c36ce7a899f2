package io.tidemark.runtime.io;

import io.tidemark.runtime.metrics.WatermarkDiagnostics;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import io.tidemark.runtime.watermarks.WatermarkState;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

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
 * State: a {@link WatermarkState} per channel and one for the output, an aligned flag per channel.
 * Cost: O(channels) per watermark or status change; nothing per record. Not thread-safe: one subtask's
 * thread owns it. Other threads read it only as {@link #diagnostics}: the channels' published states and
 * the channel holding the output back, which the owner computes with every change.
 */
public final class WatermarkValve {

    /** What the valve forwards. */
    public interface ValveOutput {
        void emitWatermark(long watermark) throws Exception;

        void emitStatus(WatermarkStatus status) throws Exception;
    }

    private static final VarHandle HOLDING_BACK;

    static {
        try {
            HOLDING_BACK = MethodHandles.lookup().findVarHandle(WatermarkValve.class, "holdingBack", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final WatermarkState[] channels;
    private final boolean[] aligned;
    private final WatermarkState output = new WatermarkState();
    /** The channel holding the output back, or -1; published for other threads at every change. */
    @SuppressWarnings("unused")
    private int holdingBack;

    public WatermarkValve(int numChannels) {
        if (numChannels < 1) {
            throw new IllegalArgumentException("a valve needs at least one channel");
        }
        channels = new WatermarkState[numChannels];
        aligned = new boolean[numChannels];
        for (int i = 0; i < numChannels; i++) {
            channels[i] = new WatermarkState();
            aligned[i] = true;
        }
        holdingBack = 0; // every channel counts, at Long.MIN_VALUE: the first holds the output back
    }

    /** Writes every channel's watermark, idle and aligned flags, and the output's watermark and idle flag. */
    public void snapshot(java.io.DataOutput out) throws java.io.IOException {
        out.writeInt(channels.length);
        for (int i = 0; i < channels.length; i++) {
            out.writeLong(channels[i].watermark());
            out.writeBoolean(channels[i].isIdle());
            out.writeBoolean(aligned[i]);
        }
        out.writeLong(output.watermark());
        out.writeBoolean(output.isIdle());
    }

    /** Puts back what {@link #snapshot} wrote; fails if the number of channels changed. */
    public void restore(java.io.DataInput in) throws java.io.IOException {
        int n = in.readInt();
        if (n != channels.length) {
            throw new java.io.IOException("the checkpoint has " + n + " input channels here, the job " + channels.length
                    + " (the upstream parallelism changed)");
        }
        for (int i = 0; i < n; i++) {
            restore(channels[i], in.readLong(), in.readBoolean());
            aligned[i] = in.readBoolean();
        }
        restore(output, in.readLong(), in.readBoolean());
        publishHoldingBack(minOfAligned());
    }

    private static void restore(WatermarkState state, long watermark, boolean idle) {
        state.advance(watermark);
        if (idle) {
            state.markIdle();
        }
    }

    public void inputWatermark(long watermark, int channel, ValveOutput out) throws Exception {
        WatermarkState c = channels[channel];
        if (output.isIdle() || c.isIdle()) {
            return; // a channel must become active before its watermarks count, as in Flink
        }
        if (!c.advance(watermark)) {
            return;
        }
        if (!aligned[channel] && watermark >= output.watermark()) {
            aligned[channel] = true;
        }
        emitMinOfAligned(out);
    }

    public void inputStatus(WatermarkStatus status, int channel, ValveOutput out) throws Exception {
        WatermarkState c = channels[channel];
        if (status == WatermarkStatus.IDLE && c.markIdle()) {
            aligned[channel] = false;
            if (allIdle()) {
                long max = Long.MIN_VALUE;
                for (WatermarkState s : channels) {
                    max = Math.max(max, s.watermark());
                }
                publishHoldingBack(-1);
                if (output.advance(max)) {
                    out.emitWatermark(max);
                }
                output.markIdle();
                out.emitStatus(WatermarkStatus.IDLE);
            } else {
                emitMinOfAligned(out);
            }
        } else if (status == WatermarkStatus.ACTIVE && c.markActive()) {
            if (c.watermark() >= output.watermark()) {
                aligned[channel] = true;
            }
            publishHoldingBack(minOfAligned());
            if (output.markActive()) {
                out.emitStatus(WatermarkStatus.ACTIVE);
            }
        }
    }

    private boolean allIdle() {
        for (WatermarkState s : channels) {
            if (!s.isIdle()) {
                return false;
            }
        }
        return true;
    }

    /** The aligned active channel with the lowest watermark (the first of equals), or -1. */
    private int minOfAligned() {
        int at = -1;
        for (int i = 0; i < channels.length; i++) {
            if (aligned[i] && !channels[i].isIdle() && (at < 0 || channels[i].watermark() < channels[at].watermark())) {
                at = i;
            }
        }
        return at;
    }

    private void emitMinOfAligned(ValveOutput out) throws Exception {
        int at = minOfAligned();
        publishHoldingBack(at);
        if (at >= 0 && output.advance(channels[at].watermark())) {
            out.emitWatermark(channels[at].watermark());
        }
    }

    /** A finished channel (at {@code Long.MAX_VALUE}) holds nothing back. */
    private void publishHoldingBack(int at) {
        int v = at >= 0 && channels[at].watermark() != Long.MAX_VALUE ? at : -1;
        HOLDING_BACK.setRelease(this, v);
    }

    /** The last watermark forwarded. */
    public long getOutputWatermark() {
        return output.watermark();
    }

    public boolean isOutputIdle() {
        return output.isIdle();
    }

    /** The watermark each channel last sent. */
    public long[] channelWatermarks() {
        long[] w = new long[channels.length];
        for (int i = 0; i < w.length; i++) {
            w[i] = channels[i].watermark();
        }
        return w;
    }

    public boolean isChannelIdle(int channel) {
        return channels[channel].isIdle();
    }

    /**
     * The channel holding the output back: the aligned active channel with the lowest watermark, or -1
     * when there is none (all idle) or it has finished. A channel that is behind but not aligned does
     * not hold the output back.
     */
    public int channelHoldingBack() {
        return (int) HOLDING_BACK.getAcquire(this);
    }

    /** What other threads may read of this valve, with {@code gate}'s fill: safe from any thread. */
    public WatermarkDiagnostics diagnostics(InputGate gate) {
        return new WatermarkDiagnostics() {
            @Override
            public Map<String, Long> inputWatermarks() {
                Map<String, Long> m = new LinkedHashMap<>();
                for (int i = 0; i < channels.length; i++) {
                    m.put(String.valueOf(i), channels[i].readWatermark());
                }
                return m;
            }

            @Override
            public Set<String> idleInputs() {
                Set<String> ids = new LinkedHashSet<>();
                for (int i = 0; i < channels.length; i++) {
                    if (channels[i].readIdle()) {
                        ids.add(String.valueOf(i));
                    }
                }
                return ids;
            }

            @Override
            public String holdingBack() {
                int at = channelHoldingBack();
                return at < 0 ? null : String.valueOf(at);
            }

            @Override
            public int queued() {
                return gate.queued();
            }
        };
    }
}
