package io.tidemark.connector.jdbc;

import java.io.Serializable;
import java.util.Objects;

/** One column of a {@link JdbcTable}: its name (written exactly, quoted), type, and where its value comes from. */
public final class JdbcColumn<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String name;
    private final SqlType type;
    private final ColumnValue<T> value;
    private final boolean key;

    JdbcColumn(String name, SqlType type, ColumnValue<T> value, boolean key) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a column needs a name");
        }
        this.name = name;
        this.type = Objects.requireNonNull(type, "type");
        this.value = Objects.requireNonNull(value, "value");
        this.key = key;
    }

    public String name() {
        return name;
    }

    public SqlType type() {
        return type;
    }

    public ColumnValue<T> value() {
        return value;
    }

    /** Whether the column is part of the primary key (never null). */
    public boolean isKey() {
        return key;
    }

    @Override
    public String toString() {
        return name + " " + type + (key ? " key" : "");
    }
}
