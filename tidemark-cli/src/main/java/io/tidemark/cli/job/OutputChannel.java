package io.tidemark.cli.job;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One output (a file or standard out) that several writers share; lines are written whole.
 *
 * <p>A file is opened (created or truncated, parent folders created) by {@link #open()} or on the
 * first line written, never when the channel is made: the run opens its files before the job starts,
 * and a run rebuilt on a remote Flink TaskManager opens them there, when its functions first write.
 */
public final class OutputChannel implements AutoCloseable {

    private final Path path;
    private final PrintStream stdout;
    private final String name;
    private final String header;
    private final boolean flushEachLine;
    private Writer writer;
    private boolean opened;
    private boolean closed;
    private long lines;

    private OutputChannel(Path path, PrintStream stdout, String name, String header, boolean flushEachLine) {
        this.path = path;
        this.stdout = stdout;
        this.name = name;
        this.header = header;
        this.flushEachLine = flushEachLine;
    }

    /**
     * A UTF-8 file, opened on {@link #open()} or first use; {@code header} (or null) is its first line;
     * with {@code flushEachLine} every line reaches the file at once (for runs nobody closes).
     */
    public static OutputChannel file(Path path, String header, boolean flushEachLine) {
        return new OutputChannel(path, null, path.toString(), header, flushEachLine);
    }

    /** A new (or truncated) UTF-8 file, opened now; parent folders are created. */
    public static OutputChannel file(Path path) throws IOException {
        OutputChannel c = file(path, null, false);
        c.open();
        return c;
    }

    public static OutputChannel stdout(PrintStream out) {
        return stdout(out, null);
    }

    /** Standard out; {@code header} (or null) is printed first, on {@link #open()} or first use. */
    public static OutputChannel stdout(PrintStream out, String header) {
        return new OutputChannel(null, out, "stdout", header, false);
    }

    /** Creates (or truncates) the file and writes the header, unless that happened already. */
    public synchronized void open() throws IOException {
        if (opened) {
            return;
        }
        if (closed) {
            throw new IOException(name + " is closed");
        }
        opened = true;
        if (stdout != null) {
            if (header != null) {
                stdout.println(header);
            }
            return;
        }
        Path parent = path.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        writer = new BufferedWriter(Files.newBufferedWriter(path, StandardCharsets.UTF_8), 1 << 16);
        if (header != null) {
            writer.write(header);
            writer.write('\n');
            if (flushEachLine) {
                writer.flush();
            }
        }
    }

    public synchronized void writeLine(String line) {
        lines++;
        try {
            open();
            if (stdout != null) {
                stdout.println(line);
                return;
            }
            writer.write(line);
            writer.write('\n');
            if (flushEachLine) {
                writer.flush();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write to " + name + ": " + e.getMessage(), e);
        }
    }

    /** Lines written through this channel (a header not included). */
    public synchronized long lines() {
        return lines;
    }

    public boolean isStdout() {
        return stdout != null;
    }

    @Override
    public synchronized void close() throws IOException {
        closed = true;
        if (writer != null) {
            writer.close();
        } else if (stdout != null) {
            stdout.flush();
        }
    }
}
