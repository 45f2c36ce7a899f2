package io.tidemark.streaming.runtime.streamrecord;

import java.util.Objects;

/**
 * A record with its timestamp, under Flink's name, as a test harness takes and returns it. Equal to
 * another when the values are equal and both have the same timestamp or both have none, as in Flink.
 *
 * @param <T> the value's type
 */
public final class StreamRecord<T> {

    private T value;
    private long timestamp;
    private boolean hasTimestamp;

    /** A record without a timestamp. */
    public StreamRecord(T value) {
        this.value = value;
    }

    public StreamRecord(T value, long timestamp) {
        this.value = value;
        this.timestamp = timestamp;
        this.hasTimestamp = true;
    }

    public T getValue() {
        return value;
    }

    /** The timestamp, or {@code Long.MIN_VALUE} when the record has none. */
    public long getTimestamp() {
        return hasTimestamp ? timestamp : Long.MIN_VALUE;
    }

    public boolean hasTimestamp() {
        return hasTimestamp;
    }

    /** This record with {@code element} as its value, the timestamp kept (the same object, re-typed). */
    @SuppressWarnings("unchecked")
    public <X> StreamRecord<X> replace(X element) {
        this.value = (T) element;
        return (StreamRecord<X>) this;
    }

    /** This record with {@code element} as its value and {@code timestamp} (the same object, re-typed). */
    public <X> StreamRecord<X> replace(X element, long timestamp) {
        setTimestamp(timestamp);
        return replace(element);
    }

    public void setTimestamp(long timestamp) {
        this.timestamp = timestamp;
        this.hasTimestamp = true;
    }

    public void eraseTimestamp() {
        this.hasTimestamp = false;
    }

    /** A new record with {@code valueCopy} and this record's timestamp. */
    public StreamRecord<T> copy(T valueCopy) {
        return hasTimestamp ? new StreamRecord<>(valueCopy, timestamp) : new StreamRecord<>(valueCopy);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof StreamRecord<?> other)) {
            return false;
        }
        return hasTimestamp == other.hasTimestamp && (!hasTimestamp || timestamp == other.timestamp)
                && Objects.equals(value, other.value);
    }

    @Override
    public int hashCode() {
        int h = Objects.hashCode(value);
        return hasTimestamp ? 31 * h + Long.hashCode(timestamp) : h;
    }

    @Override
    public String toString() {
        return "Record @ " + (hasTimestamp ? String.valueOf(timestamp) : "(undef)") + " : " + value;
    }
}
