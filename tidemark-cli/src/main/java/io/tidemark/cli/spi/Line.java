package io.tidemark.cli.spi;

import java.util.Arrays;

/**
 * One line of input as bytes, filled by {@link LineInput#next} and re-used for the next line. The
 * bytes exclude the line terminator. A line longer than the source's limit is {@link #cut() cut}: only
 * its first {@code limit} bytes are kept, and {@link #fullLength()} tells how long it was.
 */
public final class Line {

    private byte[] bytes = new byte[256];
    private int length;
    private long fullLength;

    public byte[] bytes() {
        return bytes;
    }

    public int length() {
        return length;
    }

    /** The line's length in bytes before any cut. */
    public long fullLength() {
        return fullLength;
    }

    public boolean cut() {
        return fullLength > length;
    }

    /** Starts a new line. */
    public void clear() {
        length = 0;
        fullLength = 0;
    }

    /** Appends {@code n} bytes of {@code src} from {@code from}, keeping at most {@code limit} in all. */
    public void append(byte[] src, int from, int n, int limit) {
        fullLength += n;
        int keep = Math.min(n, limit - length);
        if (keep <= 0) {
            return;
        }
        if (length + keep > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(length + keep, Math.min(limit, bytes.length * 2)));
        }
        System.arraycopy(src, from, bytes, length, keep);
        length += keep;
    }

    /** Sets the line to {@code src} (cut at {@code limit}). */
    public void set(byte[] src, int limit) {
        clear();
        append(src, 0, src.length, limit);
    }

    /** Drops a trailing carriage return (a {@code \r\n} line end), if the line was not cut. */
    public void stripCarriageReturn() {
        if (!cut() && length > 0 && bytes[length - 1] == '\r') {
            length--;
            fullLength--;
        }
    }
}
