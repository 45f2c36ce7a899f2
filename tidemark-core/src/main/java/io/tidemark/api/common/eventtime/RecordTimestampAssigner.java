package io.tidemark.api.common.eventtime;

/** Keeps the timestamp the record already carries (for instance from {@code collectWithTimestamp}). */
public final class RecordTimestampAssigner<T> implements TimestampAssigner<T> {

    @Override
    public long extractTimestamp(T element, long recordTimestamp) {
        return recordTimestamp;
    }
}
