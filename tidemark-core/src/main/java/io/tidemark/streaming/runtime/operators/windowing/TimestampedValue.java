package io.tidemark.streaming.runtime.operators.windowing;

/**
 * An element of an evicting window with its timestamp, as an {@code Evictor} sees it. An element
 * without a timestamp (processing time, or a source that gives none) has none here either
 * ({@link #hasTimestamp()} false).
 *
 * @param <T> element type
 */
public final class TimestampedValue<T> {

    private T value;
    private final long timestamp;
    private final boolean hasTimestamp;

    /** An element without a timestamp. */
    public TimestampedValue(T value) {
        this.value = value;
        this.timestamp = 0;
        this.hasTimestamp = false;
    }

    public TimestampedValue(T value, long timestamp) {
        this.value = value;
        this.timestamp = timestamp;
        this.hasTimestamp = true;
    }

    public T getValue() {
        return value;
    }

    public void setValue(T value) {
        this.value = value;
    }

    /** The timestamp; meaningful only if {@link #hasTimestamp()}. */
    public long getTimestamp() {
        return timestamp;
    }

    public boolean hasTimestamp() {
        return hasTimestamp;
    }

    @Override
    public String toString() {
        return hasTimestamp ? value + "@" + timestamp : String.valueOf(value);
    }
}
