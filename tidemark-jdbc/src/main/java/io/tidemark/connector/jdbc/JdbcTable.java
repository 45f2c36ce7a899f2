package io.tidemark.connector.jdbc;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A table the sink writes: its name, its columns in order, which of them form the primary key, and
 * (optionally) which rows a record replaces. Every record is upserted by its key: a record whose key
 * is already in the table overwrites that row, so re-sending a record (a retry, a replay after a
 * failure, a window's later firing) leaves one row holding the last value.
 *
 * <pre>{@code
 * JdbcTable<OrderStat> table = JdbcTable.<OrderStat>builder("order_stats")
 *         .key("userId", SqlType.TEXT, s -> s.userId)
 *         .key("window_start", SqlType.BIGINT, s -> s.windowStart)
 *         .key("window_end", SqlType.BIGINT, s -> s.windowEnd)
 *         .column("count", SqlType.BIGINT, s -> s.count)
 *         .column("sum_amount", SqlType.NUMERIC, s -> s.sum)
 *         .contextColumn("watermark", SqlType.BIGINT, (s, ctx) -> ctx.currentWatermark())
 *         .build();
 * }</pre>
 *
 * Names are written as given and quoted ({@code "userId"} keeps its case on every database).
 */
public final class JdbcTable<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String name;
    private final List<JdbcColumn<T>> columns;
    private final ReplacedKeys<T> replaces;

    private JdbcTable(String name, List<JdbcColumn<T>> columns, ReplacedKeys<T> replaces) {
        this.name = name;
        this.columns = Collections.unmodifiableList(columns);
        this.replaces = replaces;
    }

    public static <T> Builder<T> builder(String name) {
        return new Builder<>(name);
    }

    /** The table's name, possibly qualified by a schema ({@code analytics.order_stats}). */
    public String name() {
        return name;
    }

    public List<JdbcColumn<T>> columns() {
        return columns;
    }

    /** The key columns, in table order. */
    public List<JdbcColumn<T>> keyColumns() {
        List<JdbcColumn<T>> keys = new ArrayList<>();
        for (JdbcColumn<T> c : columns) {
            if (c.isKey()) {
                keys.add(c);
            }
        }
        return keys;
    }

    /** The rows each record replaces, or null when records replace nothing but their own key. */
    public ReplacedKeys<T> replaces() {
        return replaces;
    }

    /** The {@code CREATE TABLE} statement for {@code dialect}. */
    public String ddl(JdbcDialect dialect) {
        return dialect.createTable(this);
    }

    @Override
    public String toString() {
        return name + columns;
    }

    /** Builds a {@link JdbcTable}; at least one key column is required. */
    public static final class Builder<T> {
        private final String name;
        private final List<JdbcColumn<T>> columns = new ArrayList<>();
        private final Set<String> names = new HashSet<>();
        private ReplacedKeys<T> replaces;

        private Builder(String name) {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("a table needs a name");
            }
            this.name = name;
        }

        /** A primary-key column (never null). */
        public Builder<T> key(String column, SqlType type, RecordValue<T> value) {
            Objects.requireNonNull(value, "value");
            return add(new JdbcColumn<>(column, type, (r, ctx) -> value.of(r), true));
        }

        public Builder<T> column(String column, SqlType type, RecordValue<T> value) {
            Objects.requireNonNull(value, "value");
            return add(new JdbcColumn<>(column, type, (r, ctx) -> value.of(r), false));
        }

        /** A column whose value also reads the sink's context (watermark, processing time, timestamp). */
        public Builder<T> contextColumn(String column, SqlType type, ColumnValue<T> value) {
            return add(new JdbcColumn<>(column, type, value, false));
        }

        /** A primary-key column whose value also reads the sink's context. */
        public Builder<T> contextKey(String column, SqlType type, ColumnValue<T> value) {
            return add(new JdbcColumn<>(column, type, value, true));
        }

        /** Rows each record replaces (deleted with the record's write): see {@link ReplacedKeys}. */
        public Builder<T> replaces(ReplacedKeys<T> replaced) {
            this.replaces = Objects.requireNonNull(replaced, "replaced");
            return this;
        }

        private Builder<T> add(JdbcColumn<T> c) {
            if (!names.add(c.name())) {
                throw new IllegalArgumentException("table " + name + ": column " + c.name() + " is defined twice");
            }
            columns.add(c);
            return this;
        }

        public JdbcTable<T> build() {
            if (columns.stream().noneMatch(JdbcColumn::isKey)) {
                throw new IllegalArgumentException("table " + name + " needs at least one key column: rows are upserted by key");
            }
            return new JdbcTable<>(name, new ArrayList<>(columns), replaces);
        }
    }
}
