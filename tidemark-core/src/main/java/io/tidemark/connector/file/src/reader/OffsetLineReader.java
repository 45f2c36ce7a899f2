package io.tidemark.connector.file.src.reader;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;

/**
 * Reads lines as {@link TextLineInputFormat} does (terminated by {@code \n}, {@code \r\n} or {@code \r},
 * the terminator dropped, a last line without one returned) and knows the byte offset after the last
 * line it returned, so that a checkpoint can resume a file there by seeking instead of reading it
 * again. For charsets whose line terminators are the single bytes {@code \r} and {@code \n} (UTF-8,
 * ISO-8859-*, US-ASCII; not UTF-16).
 */
public final class OffsetLineReader implements Closeable {

    private final InputStream in;
    private final Charset charset;
    private final byte[] buf = new byte[1 << 16];
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
    private int pos;
    private int lim;
    private long offset;

    /** Reads from {@code in}, which starts at byte {@code offset} of its file. */
    public OffsetLineReader(InputStream in, Charset charset, long offset) {
        this.in = in;
        this.charset = charset;
        this.offset = offset;
    }

    /** Whether lines in {@code charset} end with the single-byte terminators this reader looks for. */
    public static boolean supports(Charset charset) {
        return charset.newEncoder().maxBytesPerChar() == 1 || charset.name().equals("UTF-8");
    }

    /** The byte offset in the file after the last line returned (and its terminator). */
    public long offset() {
        return offset;
    }

    /** The next line, or null at the end. */
    public String read() throws IOException {
        line.reset();
        boolean any = false;
        while (true) {
            if (pos == lim && !fill()) {
                return any ? text() : null;
            }
            any = true;
            int start = pos;
            while (pos < lim && buf[pos] != '\n' && buf[pos] != '\r') {
                pos++;
            }
            line.write(buf, start, pos - start);
            offset += pos - start;
            if (pos == lim) {
                continue;
            }
            byte terminator = buf[pos++];
            offset++;
            if (terminator == '\r' && (pos < lim || fill()) && buf[pos] == '\n') {
                pos++;
                offset++;
            }
            return text();
        }
    }

    private boolean fill() throws IOException {
        int n = in.read(buf, 0, buf.length);
        pos = 0;
        lim = Math.max(n, 0);
        return n > 0;
    }

    private String text() {
        return line.toString(charset);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
