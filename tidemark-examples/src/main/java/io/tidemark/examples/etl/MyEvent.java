package io.tidemark.examples.etl;

import java.time.Instant;

/**
 * The event of seeds/001 §4 ({@code MyEvent}, not shown there): a user, an event time, a value, and a
 * watermark marker that {@link MyPunctuatedWatermarkGenerator} reacts to.
 */
public class MyEvent {
    private String userId;
    private long eventTime;
    private double value;
    private boolean watermarkMarker;

    public MyEvent() {}

    public MyEvent(String userId, long eventTime, double value) {
        this(userId, eventTime, value, false);
    }

    public MyEvent(String userId, long eventTime, double value, boolean watermarkMarker) {
        this.userId = userId;
        this.eventTime = eventTime;
        this.value = value;
        this.watermarkMarker = watermarkMarker;
    }

    public String getUserId() {
        return userId;
    }

    public long getEventTime() {
        return eventTime;
    }

    public double getValue() {
        return value;
    }

    /** Whether the producer marked this event: "everything up to my event time has been sent". */
    public boolean hasWatermarkMarker() {
        return watermarkMarker;
    }

    @Override
    public String toString() {
        return "MyEvent{user=" + userId + ", eventTime=" + Instant.ofEpochMilli(eventTime) + ", value=" + value
                + (watermarkMarker ? ", marker" : "") + "}";
    }
}
