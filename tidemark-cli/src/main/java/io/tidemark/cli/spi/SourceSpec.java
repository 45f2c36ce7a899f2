package io.tidemark.cli.spi;

import java.io.IOException;
import java.io.Serializable;

/**
 * A source type's checked settings, as the job's source task needs them. Serializable: the engine
 * may ship it to another JVM (a Flink TaskManager) and open it there.
 */
public interface SourceSpec extends Serializable {

    /** The value of {@code source.type}. */
    String type();

    /** One line for {@code validate} and the docs, e.g. {@code file /data/orders.jsonl}. */
    String describe();

    /**
     * Opens the input; called once per run, in the source task. Lines longer than
     * {@code maxLineLength} bytes are cut (see {@link Line}).
     */
    LineInput open(int maxLineLength) throws IOException;

    /**
     * Opens the input where an earlier run of the job stopped: after its first {@code lines} lines,
     * which end at byte {@code bytes} (a checkpoint's position). By default the input is opened and
     * those lines read again and dropped (a deterministic input gives them again); a file seeks.
     */
    default LineInput open(int maxLineLength, long lines, long bytes) throws IOException {
        LineInput in = open(maxLineLength);
        Line skip = new Line();
        for (long i = 0; i < lines; i++) {
            if (!in.next(skip)) {
                in.close();
                throw new IOException(describe() + " ended after " + i + " lines; the checkpoint resumes after line " + lines);
            }
        }
        return in;
    }

    /**
     * Whether the input can be read again from a position (a file, the generator), so that a run can
     * resume from a checkpoint; a socket cannot.
     */
    default boolean resumable() {
        return true;
    }

    /** The absolute path of the file it reads, or null: outputs may not be it, the progress bar measures it. */
    default String file() {
        return null;
    }

    /** Whether the data is live, so that the wall clock is the data's clock (a socket), for the time guard. */
    default boolean live() {
        return false;
    }
}
