package io.tidemark.cli.spi;

import io.tidemark.cli.data.OutputRecord;
import java.io.IOException;

/**
 * An output that commits with the job's checkpoints (a job file with {@code checkpoint:}): each of the
 * job's functions that feeds it (a <i>link</i>, named {@code results-0}, {@code source-0}, …) stages its
 * records apart; at a checkpoint's barrier the link's staged bytes so far are its committable, recorded
 * in the checkpoint; when the checkpoint completes they are committed — made part of the output.
 * Records staged after the last completed checkpoint never become part of it: a restore discards them.
 *
 * <p>Life cycle: {@link OutputSpec#staged} (before the job starts), {@link #stage} per link as it links,
 * {@link #commit} per completed checkpoint and link (idempotent: committing again what was committed
 * changes nothing), {@link #finish} when the job ended well, then {@link #close}.
 */
public interface StagedOutput {

    /**
     * Starts staging the records of {@code link}. {@code restored} is the link's committable in the
     * checkpoint the job restored from (committed first, in case the crash came between the checkpoint's
     * completion and its commit; what was staged after it is discarded), or -1 when the link starts fresh.
     */
    Stage stage(String link, long restored) throws IOException;

    /**
     * Makes {@code link}'s staged bytes up to {@code offset} (a committable) part of the output; idempotent.
     * Returns whether anything was delivered (false: it was committed already).
     */
    boolean commit(String link, long offset) throws IOException;

    /**
     * The job ended well: makes the output final (a file that committed no line gets its header) and
     * proves it complete. Fails, naming the output, unless its durable commit record holds every link's
     * records up to the committable of its last barrier ({@code finals}: link to committable, -1 for a
     * link that had none), nothing was staged after what was committed, and the output is still the
     * one committed to. Before {@link #close}{@code (true)}.
     */
    void finish(java.util.Map<String, Long> finals) throws IOException;

    /**
     * The run is over: {@code ended} when the job ended well (a header is written if nothing was, what
     * was kept aside from before is dropped); otherwise what was committed stays, for the next run to
     * resume. Never throws.
     */
    void close(boolean ended);

    /** For messages: {@code /out/results.jsonl}. */
    String describe();

    /** What the run's summary says about this output beyond its records, or null ({@link Output#note}). */
    default String note() {
        return null;
    }

    /** One link's staged records. Called from one thread. */
    interface Stage {
        void write(OutputRecord record) throws IOException;

        /** Writes out (durably) what was staged so far; returns the committable: the staged bytes' length. */
        long barrier() throws IOException;

        /** Closes, keeping what was staged (never throws). */
        void close();
    }
}
