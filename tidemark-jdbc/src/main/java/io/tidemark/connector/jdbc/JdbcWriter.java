package io.tidemark.connector.jdbc;

import io.tidemark.streaming.api.functions.sink.SinkFunction;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Writes one table's rows in batches, the engine-neutral half of the JDBC sink (the embedded engine's
 * {@link JdbcSink} and the Flink runner's sink both drive it).
 *
 * <p>Design: each record's column values are taken when it arrives, and its key's pending operation
 * (an upsert with the values, or a delete of a replaced row) goes into a buffer keyed by primary key,
 * so a key written twice before a flush is written once, with its last values. A flush runs every
 * pending delete, then every pending upsert, as two JDBC batches in one transaction: since each key
 * has one operation, their order does not matter, and a flush is all or nothing. A flush that fails
 * with a transient error ({@link JdbcDialect#isTransient}) is retried on a new connection after a
 * backoff; the buffer is kept until a commit succeeds, and writing it again is harmless because every
 * operation is idempotent. This gives at-least-once delivery with idempotent results.
 *
 * <p>Bounds: the buffer holds at most {@code batchSize} keys (one row of values each); a flush sends at
 * most {@code batchSize} statements. Not thread-safe except for {@link #flush()} and
 * {@link #flushIfDue(long)}, which a timer thread may call (all public methods synchronize).
 */
public final class JdbcWriter<T> implements AutoCloseable {

    /** Marks a pending delete in the buffer. */
    private static final Object[] DELETE = new Object[0];

    private final JdbcTable<T> table;
    private final JdbcConnectionOptions connection;
    private final JdbcExecutionOptions execution;
    private final Sleeper sleeper;
    private final JdbcDialect dialect;
    private final List<JdbcColumn<T>> columns;
    private final int[] keyIndexes;
    private final String upsertSql;
    private final String deleteSql;

    private final LinkedHashMap<List<Object>, Object[]> buffer = new LinkedHashMap<>();
    private long firstBufferedMillis = -1;
    private Connection conn;
    private PreparedStatement upsert;
    private PreparedStatement delete;

    private long rowsUpserted;
    private long rowsDeleted;
    private long flushes;
    private long retries;
    /** Time from the first transient failure of an operation that then went through to its success, summed (ns). */
    private long retriedNanos;
    /** Whether a transaction was committed since the last {@link #flushDurably} made them durable. */
    private boolean undurable;

    public JdbcWriter(JdbcTable<T> table, JdbcConnectionOptions connection, JdbcExecutionOptions execution, Sleeper sleeper) {
        this.table = table;
        this.connection = connection;
        this.execution = execution;
        this.sleeper = sleeper;
        this.dialect = connection.dialect();
        this.columns = table.columns();
        List<Integer> keys = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).isKey()) {
                keys.add(i);
            }
        }
        this.keyIndexes = keys.stream().mapToInt(Integer::intValue).toArray();
        this.upsertSql = dialect.upsert(table);
        this.deleteSql = dialect.delete(table);
    }

    /**
     * Connects (retrying transient failures), creates the table when it is absent, and checks that it
     * can hold the rows.
     *
     * @throws SchemaMismatchException the table exists with missing columns, other types or another key
     */
    public synchronized void open() {
        retrying("prepare table " + table.name(), () -> {
            Connection c = connection();
            c.setAutoCommit(true);
            try (Statement s = c.createStatement()) {
                s.execute(dialect.createTable(table));
            } catch (SQLException e) {
                // another writer (a parallel subtask) may have created it at the same moment
                if (!exists(c)) {
                    throw e;
                }
            }
            checkSchema(c);
            c.setAutoCommit(false);
        });
    }

    /** Takes the record's column values (and the rows it replaces) into the buffer; flushes a full batch. */
    public synchronized void write(T record, SinkFunction.Context context) throws Exception {
        Object[] row = new Object[columns.size()];
        for (int i = 0; i < row.length; i++) {
            JdbcColumn<T> c = columns.get(i);
            row[i] = convert(c, c.value().of(record, context));
            if (row[i] == null && c.isKey()) {
                throw new JdbcSinkException("table " + table.name() + ": key column " + c.name() + " is null for record "
                        + record, null);
            }
        }
        if (table.replaces() != null) {
            List<List<Object>> replaced = table.replaces().of(record);
            if (replaced != null) {
                for (List<Object> key : replaced) {
                    pending(key(key), DELETE);
                }
            }
        }
        List<Object> key = new ArrayList<>(keyIndexes.length);
        for (int k : keyIndexes) {
            key.add(row[k]);
        }
        pending(key, row);
        if (buffer.size() >= execution.batchSize()) {
            flush();
        }
    }

    private void pending(List<Object> key, Object[] op) {
        buffer.remove(key); // a later operation on a key replaces the earlier one (and moves it last)
        buffer.put(key, op);
        if (firstBufferedMillis < 0) {
            firstBufferedMillis = System.currentTimeMillis();
        }
    }

    /** A replaced row's key values, converted like the key columns. */
    private List<Object> key(List<Object> values) {
        if (values.size() != keyIndexes.length) {
            throw new JdbcSinkException("table " + table.name() + ": a replaced row's key has " + values.size()
                    + " values, the key has " + keyIndexes.length + " columns", null);
        }
        List<Object> key = new ArrayList<>(values.size());
        for (int i = 0; i < keyIndexes.length; i++) {
            key.add(convert(columns.get(keyIndexes[i]), values.get(i)));
        }
        return key;
    }

    /** Writes the buffer if the batch interval has passed since its first row (for a timer). */
    public synchronized boolean flushIfDue(long nowMillis) {
        long interval = execution.batchIntervalMillis();
        if (interval > 0 && firstBufferedMillis >= 0 && nowMillis - firstBufferedMillis >= interval) {
            flush();
            return true;
        }
        return false;
    }

    /**
     * {@link #flush}es, then makes every transaction this writer committed durable, so it survives the
     * process being killed: what a checkpoint needs, since a job restored from it does not write those
     * rows again. For databases whose commit is durable (PostgreSQL) the same as {@code flush}; for H2,
     * its {@link JdbcDialect#durabilityStatement} once per call that follows a commit.
     */
    public synchronized void flushDurably() {
        flush();
        String statement = dialect.durabilityStatement();
        if (statement == null || !undurable) {
            return;
        }
        retrying("make the rows committed to table " + table.name() + " durable (" + statement + ")", () -> {
            try (java.sql.Statement s = connection().createStatement()) {
                s.execute(statement);
            }
        });
        undurable = false;
    }

    /** Writes every buffered operation in one transaction, retrying transient failures. */
    public synchronized void flush() {
        if (buffer.isEmpty()) {
            return;
        }
        int size = buffer.size();
        retrying("write " + size + " rows to table " + table.name(), () -> {
            Connection c = connection();
            int deletes = 0;
            int upserts = 0;
            for (Map.Entry<List<Object>, Object[]> e : buffer.entrySet()) {
                if (e.getValue() == DELETE) {
                    if (delete == null) {
                        delete = c.prepareStatement(deleteSql);
                    }
                    List<Object> key = e.getKey();
                    for (int i = 0; i < key.size(); i++) {
                        bind(delete, i + 1, columns.get(keyIndexes[i]), key.get(i));
                    }
                    delete.addBatch();
                    deletes++;
                }
            }
            if (deletes > 0) {
                delete.executeBatch();
            }
            for (Object[] row : buffer.values()) {
                if (row != DELETE) {
                    if (upsert == null) {
                        upsert = c.prepareStatement(upsertSql);
                    }
                    for (int i = 0; i < row.length; i++) {
                        bind(upsert, i + 1, columns.get(i), row[i]);
                    }
                    upsert.addBatch();
                    upserts++;
                }
            }
            if (upserts > 0) {
                upsert.executeBatch();
            }
            c.commit();
            undurable = true;
            rowsUpserted += upserts;
            rowsDeleted += deletes;
        });
        flushes++;
        buffer.clear();
        firstBufferedMillis = -1;
    }

    /** Rows buffered and not yet written. */
    public synchronized int pendingRows() {
        return buffer.size();
    }

    /** Upserts committed (a retried flush counts once). */
    public synchronized long rowsUpserted() {
        return rowsUpserted;
    }

    /** Deletes of replaced rows committed. */
    public synchronized long rowsDeleted() {
        return rowsDeleted;
    }

    /** Flushes committed. */
    public synchronized long flushes() {
        return flushes;
    }

    /** Retries after transient errors, over the writer's life. */
    public synchronized long retries() {
        return retries;
    }

    /**
     * How long the operations that were retried took from their first failure until they went through
     * (waits and attempts), summed over the writer's life, in milliseconds: how long the database was
     * away, as the writer saw it.
     */
    public synchronized long retriedMillis() {
        return retriedNanos / 1_000_000L;
    }

    /** Closes the connection; buffered rows are not written (call {@link #flush()} first). */
    @Override
    public synchronized void close() {
        closeConnection();
    }

    // ------------------------------------------------------------------ retries and connections

    private interface Attempt {
        void run() throws SQLException;
    }

    private void retrying(String what, Attempt attempt) {
        long firstFailure = 0;
        for (int failures = 0; ; failures++) {
            try {
                attempt.run();
                if (failures > 0) {
                    retriedNanos += System.nanoTime() - firstFailure;
                }
                return;
            } catch (SQLException e) {
                if (failures == 0) {
                    firstFailure = System.nanoTime();
                }
                rollbackAndClose();
                boolean transientError = dialect.isTransient(e);
                if (!transientError || failures >= execution.maxRetries()) {
                    throw new JdbcSinkException("cannot " + what + " in " + dialect.name() + " at " + connection + ": "
                            + describe(e) + (transientError ? " (a transient error; gave up after " + failures + " retries)"
                                    : ""), e);
                }
                retries++;
                try {
                    sleeper.sleep(execution.backoffMillis(failures + 1));
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new JdbcSinkException("interrupted while waiting to retry: cannot " + what, e);
                }
            }
        }
    }

    private static String describe(SQLException e) {
        String state = e.getSQLState() == null ? "" : " [SQL state " + e.getSQLState() + "]";
        SQLException next = e.getNextException();
        return e.getMessage() + state + (next != null && next != e ? "; " + next.getMessage() : "");
    }

    private Connection connection() throws SQLException {
        if (conn == null) {
            conn = connection.connect();
            conn.setAutoCommit(false);
        }
        return conn;
    }

    private void rollbackAndClose() {
        if (conn != null) {
            try {
                conn.rollback();
            } catch (SQLException ignored) {
                // the connection is being dropped anyway
            }
        }
        closeConnection();
    }

    private void closeConnection() {
        for (AutoCloseable c : new AutoCloseable[] {upsert, delete, conn}) {
            if (c != null) {
                try {
                    c.close();
                } catch (Exception ignored) {
                    // closing a broken connection may fail; nothing is pending on it
                }
            }
        }
        upsert = null;
        delete = null;
        conn = null;
    }

    // ------------------------------------------------------------------ values

    private Object convert(JdbcColumn<T> c, Object v) {
        if (v == null) {
            return null;
        }
        try {
            switch (c.type()) {
                case BIGINT:
                    return v instanceof Number ? ((Number) v).longValue() : Long.parseLong(v.toString());
                case INTEGER:
                    return v instanceof Number ? ((Number) v).intValue() : Integer.parseInt(v.toString());
                case NUMERIC:
                    if (v instanceof BigDecimal) {
                        return v;
                    }
                    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
                        return BigDecimal.valueOf(((Number) v).longValue());
                    }
                    if (v instanceof BigInteger) {
                        return new BigDecimal((BigInteger) v);
                    }
                    return new BigDecimal(v.toString());
                case DOUBLE:
                    return v instanceof Number ? ((Number) v).doubleValue() : Double.parseDouble(v.toString());
                case BOOLEAN:
                    return v instanceof Boolean ? v : Boolean.parseBoolean(v.toString());
                case TEXT:
                default:
                    return v.toString();
            }
        } catch (NumberFormatException e) {
            throw new JdbcSinkException("table " + table.name() + ": column " + c.name() + " is " + c.type() + ", but the value is '"
                    + v + "'", e);
        }
    }

    private static void bind(PreparedStatement s, int index, JdbcColumn<?> c, Object v) throws SQLException {
        if (v == null) {
            s.setNull(index, c.type().jdbcType());
        } else if (c.type() == SqlType.TEXT) {
            s.setString(index, (String) v);
        } else {
            s.setObject(index, v);
        }
    }

    // ------------------------------------------------------------------ schema

    private boolean exists(Connection c) {
        try (Statement s = c.createStatement()) {
            s.executeQuery("SELECT * FROM " + dialect.tableName(table) + " WHERE 1 = 0").close();
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    private void checkSchema(Connection c) throws SQLException {
        Map<String, Integer> types = new HashMap<>();
        Map<String, String> typeNames = new HashMap<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT * FROM " + dialect.tableName(table) + " WHERE 1 = 0")) {
            ResultSetMetaData md = rs.getMetaData();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                types.put(md.getColumnName(i), md.getColumnType(i));
                typeNames.put(md.getColumnName(i), md.getColumnTypeName(i));
            }
        }
        List<String> problems = new ArrayList<>();
        for (JdbcColumn<T> col : columns) {
            Integer t = types.get(col.name());
            if (t == null) {
                problems.add("missing column " + dialect.quote(col.name()) + " (" + dialect.typeName(col.type()) + ")");
            } else if (!col.type().accepts(t)) {
                problems.add("column " + dialect.quote(col.name()) + " is " + typeNames.get(col.name()) + ", expected "
                        + dialect.typeName(col.type()));
            }
        }
        Set<String> keys = new TreeSet<>(JdbcDialect.names(table.keyColumns()));
        List<Set<String>> unique = uniqueKeys(c);
        if (!unique.contains(keys)) {
            problems.add("rows are upserted by (" + String.join(", ", keys) + "), but the table "
                    + (unique.isEmpty() ? "has no primary key" : "is keyed by " + unique));
        }
        if (!problems.isEmpty()) {
            throw new SchemaMismatchException("table " + table.name() + " in " + dialect.name() + " at " + connection
                    + " does not match the rows to write: " + String.join("; ", problems) + ". The layout expected:\n"
                    + dialect.createTable(table) + "\nDrop or rename the existing table, or write to another one.", problems);
        }
    }

    /** The column sets of the table's primary key and unique indexes. */
    private List<Set<String>> uniqueKeys(Connection c) throws SQLException {
        String[] name = JdbcDialect.splitName(table.name());
        String schema = name[0] != null ? name[0] : c.getSchema();
        DatabaseMetaData md = c.getMetaData();
        List<Set<String>> keys = new ArrayList<>();
        Set<String> pk = new TreeSet<>();
        try (ResultSet rs = md.getPrimaryKeys(c.getCatalog(), schema, name[1])) {
            while (rs.next()) {
                pk.add(rs.getString("COLUMN_NAME"));
            }
        }
        if (!pk.isEmpty()) {
            keys.add(pk);
        }
        Map<String, Set<String>> indexes = new LinkedHashMap<>();
        try (ResultSet rs = md.getIndexInfo(c.getCatalog(), schema, name[1], true, false)) {
            while (rs.next()) {
                String index = rs.getString("INDEX_NAME");
                String column = rs.getString("COLUMN_NAME");
                if (index != null && column != null) {
                    indexes.computeIfAbsent(index, k -> new TreeSet<>()).add(column);
                }
            }
        }
        for (Set<String> s : indexes.values()) {
            if (!keys.contains(s)) {
                keys.add(s);
            }
        }
        return keys;
    }

    @Override
    public String toString() {
        return "JdbcWriter[" + table.name() + " at " + connection + ", " + Arrays.toString(keyIndexes) + "]";
    }
}
