package io.tidemark.api.common.eventtime;

/** Emits no watermarks at all (event-time windows then fire only at the end of a bounded input). */
public final class NoWatermarksGenerator<T> implements WatermarkGenerator<T> {

    @Override
    public void onEvent(T event, long eventTimestamp, WatermarkOutput output) {}

    @Override
    public void onPeriodicEmit(WatermarkOutput output) {}
}
