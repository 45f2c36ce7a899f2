package io.tidemark.streaming.api.watermark;

/**
 * A watermark as an element of a stream, under Flink's name: what a test harness's output holds where
 * the operator forwarded a watermark, and what it takes in {@code processWatermark(Watermark)}.
 */
public final class Watermark {

    /** The watermark of the end of a bounded input. */
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
        return o instanceof Watermark w && w.timestamp == timestamp;
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
