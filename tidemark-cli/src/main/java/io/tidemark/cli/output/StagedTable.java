package io.tidemark.cli.output;

import io.tidemark.cli.data.OutputRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A table output under checkpoints: when a checkpoint completes, each link's rows staged before it are
 * upserted (by the row's natural key: window key and bounds; a merged session's absorbed rows deleted)
 * and committed (in transactions of up to 500 rows), then the link's new offset is recorded. A crash between the two
 * applies the same rows again on the next run — upserts and deletes by key applied again from an
 * earlier point end in the same rows — so the table ends as a fault-free run's; a reader may see a
 * row step back to an earlier value of the same checkpoint meanwhile, never a row that a fault-free run
 * would not have.
 */
final class StagedTable extends StagedRecords {

    private final JdbcOutputType.Spec spec;
    private final JdbcOutput table;

    StagedTable(JdbcOutputType.Spec spec, JdbcOutput table, Path dir, boolean fresh) throws IOException {
        super(dir, fresh, spec.output());
        this.spec = spec;
        this.table = table;
    }

    @Override
    void deliver(String link, long from, long to) throws IOException {
        for (OutputRecord r : records(link, from, to)) {
            table.write(r);
        }
        table.flushDurably(); // one transaction per batch of rows, the last at the flush; on disk before the offset is
        io.tidemark.runtime.checkpoint.CrashPoints.reach("table.committed");
        recordCommitted(link, to, List.of());
    }

    @Override
    public synchronized void close(boolean ended) {
        if (ended) {
            try {
                table.commit();
            } catch (IOException ignored) {
                // every delivery was flushed already
            }
            dropStaged();
        } else {
            table.abort();
        }
    }

    @Override
    public String describe() {
        return spec.describe();
    }

    @Override
    public String note() {
        return table.note();
    }
}
