package io.tidemark.cli.output;

import java.io.IOException;

/** Where an output's bytes go: a file or standard out. Writes are whole lines. */
interface Destination {

    void write(byte[] bytes, int off, int len) throws IOException;

    void flush() throws IOException;

    /** The run ended well. */
    void commit() throws IOException;

    /** The run failed: put back what was there; returns where the failed run's lines are, or null. Never throws. */
    String abort();

    /** For messages: {@code /out/results.jsonl}, {@code standard out}. */
    String describe();
}
