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
 * <p>H2 has no write-ahead log: with its default write delay (500 ms) a commit returns before its
 * changes are in the database file, which a background thread writes later. An embedded database lives
 * in the job's process, so a kill -9 in that window loses transactions H2 reported committed; running
 * {@code CHECKPOINT SYNC} after a checkpoint's commit does not close that window reliably (kill -9
 * campaigns lost a completed checkpoint's rows with the default delay, none with 0). So every connection
 * is made with
 * {@code WRITE_DELAY=0} ({@link #connectionUrl}: added to a URL without it), under which a commit
 * returns only once its changes are written to the file; a URL that asks for another write delay is
 * named by {@link #durabilityProblem}. {@code CHECKPOINT SYNC} (admin rights; the creator of an
 * embedded database has them) still runs after each checkpoint's commit, for the disk's own cache (a
 * power loss). An in-memory database ({@code jdbc:h2:mem:}) does not outlive its process anyway.
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

    /** {@code url} with {@code ;WRITE_DELAY=0} added, unless it sets a write delay itself or is in memory. */
    @Override
    public String connectionUrl(String url) {
        if (inMemory(url) || writeDelay(url) != null) {
            return url;
        }
        return url + ";WRITE_DELAY=0";
    }

    @Override
    public String durabilityProblem(String url) {
        String delay = writeDelay(url);
        if (inMemory(url) || delay == null || delay.equals("0")) {
            return null;
        }
        return "WRITE_DELAY=" + delay + " lets H2 lose rows it reported committed when the process is killed (they reach "
                + "the database file up to " + delay + " ms later), so a completed checkpoint's rows could be lost: remove "
                + "WRITE_DELAY from the URL (the writer sets WRITE_DELAY=0) or set it to 0";
    }

    private static boolean inMemory(String url) {
        return url.toLowerCase(java.util.Locale.ROOT).startsWith("jdbc:h2:mem:");
    }

    /** The value of the URL's {@code WRITE_DELAY} setting ({@code ;NAME=VALUE} after the path), or null. */
    static String writeDelay(String url) {
        String[] parts = url.split(";");
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            if (eq > 0 && parts[i].substring(0, eq).trim().equalsIgnoreCase("WRITE_DELAY")) {
                return parts[i].substring(eq + 1).trim();
            }
        }
        return null;
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
