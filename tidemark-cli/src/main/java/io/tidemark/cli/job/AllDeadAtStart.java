package io.tidemark.cli.job;

import io.tidemark.cli.data.DeadLetter;
import java.io.IOException;

/**
 * Stops a run whose first {@value #RECORDS} records are all dead letters for one reason: the job file
 * does not fit the input (a field name misspelt, the wrong format or unit), and reading on would only
 * turn the rest into dead letters too, then replace the previous run's outputs with empty ones. The
 * run fails instead (exit code 1): its outputs are put back as they were before it.
 *
 * <p>Judged once, on the first records: one record that passes the line checks, or a second reason,
 * and it never stops the run. A CSV input's header is checked before the run ({@link CsvColumns}); this
 * covers JSON lines, whose fields are known only from the records. Bound: three fields.
 */
final class AllDeadAtStart {

    /** How many records, all dead letters for one reason, stop the run. */
    static final int RECORDS = 1000;

    private String reason;
    private long count;
    private boolean judged;

    /** A record passed the line checks: the job fits the input. */
    void passed() {
        judged = true;
    }

    /** A record is the dead letter {@code d}; throws once the first {@value #RECORDS} records all were, for one reason. */
    void dead(DeadLetter d) throws IOException {
        if (judged) {
            return;
        }
        if (reason == null) {
            reason = d.reason();
        } else if (!reason.equals(d.reason())) {
            judged = true;
            return;
        }
        if (++count == RECORDS) {
            judged = true;
            throw new IOException("the first " + RECORDS + " records are all dead letters, each for the same reason: " + reason
                    + " (line " + d.line() + ": " + d.detail() + "). The job file does not fit the input: check its field names, "
                    + "format and unit. Stopped without reading on");
        }
    }
}
