package io.tidemark.cli.output;

import java.io.IOException;
import java.io.PrintStream;

/** The command's standard out. A closed pipe ({@code | head}) is an error, never a silent loss. */
final class StdoutDestination implements Destination {

    private final PrintStream out;

    StdoutDestination(PrintStream out) {
        this.out = out;
    }

    @Override
    public void write(byte[] bytes, int off, int len) throws IOException {
        out.write(bytes, off, len);
        check();
    }

    @Override
    public void flush() throws IOException {
        out.flush();
        check();
    }

    private void check() throws IOException {
        if (out.checkError()) {
            throw new IOException("standard out cannot be written (closed by the reader?)");
        }
    }

    @Override
    public void commit() throws IOException {
        flush();
    }

    @Override
    public String abort() {
        out.flush();
        return null;
    }

    @Override
    public String describe() {
        return "standard out";
    }
}
