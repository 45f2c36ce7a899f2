package io.tidemark.connector.jdbc;

import io.tidemark.api.common.functions.OpenContext;
import io.tidemark.runtime.state.FunctionInitializationContext;
import io.tidemark.runtime.state.FunctionSnapshotContext;
import io.tidemark.streaming.api.checkpoint.CheckpointedFunction;
import io.tidemark.streaming.api.functions.sink.RichSinkFunction;
import java.util.Objects;

/**
 * Upserts records into a database table by its key (the spirit of Flink's {@code JdbcSink}, with the
 * statement made from a {@link JdbcTable}): a record whose key is already in the table overwrites its
 * row, so a window's later firings leave one row holding the last one, and rows a record replaces (a
 * merged session's absorbed sessions) are deleted in the same transaction.
 *
 * <pre>{@code
 * results.addSink(JdbcSink.<OrderStat>builder()
 *         .table(table)                                   // a JdbcTable: columns, key
 *         .connection(new JdbcConnectionOptions("jdbc:postgresql://db:5432/shop", "tidemark", secret))
 *         .execution(JdbcExecutionOptions.builder().withBatchSize(1000).build())
 *         .build());
 * }</pre>
 *
 * <p>On open each parallel instance connects, creates the table when absent ({@link JdbcTable#ddl}) and
 * fails with a {@link SchemaMismatchException} when an existing table cannot hold the rows. Rows are
 * written in batches, in transactions, retried on transient errors ({@link JdbcExecutionOptions});
 * buffered rows are written at each checkpoint and when the input ends. Delivery is at-least-once, and
 * the results are exactly those of one delivery because every write is an idempotent upsert or
 * delete: a job restored from a checkpoint writes again what came after it, onto the same rows. On
 * the Flink runner the same sink runs as a Flink {@code Sink} (flushed at each checkpoint and at the
 * end).
 */
public final class JdbcSink<T> extends RichSinkFunction<T> implements CheckpointedFunction {

    private static final long serialVersionUID = 1L;

    private final JdbcTable<T> table;
    private final JdbcConnectionOptions connection;
    private final JdbcExecutionOptions execution;
    private final Sleeper sleeper;

    private transient JdbcWriter<T> writer;
    private transient IntervalFlusher flusher;

    private JdbcSink(Builder<T> b) {
        this.table = Objects.requireNonNull(b.table, "table");
        this.connection = Objects.requireNonNull(b.connection, "connection");
        this.execution = b.execution;
        this.sleeper = b.sleeper;
        connection.dialect(); // an unsupported URL fails when the pipeline is built
    }

    public static <T> Builder<T> builder() {
        return new Builder<>();
    }

    public JdbcTable<T> table() {
        return table;
    }

    public JdbcConnectionOptions connectionOptions() {
        return connection;
    }

    public JdbcExecutionOptions executionOptions() {
        return execution;
    }

    /** A new writer for this sink's table (each engine's instance makes its own). */
    public JdbcWriter<T> newWriter() {
        return new JdbcWriter<>(table, connection, execution, sleeper);
    }

    /** The statement that creates the table ({@code CREATE TABLE IF NOT EXISTS}). */
    public String ddl() {
        return table.ddl(connection.dialect());
    }

    @Override
    public void open(OpenContext openContext) {
        writer = newWriter();
        writer.open();
        flusher = IntervalFlusher.start(writer, execution, table.name());
    }

    @Override
    public void invoke(T value, Context context) throws Exception {
        if (flusher != null) {
            flusher.check();
        }
        writer.write(value, context);
    }

    @Override
    public void finish() {
        if (flusher != null) {
            flusher.check();
        }
        writer.flush();
    }

    /**
     * At a checkpoint: every row buffered so far is written (committed, and durable: see
     * {@link JdbcWriter#flushDurably}) before the checkpoint completes.
     */
    @Override
    public void snapshotState(FunctionSnapshotContext context) {
        if (flusher != null) {
            flusher.check();
        }
        writer.flushDurably();
    }

    /** Nothing to restore: the table holds what was written, and replayed rows overwrite themselves. */
    @Override
    public void initializeState(FunctionInitializationContext context) {}

    @Override
    public void close() {
        if (flusher != null) {
            flusher.close();
        }
        if (writer != null) {
            writer.close();
        }
    }

    /** The writer of this instance while it runs (for metrics and tests), or null. */
    public JdbcWriter<T> writer() {
        return writer;
    }

    /** Builds a {@link JdbcSink}: a table and a connection are required. */
    public static final class Builder<T> {
        private JdbcTable<T> table;
        private JdbcConnectionOptions connection;
        private JdbcExecutionOptions execution = JdbcExecutionOptions.defaults();
        private Sleeper sleeper = Sleeper.THREAD;

        private Builder() {}

        public Builder<T> table(JdbcTable<T> table) {
            this.table = table;
            return this;
        }

        public Builder<T> connection(JdbcConnectionOptions connection) {
            this.connection = connection;
            return this;
        }

        public Builder<T> execution(JdbcExecutionOptions execution) {
            this.execution = Objects.requireNonNull(execution);
            return this;
        }

        /** How to wait between retries (default {@link Sleeper#THREAD}). */
        public Builder<T> sleeper(Sleeper sleeper) {
            this.sleeper = Objects.requireNonNull(sleeper);
            return this;
        }

        public JdbcSink<T> build() {
            return new JdbcSink<>(this);
        }
    }
}
