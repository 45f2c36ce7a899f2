package io.tidemark.cli.output;

import io.tidemark.cli.data.OutputRecord;
import io.tidemark.cli.spi.Output;
import io.tidemark.cli.spi.OutputContext;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * An output of lines in a {@link LineFormat}. Lines gather in a buffer and reach the destination
 * whole, when the buffer passes 64 KiB and at every {@link #flush}; so the destination only ever holds
 * complete lines. A CSV output starts with its header; a late output of CSV records starts with the
 * input's header, so that it can be read back as input.
 */
final class LineOutput implements Output {

    private static final int LIMIT = 1 << 16;

    private final LineFormat format;
    private final OutputContext context;
    private final Destination destination;
    private final String name;
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(LIMIT + 1024);
    private boolean headerDone;

    LineOutput(LineFormat format, OutputContext context, Destination destination, String name) throws IOException {
        this(format, context, destination, name, true);
    }

    /** Without {@code headers}, only records are written (a staged part of an output whose header is written once, apart). */
    LineOutput(LineFormat format, OutputContext context, Destination destination, String name, boolean headers) throws IOException {
        this.format = format;
        this.context = context;
        this.destination = destination;
        this.name = name;
        this.headerDone = !headers;
        if (headers && context.role() != OutputContext.Role.LATE) {
            header();
        }
    }

    /** The header line of an output in {@code format} for {@code context} (the input's, for late records in CSV), or null. */
    static String headerOf(LineFormat format, OutputContext context) {
        return context.role() == OutputContext.Role.LATE
                ? (format == LineFormat.CSV ? context.inputHeader().get() : null)
                : format.header(context);
    }

    private void header() throws IOException {
        headerDone = true;
        String h = headerOf(format, context);
        if (h != null) {
            append(h);
            flush();
        }
    }

    @Override
    public void write(OutputRecord record) throws IOException {
        if (!headerDone) {
            header();
        }
        append(format.line(record, context));
        if (buffer.size() >= LIMIT) {
            drain();
        }
    }

    private void append(String line) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        buffer.write(b, 0, b.length);
        buffer.write('\n');
    }

    private void drain() throws IOException {
        if (buffer.size() == 0) {
            return;
        }
        try {
            destination.write(buffer.toByteArray(), 0, buffer.size());
        } catch (IOException e) {
            throw failure(e);
        } finally {
            buffer.reset();
        }
    }

    @Override
    public void flush() throws IOException {
        drain();
        try {
            destination.flush();
        } catch (IOException e) {
            throw failure(e);
        }
    }

    @Override
    public void commit() throws IOException {
        if (!headerDone) {
            header();
        }
        flush();
        try {
            destination.commit();
        } catch (IOException e) {
            throw failure(e);
        }
    }

    @Override
    public String abort() {
        try {
            drain();
        } catch (IOException ignored) {
            // failing already
        }
        return destination.abort();
    }

    private IOException failure(IOException e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return new IOException(name + ": cannot write " + destination.describe() + ": " + m, e);
    }
}
