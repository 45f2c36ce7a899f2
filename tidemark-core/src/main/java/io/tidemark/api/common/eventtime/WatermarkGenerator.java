package io.tidemark.api.common.eventtime;

/**
 * Generates watermarks from the events it sees ({@link #onEvent}) and/or periodically
 * ({@link #onPeriodicEmit}, called every {@code autoWatermarkInterval} of processing time).
 *
 * <p>A punctuated generator emits from {@code onEvent}; a periodic one remembers what it saw in
 * {@code onEvent} and emits from {@code onPeriodicEmit}.
 */
public interface WatermarkGenerator<T> {

    /** Called for every event, after its timestamp was assigned. */
    void onEvent(T event, long eventTimestamp, WatermarkOutput output);

    /**
     * Called every watermark interval of processing time (never at interval 0), and with per-event
     * watermarks also after every event.
     */
    void onPeriodicEmit(WatermarkOutput output);
}
