package io.tidemark.api.common.eventtime;

/** Extracts an event-time timestamp (epoch milliseconds) from a record. */
@FunctionalInterface
public interface TimestampAssigner<T> {

    /** The value of {@code recordTimestamp} when the record had no timestamp before. */
    long NO_TIMESTAMP = Long.MIN_VALUE;

    /**
     * @param element the record
     * @param recordTimestamp the timestamp the record already carries (from its source), or
     *     {@link #NO_TIMESTAMP}
     */
    long extractTimestamp(T element, long recordTimestamp);
}
