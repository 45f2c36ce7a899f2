package io.tidemark.connector.jdbc;

import java.io.Serializable;

/** A column's value taken from the record alone (see {@link ColumnValue} for one that reads the context). */
@FunctionalInterface
public interface RecordValue<T> extends Serializable {
    Object of(T record) throws Exception;
}
