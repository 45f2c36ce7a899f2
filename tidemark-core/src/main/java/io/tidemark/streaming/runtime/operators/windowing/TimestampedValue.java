package io.tidemark.streaming.runtime.operators.windowing;

import io.tidemark.runtime.streamrecord.StreamRecord;

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

    /** The value and timestamp (if any) of {@code record}. */
    public static <T> TimestampedValue<T> from(StreamRecord<T> record) {
        return record.hasTimestamp() ? new TimestampedValue<>(record.getValue(), record.getTimestamp())
                : new TimestampedValue<>(record.getValue());
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

    /** The element as a stream record (with its timestamp, if it has one). */
    public StreamRecord<T> getStreamRecord() {
        return hasTimestamp ? new StreamRecord<>(value, timestamp) : new StreamRecord<>(value);
    }

    @Override
    public String toString() {
        return hasTimestamp ? value + "@" + timestamp : String.valueOf(value);
    }
}
