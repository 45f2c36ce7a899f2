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
        return kind == null ? new Spec(path.toString()) : new Fifo(path.toString());
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
     * A FIFO (named pipe): a stream, read from its start to its end (its writer closing it). It cannot be
     * read again from a position, so a run cannot resume (no {@code checkpoint:}); it has no size for the
     * progress bar.
     */
    record Fifo(String path) implements SourceSpec {

        private static final long serialVersionUID = 1L;

        @Override
        public String type() {
            return "file";
        }

        @Override
        public String describe() {
            return "FIFO " + path;
        }

        @Override
        public LineInput open(int maxLineLength) throws IOException {
            return new ByteLines(Files.newInputStream(Path.of(path)), path, maxLineLength);
        }

        @Override
        public boolean resumable() {
            return false;
        }
    }

    /** The file's absolute path. */
    record Spec(String file) implements SourceSpec {

        private static final long serialVersionUID = 1L;

        @Override
        public String type() {
            return "file";
        }

        @Override
        public String describe() {
            return "file " + file;
        }

        @Override
        public LineInput open(int maxLineLength) throws IOException {
            return new ByteLines(Files.newInputStream(Path.of(file)), file, maxLineLength);
        }

        /** Seeks to byte {@code bytes}; the file must still be at least that long (a replaced or truncated file is not resumed). */
        @Override
        public LineInput open(int maxLineLength, long lines, long bytes) throws IOException {
            java.nio.channels.SeekableByteChannel ch = Files.newByteChannel(Path.of(file));
            if (ch.size() < bytes) {
                long size = ch.size();
                ch.close();
                throw new IOException(file + " has " + size + " bytes, fewer than the " + bytes
                        + " the checkpoint had read: the file was replaced or truncated (run with --fresh to start over)");
            }
            ch.position(bytes);
            return new ByteLines(java.nio.channels.Channels.newInputStream(ch), file, maxLineLength, bytes);
        }
    }
}
