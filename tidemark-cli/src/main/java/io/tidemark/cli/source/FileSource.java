package io.tidemark.cli.source;

import io.tidemark.cli.config.ConfigException;
import io.tidemark.cli.config.Key;
import io.tidemark.cli.config.Settings;
import io.tidemark.cli.config.SourceType;
import io.tidemark.cli.config.Types;
import io.tidemark.cli.spi.LineInput;
import io.tidemark.cli.spi.SourceSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** {@code source.type: file}: a file read line by line. */
public final class FileSource implements SourceType {

    static final Key<String> PATH = Key.of("source.path", Types.path())
            .required("the input file (relative paths resolve against the job file's folder)")
            .doc("The input file, read line by line (see [Lines](#lines)).");

    @Override
    public String name() {
        return "file";
    }

    @Override
    public String doc() {
        return "a file, read once from start to end (or a FIFO, read to its end; not with `checkpoint:`).";
    }

    @Override
    public List<Key<?>> keys() {
        return List.of(PATH);
    }

    @Override
    public SourceSpec spec(Settings s, Path jobDir) {
        Path path = jobDir.resolve(s.get(PATH)).normalize();
        if (Files.isDirectory(path)) {
            throw new ConfigException(PATH.path(), "is a folder, not a file: " + path);
        }
        if (!Files.exists(path)) {
            throw new ConfigException(PATH.path(), "file not found: " + path);
        }
        String kind = Files.isRegularFile(path) ? null : kind(path);
        if (kind != null && !kind.equals(FIFO)) {
            throw new ConfigException(PATH.path(), "is not a regular file but " + kind + ": " + path
                    + " (a file source reads a file, or a FIFO)");
        }
        if (!Files.isReadable(path)) {
            throw new ConfigException(PATH.path(), "file not readable: " + path);
        }
        return new Spec(path.toString(), kind != null);
    }

    private static final String FIFO = "a FIFO";

    /** What a file that is not a regular one is, from its type bits (Linux and macOS), for messages. */
    private static String kind(Path path) {
        try {
            int type = (Integer) Files.getAttribute(path, "unix:mode") & 0170000;
            return switch (type) {
                case 0010000 -> FIFO;
                case 0020000 -> "a character device";
                case 0060000 -> "a block device";
                case 0140000 -> "a socket";
                default -> "a special file";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return "a special file";
        }
    }

    /**
     * The input's absolute path, and whether it is a FIFO (named pipe): a stream, read from its start to its
     * end (its writer closing it), which cannot be read again from a position (no resume, so no
     * {@code checkpoint:}) and has no size (no progress bar).
     */
    record Spec(String path, boolean fifo) implements SourceSpec {

        private static final long serialVersionUID = 1L;

        @Override
        public String type() {
            return "file";
        }

        @Override
        public String describe() {
            return (fifo ? "FIFO " : "file ") + path;
        }

        /** The file, for the progress bar and the outputs' checks; none for a FIFO. */
        @Override
        public String file() {
            return fifo ? null : path;
        }

        @Override
        public boolean resumable() {
            return !fifo;
        }

        @Override
        public LineInput open(int maxLineLength) throws IOException {
            return new ByteLines(Files.newInputStream(Path.of(path)), path, maxLineLength);
        }

        /** Seeks to byte {@code bytes}; the file must still be at least that long (a replaced or truncated file is not resumed). */
        @Override
        public LineInput open(int maxLineLength, long lines, long bytes) throws IOException {
            java.nio.channels.SeekableByteChannel ch = Files.newByteChannel(Path.of(path));
            if (ch.size() < bytes) {
                long size = ch.size();
                ch.close();
                throw new IOException(path + " has " + size + " bytes, fewer than the " + bytes
                        + " the checkpoint had read: the file was replaced or truncated (run with --fresh to start over)");
            }
            ch.position(bytes);
            return new ByteLines(java.nio.channels.Channels.newInputStream(ch), path, maxLineLength, bytes);
        }
    }
}
