package io.tidemark.connector.jdbc;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * PostgreSQL (9.5 and later): {@code INSERT ... ON CONFLICT (key) DO UPDATE SET c = EXCLUDED.c}, which is
 * atomic under concurrent writers. Decimals are {@code NUMERIC} (exact, unbounded), text is {@code TEXT}.
 */
public final class PostgresDialect extends JdbcDialect {

    private static final long serialVersionUID = 1L;

    static final PostgresDialect INSTANCE = new PostgresDialect();

    private PostgresDialect() {}

    @Override
    public String name() {
        return "PostgreSQL";
    }

    /** PostgreSQL's text is a sequence of characters of the database's encoding without U+0000. */
    @Override
    public boolean storesNul() {
        return false;
    }

    @Override
    public String typeName(SqlType type) {
        switch (type) {
            case BIGINT: return "BIGINT";
            case INTEGER: return "INTEGER";
            case NUMERIC: return "NUMERIC";
            case TEXT: return "TEXT";
            case DOUBLE: return "DOUBLE PRECISION";
            case BOOLEAN: return "BOOLEAN";
            default: throw new IllegalArgumentException(type.name());
        }
    }

    @Override
    public String upsert(JdbcTable<?> table) {
        List<String> columns = names(table.columns());
        StringBuilder sb = new StringBuilder("INSERT INTO ").append(tableName(table))
                .append(" (").append(String.join(", ", quoted(columns))).append(") VALUES (")
                .append(parameters(columns.size())).append(") ON CONFLICT (")
                .append(String.join(", ", quoted(names(table.keyColumns())))).append(") DO ");
        List<String> updates = new ArrayList<>();
        for (JdbcColumn<?> c : table.columns()) {
            if (!c.isKey()) {
                updates.add(quote(c.name()) + " = EXCLUDED." + quote(c.name()));
            }
        }
        return sb.append(updates.isEmpty() ? "NOTHING" : "UPDATE SET " + String.join(", ", updates)).toString();
    }

    /** (The standard states cover PostgreSQL's transient errors: 08*, 40001, 40P01, 53*, 57P01–57P03.) */
    @Override
    protected boolean isTransientVendorError(SQLException e) {
        return false;
    }
}
