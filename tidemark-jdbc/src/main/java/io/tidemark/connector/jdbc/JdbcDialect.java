package io.tidemark.connector.jdbc;

import java.io.Serializable;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What differs between databases: type names, the upsert statement, and which errors are transient.
 * Identifiers are always quoted, so a column is named exactly as given ({@code "userId"}).
 */
public abstract class JdbcDialect implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The dialect of a JDBC URL: {@code jdbc:postgresql:} or {@code jdbc:h2:}. */
    public static JdbcDialect forUrl(String url) {
        String u = url.toLowerCase(Locale.ROOT);
        if (u.startsWith("jdbc:postgresql:")) {
            return PostgresDialect.INSTANCE;
        }
        if (u.startsWith("jdbc:h2:")) {
            return H2Dialect.INSTANCE;
        }
        throw new IllegalArgumentException("unsupported database URL '" + url + "': Tidemark writes to PostgreSQL "
                + "(jdbc:postgresql://HOST:PORT/DATABASE) and H2 (jdbc:h2:PATH)");
    }

    /** The database's name for messages ({@code PostgreSQL}, {@code H2}). */
    public abstract String name();

    /** The type to declare for {@code type}. */
    public abstract String typeName(SqlType type);

    /** The statement that inserts a row, or overwrites the row with the same key: parameters in column order. */
    public abstract String upsert(JdbcTable<?> table);

    /**
     * The statement that makes every committed transaction durable, for a database whose commit does not
     * (run after the commit of a checkpoint's rows); null when a commit is durable when it returns, as
     * PostgreSQL's is (its write-ahead log is flushed at commit).
     */
    public String durabilityStatement() {
        return null;
    }

    /**
     * The URL a connection is made with: {@code url}, with what the database needs for a committed
     * checkpoint's rows to survive the writer's process being killed (H2: {@code WRITE_DELAY=0}).
     */
    public String connectionUrl(String url) {
        return url;
    }

    /**
     * Why {@code url} would let a kill lose committed rows although the dialect makes them durable
     * ({@link #connectionUrl}): a setting the user chose against it; null when none.
     */
    public String durabilityProblem(String url) {
        return null;
    }

    /** Whether text columns can hold the character U+0000 (PostgreSQL's cannot: SQL state 22021). */
    public boolean storesNul() {
        return true;
    }

    /** Whether the database's error codes mark {@code e} transient (beyond the standard SQL states). */
    protected abstract boolean isTransientVendorError(SQLException e);

    /** {@code "name"}, with quotes inside doubled; a qualified {@code schema.table} has each part quoted. */
    public String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    /** The table's name quoted; a dot separates a schema from the table. */
    public String tableName(JdbcTable<?> table) {
        return tableName(table.name());
    }

    /** {@code name} quoted as a table name: {@code "t"}, or {@code "schema"."t"}. */
    public String tableName(String name) {
        String[] parts = splitName(name);
        return parts[0] == null ? quote(parts[1]) : quote(parts[0]) + "." + quote(parts[1]);
    }

    /** {@code {schema or null, table}}. */
    static String[] splitName(String name) {
        int dot = name.indexOf('.');
        return dot < 0 ? new String[] {null, name} : new String[] {name.substring(0, dot), name.substring(dot + 1)};
    }

    /** {@code CREATE TABLE IF NOT EXISTS}: the columns in order, keys not null, the primary key. */
    public String createTable(JdbcTable<?> table) {
        StringBuilder sb = new StringBuilder("CREATE TABLE IF NOT EXISTS ").append(tableName(table)).append(" (\n");
        for (JdbcColumn<?> c : table.columns()) {
            sb.append("  ").append(quote(c.name())).append(' ').append(typeName(c.type()));
            if (c.isKey()) {
                sb.append(" NOT NULL");
            }
            sb.append(",\n");
        }
        sb.append("  PRIMARY KEY (").append(String.join(", ", quoted(names(table.keyColumns())))).append(")\n)");
        return sb.toString();
    }

    /** {@code DELETE ... WHERE} every key column equals a parameter, in key order. */
    public String delete(JdbcTable<?> table) {
        List<String> conditions = new ArrayList<>();
        for (JdbcColumn<?> c : table.keyColumns()) {
            conditions.add(quote(c.name()) + " = ?");
        }
        return "DELETE FROM " + tableName(table) + " WHERE " + String.join(" AND ", conditions);
    }

    /**
     * Whether retrying on a new connection may succeed: {@link SQLTransientException} and
     * {@link SQLRecoverableException}; SQL states of class 08 (connection), 40 (transaction rolled back:
     * serialization failure, deadlock), 53 (insufficient resources) and 57P (the server shutting down or
     * starting); and the dialect's own codes. Every exception in the chain is looked at.
     */
    public boolean isTransient(SQLException e) {
        for (Throwable t = e; t != null; t = next(t)) {
            if (t instanceof SQLTransientException || t instanceof SQLRecoverableException) {
                return true;
            }
            if (t instanceof SQLException) {
                SQLException s = (SQLException) t;
                String state = s.getSQLState();
                if (state != null && (state.startsWith("08") || state.startsWith("40") || state.startsWith("53")
                        || state.startsWith("57P"))) {
                    return true;
                }
                if (isTransientVendorError(s)) {
                    return true;
                }
            }
            if (t instanceof java.io.IOException) {
                return true; // a socket closed under the driver
            }
        }
        return false;
    }

    private static Throwable next(Throwable t) {
        if (t instanceof SQLException && ((SQLException) t).getNextException() != null
                && ((SQLException) t).getNextException() != t) {
            return ((SQLException) t).getNextException();
        }
        return t.getCause() == t ? null : t.getCause();
    }

    static List<String> names(List<? extends JdbcColumn<?>> columns) {
        List<String> n = new ArrayList<>();
        for (JdbcColumn<?> c : columns) {
            n.add(c.name());
        }
        return n;
    }

    List<String> quoted(List<String> names) {
        List<String> q = new ArrayList<>();
        for (String n : names) {
            q.add(quote(n));
        }
        return q;
    }

    static String parameters(int n) {
        return String.join(", ", java.util.Collections.nCopies(n, "?"));
    }

    @Override
    public String toString() {
        return name();
    }
}
