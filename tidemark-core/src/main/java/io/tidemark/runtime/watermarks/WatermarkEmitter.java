package io.tidemark.runtime.watermarks;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkOutput;
import io.tidemark.runtime.metrics.OperatorMetrics;
import io.tidemark.runtime.operators.Output;
import io.tidemark.runtime.streamrecord.WatermarkStatus;

/**
 * Where a source or a watermark generator emits into a chain: watermarks pass a monotonic guard (one
 * not above the last is dropped), idleness becomes in-band status items, and only changes go out — an
 * IDLE status when the stream becomes idle, an ACTIVE status before the first watermark or record after
 * that. Keeps the stream's {@link WatermarkState} and the metrics ({@code currentOutputWatermark},
 * {@code idle}). Repeated marks cost a compare and emit nothing.
 */
public final class WatermarkEmitter implements WatermarkOutput {

    private final WatermarkState state = new WatermarkState();
    private final Output<?> output;
    private final OperatorMetrics metrics;

    public WatermarkEmitter(Output<?> output, OperatorMetrics metrics) {
        this.output = output;
        this.metrics = metrics;
    }

    @Override
    public void emitWatermark(Watermark watermark) {
        long ts = watermark.getTimestamp();
        if (ts <= state.watermark()) {
            return;
        }
        markActive();
        state.advance(ts);
        metrics.currentOutputWatermark.set(ts);
        output.emitWatermark(watermark);
    }

    @Override
    public void markIdle() {
        if (state.markIdle()) {
            metrics.setIdle(true);
            output.emitWatermarkStatus(WatermarkStatus.IDLE);
        }
    }

    @Override
    public void markActive() {
        if (state.markActive()) {
            metrics.setIdle(false);
            output.emitWatermarkStatus(WatermarkStatus.ACTIVE);
        }
    }

    /** The emitted stream's watermark and status. */
    public WatermarkState state() {
        return state;
    }
}
