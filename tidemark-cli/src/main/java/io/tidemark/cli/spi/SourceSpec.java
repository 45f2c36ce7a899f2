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

    /** The absolute path of the file it reads, or null: outputs may not be it, the progress bar measures it. */
    default String file() {
        return null;
    }

    /** Whether the data is live, so that the wall clock is the data's clock (a socket), for the time guard. */
    default boolean live() {
        return false;
    }
}
