package io.tidemark.runtime.checkpoint;

import io.tidemark.api.common.eventtime.CheckpointedWatermarkGenerator;
import io.tidemark.api.common.eventtime.WatermarkGenerator;
import io.tidemark.runtime.watermarks.WatermarkState;
import java.io.IOException;
import java.io.Serializable;

/**
 * What a checkpoint keeps of one watermarked stream (what {@code assignTimestampsAndWatermarks} or a
 * split emits): the watermark and idle status emitted so far, the generator's progress when it is a
 * {@link CheckpointedWatermarkGenerator} (else nothing: it restarts empty, held back by the restored
 * watermark), and when the periodic emission runs next ({@code Long.MIN_VALUE}: none).
 */
public record WatermarkProgress(long watermark, boolean idle, boolean hasGenerator, Object generator, long nextPeriodic) {

    /** The progress of a stream in {@code state} with {@code generator}. */
    public static WatermarkProgress of(WatermarkState state, WatermarkGenerator<?> generator, long nextPeriodic) {
        boolean checkpointed = generator instanceof CheckpointedWatermarkGenerator<?>;
        return new WatermarkProgress(state.watermark(), state.isIdle(), checkpointed,
                checkpointed ? ((CheckpointedWatermarkGenerator<?>) generator).snapshotState() : null, nextPeriodic);
    }

    public void write(StateOutput out) throws IOException {
        out.writeLong(watermark);
        out.writeBoolean(idle);
        out.writeBoolean(hasGenerator);
        if (hasGenerator) {
            out.writeValue(generator);
        }
        out.writeLong(nextPeriodic);
    }

    public static WatermarkProgress read(StateInput in) throws IOException {
        long watermark = in.readLong();
        boolean idle = in.readBoolean();
        boolean hasGenerator = in.readBoolean();
        Object generator = hasGenerator ? in.readValue() : null;
        return new WatermarkProgress(watermark, idle, hasGenerator, generator, in.readLong());
    }

    /** Puts the stream's state and the generator's progress back (a generator of another kind starts empty). */
    public void restore(WatermarkState state, WatermarkGenerator<?> generator) {
        state.advance(watermark);
        if (idle) {
            state.markIdle();
        } else {
            state.markActive();
        }
        if (hasGenerator && generator instanceof CheckpointedWatermarkGenerator<?> c) {
            c.restoreState((Serializable) this.generator);
        }
    }
}
