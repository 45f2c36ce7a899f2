package io.tidemark.cli.source;

import io.tidemark.cli.spi.Line;
import io.tidemark.cli.spi.LineInput;
import java.io.IOException;
import java.io.InputStream;

/**
 * Lines of a byte stream: a line ends at {@code \n}; a {@code \r} right before it is dropped (so
 * {@code \r\n} files read the same), any other {@code \r} stays in the line. A UTF-8 byte-order mark at
 * the start of the stream is skipped. The last line needs no {@code \n}. A line longer than
 * {@code maxLength} bytes is cut (the rest is read and dropped; {@link Line#fullLength} says how long it
 * was). Bytes are not decoded here.
 */
class ByteLines implements LineInput {

    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private final InputStream in;
    private final String name;
    private final int maxLength;
    private final byte[] buf = new byte[1 << 16];
    private int pos;
    private int limit;
    private boolean started;
    private boolean ended;
    private long position;

    ByteLines(InputStream in, String name, int maxLength) {
        this(in, name, maxLength, 0);
    }

    /** Lines of {@code in}, which starts at byte {@code at} of the input (past any byte-order mark when not 0). */
    ByteLines(InputStream in, String name, int maxLength, long at) {
        this.in = in;
        this.name = name;
        this.maxLength = maxLength;
        this.position = at;
        this.started = at > 0;
    }

    @Override
    public boolean next(Line line) throws IOException {
        if (!started) {
            started = true;
            skipByteOrderMark();
        }
        line.clear();
        boolean any = false;
        while (true) {
            if (pos == limit && !fill()) {
                if (any) {
                    line.stripCarriageReturn();
                }
                return any;
            }
            any = true;
            int nl = indexOf(buf, pos, limit);
            if (nl >= 0) {
                line.append(buf, pos, nl - pos, maxLength);
                position += nl + 1 - pos;
                pos = nl + 1;
                line.stripCarriageReturn();
                return true;
            }
            line.append(buf, pos, limit - pos, maxLength);
            position += limit - pos;
            pos = limit;
        }
    }

    private void skipByteOrderMark() throws IOException {
        while (limit - pos < BOM.length) {
            int n = in.read(buf, limit, buf.length - limit);
            if (n < 0) {
                ended = true;
                break;
            }
            limit += n;
        }
        if (limit - pos >= BOM.length && buf[pos] == BOM[0] && buf[pos + 1] == BOM[1] && buf[pos + 2] == BOM[2]) {
            pos += BOM.length;
            position += BOM.length;
        }
    }

    /** Reads more bytes; false at the end of the stream. */
    private boolean fill() throws IOException {
        if (ended) {
            return false;
        }
        int n = in.read(buf, 0, buf.length);
        if (n < 0) {
            ended = true;
            return false;
        }
        pos = 0;
        limit = n;
        return true;
    }

    private static int indexOf(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public long position() {
        return position;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
