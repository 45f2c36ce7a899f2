package io.tidemark.runtime.streamrecord;

/**
 * A record travelling through a pipeline: the value and its event timestamp.
 *
 * <p>Inside an operator chain a record is passed by reference and may be re-used by the next
 * operator ({@link #replace}); nothing is copied or serialized.
 */
public final class StreamRecord<T> {

    private T value;
    private long timestamp;
    private boolean hasTimestamp;

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

    /** The event timestamp, or {@link Long#MIN_VALUE} when the record has none. */
    public long getTimestamp() {
        return hasTimestamp ? timestamp : Long.MIN_VALUE;
    }

    public boolean hasTimestamp() {
        return hasTimestamp;
    }

    /** Re-uses this record for another value, keeping the timestamp. */
    @SuppressWarnings("unchecked")
    public <X> StreamRecord<X> replace(X newValue) {
        this.value = (T) newValue;
        return (StreamRecord<X>) this;
    }

    /** Re-uses this record for another value and timestamp. */
    @SuppressWarnings("unchecked")
    public <X> StreamRecord<X> replace(X newValue, long newTimestamp) {
        this.value = (T) newValue;
        this.timestamp = newTimestamp;
        this.hasTimestamp = true;
        return (StreamRecord<X>) this;
    }

    public void setTimestamp(long timestamp) {
        this.timestamp = timestamp;
        this.hasTimestamp = true;
    }

    public void eraseTimestamp() {
        this.hasTimestamp = false;
    }

    /** A new record with the same value and timestamp. */
    public StreamRecord<T> copy(T newValue) {
        StreamRecord<T> copy = new StreamRecord<>(newValue);
        copy.timestamp = timestamp;
        copy.hasTimestamp = hasTimestamp;
        return copy;
    }

    @Override
    public String toString() {
        return "Record(" + value + (hasTimestamp ? " @ " + timestamp : "") + ")";
    }
}
