package io.tidemark.api.common.eventtime;

/** Where a {@link WatermarkGenerator} emits watermarks and idleness. */
public interface WatermarkOutput {

    /**
     * Emits a watermark. A watermark not higher than the last one emitted is ignored, so
     * watermarks never go backwards. Emitting a watermark also marks the output active.
     */
    void emitWatermark(Watermark watermark);

    /**
     * Marks this output idle: downstream leaves it out of the minimum until it is active again. Marking
     * an idle output idle again changes nothing (the engine's outputs forward only changes).
     */
    void markIdle();

    /** Marks this output active again (emitting a watermark or a record does that too). */
    void markActive();
}
