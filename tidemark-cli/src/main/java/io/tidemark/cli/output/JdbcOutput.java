package io.tidemark.cli.output;

import io.tidemark.cli.data.OutputRecord;
import io.tidemark.cli.spi.Output;
import io.tidemark.connector.jdbc.JdbcExecutionOptions;
import io.tidemark.connector.jdbc.JdbcSinkException;
import io.tidemark.connector.jdbc.JdbcTable;
import io.tidemark.connector.jdbc.JdbcWriter;
import io.tidemark.connector.jdbc.Sleeper;
import java.io.IOException;
import java.time.Duration;

/**
 * A {@code type: jdbc} output: records upserted into a table through a {@link JdbcWriter} (batches of
 * 500 rows in one transaction, and at each {@link #flush}; transient errors retried with backoff).
 *
 * <p>Unlike a file, a table is not put back as it was when a run fails: the rows committed before the
 * failure stay. They are upserts by key, so running the job again overwrites them with the same or
 * newer values, and a table never holds a row twice.
 */
final class JdbcOutput implements Output {

    private static final JdbcExecutionOptions EXECUTION = JdbcExecutionOptions.builder()
            .withBatchInterval(Duration.ZERO) // the command flushes every output at least once a second
            .build();

    /** How the writer waits before a retry: the thread sleeps; a test acts at the moment of a retry instead. */
    static volatile Sleeper sleeper = Sleeper.THREAD;

    private final JdbcOutputType.Spec spec;
    private final JdbcWriter<OutputRecord> writer;

    JdbcOutput(JdbcOutputType.Spec spec, JdbcTable<OutputRecord> table) {
        this.spec = spec;
        this.writer = new JdbcWriter<>(table, spec.connection(), EXECUTION, sleeper);
        writer.open();
    }

    @Override
    public void write(OutputRecord record) throws IOException {
        try {
            writer.write(record, null);
        } catch (JdbcSinkException e) {
            throw failure(e);
        } catch (Exception e) {
            throw new IOException(spec.output() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            writer.flush();
        } catch (JdbcSinkException e) {
            throw failure(e);
        }
    }

    /** {@link #flush}, and what was committed made durable before it returns ({@link JdbcWriter#flushDurably}). */
    void flushDurably() throws IOException {
        try {
            writer.flushDurably();
        } catch (JdbcSinkException e) {
            throw failure(e);
        }
    }

    private IOException failure(JdbcSinkException e) {
        return new IOException(spec.output() + " (" + spec.describe() + "): " + e.getMessage(), e);
    }

    @Override
    public void commit() throws IOException {
        try {
            flush();
        } finally {
            writer.close();
        }
    }

    @Override
    public String abort() {
        writer.close();
        return null;
    }

    /** The transient database errors retried, and how long the writes they held up waited. */
    @Override
    public String note() {
        long retries = writer.retries();
        if (retries == 0) {
            return null;
        }
        return retries + (retries == 1 ? " transient database error" : " transient database errors") + " retried: the writes went "
                + "through after waiting " + String.format(java.util.Locale.ROOT, "%.1f s", writer.retriedMillis() / 1000.0)
                + " in all (" + spec.describe() + ")";
    }
}
