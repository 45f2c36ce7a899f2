package io.tidemark.api.common.eventtime;

import java.io.Serializable;

/**
 * A watermark: the assertion that no more records with a timestamp at or below {@link #getTimestamp()}
 * are expected. Watermarks travel in-band with the records and only ever move forward.
 */
public final class Watermark implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The watermark before anything was seen. */
    public static final Watermark UNINITIALIZED = new Watermark(Long.MIN_VALUE);

    /** The watermark that ends event time: emitted when a bounded input is exhausted. */
    public static final Watermark MAX_WATERMARK = new Watermark(Long.MAX_VALUE);

    private final long timestamp;

    public Watermark(long timestamp) {
        this.timestamp = timestamp;
    }

    public long getTimestamp() {
        return timestamp;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Watermark && ((Watermark) o).timestamp == timestamp;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(timestamp);
    }

    @Override
    public String toString() {
        return "Watermark @ " + timestamp;
    }
}
