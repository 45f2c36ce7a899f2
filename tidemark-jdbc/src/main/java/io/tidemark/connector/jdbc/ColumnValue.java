package io.tidemark.connector.jdbc;

import io.tidemark.streaming.api.functions.sink.SinkFunction;
import java.io.Serializable;

/**
 * A column's value for one record; it may read the sink's context (the record's timestamp, the
 * watermark, processing time). Called once per record when the record arrives: the value is kept,
 * never the record (engines re-use record objects).
 */
@FunctionalInterface
public interface ColumnValue<T> extends Serializable {
    Object of(T record, SinkFunction.Context context) throws Exception;
}
