package io.tidemark.connector.jdbc;

import java.io.Serializable;
import java.util.List;

/**
 * The rows a record replaces: each element holds one row's key column values, in key order. A merged
 * session window replaces the rows of the sessions it absorbed; those rows are deleted in the same
 * transaction that writes the record.
 */
@FunctionalInterface
public interface ReplacedKeys<T> extends Serializable {
    List<List<Object>> of(T record) throws Exception;
}
