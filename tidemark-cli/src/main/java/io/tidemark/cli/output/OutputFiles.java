package io.tidemark.cli.output;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * How the command writes the bytes of its output files — committed lines, headers, lines written as
 * they come — and the seam through which tests make a device fill up. A write that fails may have
 * written part of its bytes, as a full disk does; its caller cuts the file back to where the write
 * began ({@link #writeWhole}), so that a reader only ever sees whole lines.
 */
public final class OutputFiles {

    /** Writes bytes to an output file. */
    public interface Writes {
        /** Writes every byte of {@code bytes} to {@code channel} (the file {@code file}) at its position, which advances. */
        void write(Path file, FileChannel channel, ByteBuffer bytes) throws IOException;
    }

    /** The operating system's writes. */
    public static final Writes DEFAULT = (file, channel, bytes) -> {
        while (bytes.hasRemaining()) {
            channel.write(bytes);
        }
    };

    private static volatile Writes writes = DEFAULT;

    private OutputFiles() {}

    /** Replaces how output files are written from now on; null puts the default back (tests only). */
    public static void replaceWrites(Writes replacement) {
        writes = replacement == null ? DEFAULT : replacement;
    }

    /**
     * Writes {@code bytes} (whole lines) to {@code channel} at its position, or nothing: a write that
     * fails part way (a full device) is cut back to where it began, and the failure thrown.
     */
    static void writeWhole(Path file, FileChannel channel, ByteBuffer bytes) throws IOException {
        long from = channel.position();
        try {
            writes.write(file, channel, bytes);
        } catch (IOException | RuntimeException e) {
            try {
                channel.truncate(from);
                channel.position(from);
            } catch (IOException cut) {
                e.addSuppressed(cut);
            }
            throw e;
        }
    }
}
