package io.tidemark.cli.job;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** One output (a file or standard out) that several writers share; lines are written whole. */
public final class OutputChannel implements AutoCloseable {

    private final Writer writer;
    private final PrintStream stdout;
    private final String name;
    private long lines;

    private OutputChannel(Writer writer, PrintStream stdout, String name) {
        this.writer = writer;
        this.stdout = stdout;
        this.name = name;
    }

    /** A new (or truncated) UTF-8 file; parent folders are created. */
    public static OutputChannel file(Path path) throws IOException {
        Path parent = path.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        return new OutputChannel(new BufferedWriter(Files.newBufferedWriter(path, StandardCharsets.UTF_8), 1 << 16), null,
                path.toString());
    }

    public static OutputChannel stdout(PrintStream out) {
        return new OutputChannel(null, out, "stdout");
    }

    public synchronized void writeLine(String line) {
        lines++;
        if (stdout != null) {
            stdout.println(line);
            return;
        }
        try {
            writer.write(line);
            writer.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write to " + name + ": " + e.getMessage(), e);
        }
    }

    public synchronized long lines() {
        return lines;
    }

    public boolean isStdout() {
        return stdout != null;
    }

    @Override
    public synchronized void close() throws IOException {
        if (writer != null) {
            writer.close();
        } else {
            stdout.flush();
        }
    }
}
