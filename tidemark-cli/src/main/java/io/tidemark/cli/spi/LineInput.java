package io.tidemark.cli.spi;

import java.io.Closeable;
import java.io.IOException;

/**
 * Where a source's lines come from, opened in the job's source task. Implementations return lines as
 * bytes (no decoding: the source decodes UTF-8 and dead-letters what is not), in input order.
 */
public interface LineInput extends Closeable {

    /**
     * Reads the next line into {@code line}; false at the end of the input. A read that blocks (a
     * socket) returns when a line is complete, the input ends, or {@link #close} is called from
     * another thread (then it may throw).
     */
    boolean next(Line line) throws IOException;

    /** How dead letters name the input: the file's path, {@code socket:HOST:PORT}, {@code generator}. */
    String name();

    /** Bytes read so far, for the progress bar (0 when unknown). */
    default long position() {
        return 0;
    }

    /** Why the input ended, when it was not the natural end (a read timeout), else null. */
    default String endReason() {
        return null;
    }
}
