package io.tidemark.cli;

import io.tidemark.cli.output.OutputFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * A device with {@code free} bytes left for the output files under {@code folder}, as a small file
 * system filled by something else: a write that does not fit writes what fits, then fails with
 * "No space left on device", as the operating system's does. Installed with {@link #install}, removed
 * with {@link #close} (the space is freed).
 */
final class FullDevice implements OutputFiles.Writes, AutoCloseable {

    private final Path folder;
    private long free;

    private FullDevice(Path folder, long free) {
        this.folder = folder.toAbsolutePath().normalize();
        this.free = free;
    }

    static FullDevice install(Path folder, long free) {
        FullDevice d = new FullDevice(folder, free);
        OutputFiles.replaceWrites(d);
        return d;
    }

    @Override
    public synchronized void write(Path file, FileChannel channel, ByteBuffer bytes) throws IOException {
        if (!file.toAbsolutePath().normalize().startsWith(folder)) {
            OutputFiles.DEFAULT.write(file, channel, bytes);
            return;
        }
        int fits = (int) Math.min(free, bytes.remaining());
        ByteBuffer part = bytes.slice().limit(fits);
        OutputFiles.DEFAULT.write(file, channel, part);
        free -= fits;
        bytes.position(bytes.position() + fits);
        if (bytes.hasRemaining()) {
            throw new IOException("No space left on device");
        }
    }

    @Override
    public void close() {
        OutputFiles.replaceWrites(null);
    }
}
