package io.tidemark.connector.jdbc;

import java.sql.SQLException;

/**
 * H2 2.x, the embedded default: {@code MERGE INTO t (columns) KEY (key) VALUES (...)}, an upsert by key.
 * Decimals are {@code DECFLOAT}, H2's exact decimal of any precision and scale (a {@code NUMERIC} without
 * precision would have scale 0 there and round {@code 12.5} to {@code 13}); text is {@code CHARACTER
 * VARYING} (up to 1,000,000 characters).
 *
 * <p>H2 upper-cases unquoted identifiers unless the URL says {@code ;DATABASE_TO_LOWER=TRUE} (as
 * PostgreSQL lower-cases them); the sink quotes every name, so it works either way, but a person's
 * {@code SELECT ... FROM order_stats} finds the table only with that setting (which the command's URLs
 * carry). H2 keeps the setting per connection, not in the file: use the same URL everywhere.
 *
 * <p>H2 has no write-ahead log: a commit returns before its changes are in the database file, which a
 * background thread writes up to the write delay later (500 ms by default). An embedded database lives
 * in the job's process, so a kill -9 in that window loses transactions H2 reported committed;
 * {@code CHECKPOINT SYNC} (admin rights; the creator of an embedded database has them) writes and
 * fsyncs them, and runs after each checkpoint's commit.
 */
public final class H2Dialect extends JdbcDialect {

    private static final long serialVersionUID = 1L;

    static final H2Dialect INSTANCE = new H2Dialect();

    /** H2's codes for a lock timeout, a deadlock, a concurrent update, a broken connection, a database in use. */
    private static final int[] TRANSIENT = {50200, 40001, 90131, 90067, 90020};

    private H2Dialect() {}

    @Override
    public String name() {
        return "H2";
    }

    @Override
    public String durabilityStatement() {
        return "CHECKPOINT SYNC";
    }

    @Override
    public String typeName(SqlType type) {
        switch (type) {
            case BIGINT: return "BIGINT";
            case INTEGER: return "INTEGER";
            case NUMERIC: return "DECFLOAT";
            case TEXT: return "CHARACTER VARYING";
            case DOUBLE: return "DOUBLE PRECISION";
            case BOOLEAN: return "BOOLEAN";
            default: throw new IllegalArgumentException(type.name());
        }
    }

    @Override
    public String upsert(JdbcTable<?> table) {
        return "MERGE INTO " + tableName(table) + " (" + String.join(", ", quoted(names(table.columns())))
                + ") KEY (" + String.join(", ", quoted(names(table.keyColumns()))) + ") VALUES ("
                + parameters(table.columns().size()) + ")";
    }

    @Override
    protected boolean isTransientVendorError(SQLException e) {
        for (int code : TRANSIENT) {
            if (e.getErrorCode() == code) {
                return true;
            }
        }
        return false;
    }
}
