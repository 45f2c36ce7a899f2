package io.tidemark.cli.spi;

import io.tidemark.cli.data.OutputRecord;
import java.io.IOException;

/**
 * One of the job's outputs, open in the command's process for the length of a run. The command calls
 * it from one thread at a time. Records are written whole: what reaches the destination at any moment
 * (after a {@link #flush}, a failure, a signal) is a sequence of complete records, never a part of one.
 *
 * <p>Life cycle: {@link OutputSpec#open} (before the job starts; an existing destination is kept aside,
 * not overwritten), {@link #write} and {@link #flush} (at least once a second), then {@link #commit}
 * (the run ended: what was kept aside is dropped) or {@link #abort} (the run failed: the destination is
 * as it was before the run, and the failed run's records are kept elsewhere, named by {@link #abort}).
 */
public interface Output {

    void write(OutputRecord record) throws IOException;

    /** Makes every record written so far reach the destination. */
    void flush() throws IOException;

    /** The run ended: flushes, closes, and drops what was kept aside from an earlier run. */
    void commit() throws IOException;

    /**
     * The run failed: closes, and puts back what the destination held before the run. Returns where
     * the failed run's records were kept (a path), or null. Never throws.
     */
    String abort();

    /**
     * What the run's summary says about this output beyond its records — such as database errors that
     * were retried, and how long the writes waited — or null for nothing.
     */
    default String note() {
        return null;
    }
}
