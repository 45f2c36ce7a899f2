package io.tidemark.connector.file.src;

import io.tidemark.connector.file.src.reader.OffsetLineReader;
import io.tidemark.connector.file.src.reader.StreamFormat;
import io.tidemark.connector.file.src.reader.TextLineInputFormat;
import io.tidemark.core.fs.Path;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * Flink's file source for record formats ({@code FileSource.forRecordStreamFormat(new
 * TextLineInputFormat(), path).build()}), used with {@code env.fromSource(source, strategy, name)}: the
 * records of every file under the given paths (a directory is read recursively; names starting with
 * {@code .} or {@code _} are skipped, as Flink's default filter does). Each file is one split,
 * watermarked on its own, read in order by one subtask (files are spread over subtasks by the hash of
 * their path); a file ending in {@code .gz} is decompressed. Bounded: the source ends after the files
 * it found at start (continuous monitoring is not supported yet).
 *
 * <p>Checkpoints: per file, its {@link FilePosition}: the records emitted so far and, for an
 * uncompressed text file, the byte offset after the last of them, where a restore seeks to; a
 * compressed file or another format is read again from its start and the records emitted are
 * skipped, as Flink's file source does for formats without offsets (O(position) to resume).
 */
public final class FileSource<T> implements SplitSourceFunction<T>, io.tidemark.api.connector.source.WithBoundedness {

    /** Bounded: the input ends. */
    @Override
    public io.tidemark.api.connector.source.Boundedness getBoundedness() {
        return io.tidemark.api.connector.source.Boundedness.BOUNDED;
    }


    private static final long serialVersionUID = 1L;

    /** Records per hand-over to the engine. */
    private static final int CHUNK = 256;

    private final StreamFormat<T> format;
    private final List<Path> paths;
    private volatile boolean running = true;
    /** Per file, how far it was emitted; guarded by the checkpoint lock. */
    private transient java.util.Map<String, FilePosition> positions;
    /** Where each file resumes after a restore. */
    private transient java.util.Map<String, FilePosition> restored;

    /**
     * How far a file was emitted: the records emitted ({@code -1}: all, the file is finished) and the byte
     * offset after the last of them ({@code -1} when the file cannot be resumed by offset: a compressed
     * file, a format other than text lines).
     */
    public record FilePosition(long records, long offset) implements java.io.Serializable {
        static final FilePosition START = new FilePosition(0, 0);
        static final FilePosition FINISHED = new FilePosition(-1, -1);

        boolean finished() {
            return records < 0;
        }
    }

    private FileSource(StreamFormat<T> format, List<Path> paths) {
        this.format = format;
        this.paths = paths;
    }

    /** A source reading records with {@code format} from {@code paths} (files or directories). */
    public static <T> FileSourceBuilder<T> forRecordStreamFormat(StreamFormat<T> format, Path... paths) {
        return new FileSourceBuilder<>(format, paths);
    }

    public List<Path> getPaths() {
        return paths;
    }

    public StreamFormat<T> getFormat() {
        return format;
    }

    /** The files to read, in path order: every regular file under the paths, hidden ones skipped. */
    List<java.nio.file.Path> files() throws IOException {
        List<java.nio.file.Path> files = new ArrayList<>();
        for (Path p : paths) {
            java.nio.file.Path root = p.toNioPath();
            if (!Files.exists(root)) {
                throw new java.io.FileNotFoundException("file source: " + p + " does not exist");
            }
            if (Files.isRegularFile(root)) {
                files.add(root);
                continue;
            }
            try (Stream<java.nio.file.Path> walk = Files.walk(root)) {
                walk.filter(Files::isRegularFile).filter(f -> visible(root, f)).sorted().forEach(files::add);
            }
        }
        return files;
    }

    private static boolean visible(java.nio.file.Path root, java.nio.file.Path file) {
        for (java.nio.file.Path part : root.relativize(file)) {
            String name = part.toString();
            if (name.startsWith(".") || name.startsWith("_")) {
                return false;
            }
        }
        return true;
    }

    /**
     * Per file this subtask reads, its {@link FilePosition}: a text file resumes at the byte offset after
     * the last line emitted (a seek); a compressed file, or another format, is read again from its start
     * and the records emitted are skipped (as Flink's file source does for formats without offsets).
     */
    @Override
    public java.util.Map<String, FilePosition> snapshotSplitState() {
        return positions == null ? java.util.Map.of() : new java.util.LinkedHashMap<>(positions);
    }

    @Override
    public void restoreSplitState(java.util.Map<String, ? extends java.io.Serializable> state) {
        restored = new java.util.HashMap<>();
        state.forEach((split, position) -> restored.put(split, (FilePosition) position));
        positions = new java.util.LinkedHashMap<>(restored); // what a checkpoint before run() keeps
    }

    @Override
    public void run(SplitSourceContext<T> ctx) throws Exception {
        synchronized (ctx.getCheckpointLock()) {
            if (positions == null) {
                positions = new java.util.LinkedHashMap<>();
            }
        }
        List<String> mine = new ArrayList<>();
        for (java.nio.file.Path f : files()) {
            String split = f.toString();
            if (ctx.owns(split)) {
                ctx.announceSplit(split);
                mine.add(split);
            }
        }
        for (String split : mine) {
            if (!running) {
                return;
            }
            read(ctx, split);
        }
    }

    private void read(SplitSourceContext<T> ctx, String split) throws IOException {
        FilePosition from = restored == null ? FilePosition.START : restored.getOrDefault(split, FilePosition.START);
        Object lock = ctx.getCheckpointLock();
        synchronized (lock) {
            positions.put(split, from);
            if (from.finished()) {
                ctx.splitFinished(split);
                return;
            }
        }
        java.nio.file.Path file = java.nio.file.Paths.get(split);
        boolean gz = split.endsWith(".gz");
        if (!gz && format instanceof TextLineInputFormat text && OffsetLineReader.supports(text.getCharset())) {
            readLines(ctx, split, file, text, from);
        } else {
            readRecords(ctx, split, file, gz, from);
        }
    }

    /** A text file: lines read with their byte offsets, resumed by seeking. */
    @SuppressWarnings("unchecked")
    private void readLines(SplitSourceContext<T> ctx, String split, java.nio.file.Path file, TextLineInputFormat text,
            FilePosition from) throws IOException {
        long start = from.offset() >= 0 ? from.offset() : 0;
        java.nio.channels.SeekableByteChannel ch = Files.newByteChannel(file);
        ch.position(start);
        long records = from.offset() >= 0 ? from.records() : 0;
        long skip = from.offset() >= 0 ? 0 : from.records();
        List<T> chunk = new ArrayList<>(CHUNK);
        try (OffsetLineReader reader = new OffsetLineReader(java.nio.channels.Channels.newInputStream(ch), text.getCharset(), start)) {
            for (long i = 0; i < skip && reader.read() != null; i++) {
                records++; // emitted before the checkpoint restored
            }
            for (String line = reader.read(); line != null && running; line = reader.read()) {
                chunk.add((T) line);
                if (chunk.size() == CHUNK) {
                    records += chunk.size();
                    emit(ctx, split, chunk, new FilePosition(records, reader.offset()));
                }
            }
        }
        finish(ctx, split, chunk);
    }

    /** Any other format, or a compressed file: records counted, resumed by skipping. */
    private void readRecords(SplitSourceContext<T> ctx, String split, java.nio.file.Path file, boolean gz, FilePosition from)
            throws IOException {
        InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        if (gz) {
            in = new GZIPInputStream(in, 1 << 16);
        }
        List<T> chunk = new ArrayList<>(CHUNK);
        long records = from.records();
        try (StreamFormat.Reader<T> reader = format.createReader(in)) {
            for (long i = 0; i < records && reader.read() != null; i++) {
                // emitted before the checkpoint restored
            }
            for (T record = reader.read(); record != null && running; record = reader.read()) {
                chunk.add(record);
                if (chunk.size() == CHUNK) {
                    records += chunk.size();
                    emit(ctx, split, chunk, new FilePosition(records, -1));
                }
            }
        }
        finish(ctx, split, chunk);
    }

    /** The file was read to its end (unless cancelled): its last records, and it is finished. */
    private void finish(SplitSourceContext<T> ctx, String split, List<T> chunk) {
        if (!running) {
            return;
        }
        synchronized (ctx.getCheckpointLock()) {
            emit(ctx, split, chunk, FilePosition.FINISHED);
            ctx.splitFinished(split);
        }
    }

    /** Emits a chunk and sets the file's position after it, atomically for checkpoints. */
    private void emit(SplitSourceContext<T> ctx, String split, List<T> chunk, FilePosition after) {
        synchronized (ctx.getCheckpointLock()) {
            ctx.collectAll(split, chunk);
            positions.put(split, after);
        }
        chunk.clear();
    }

    @Override
    public void cancel() {
        running = false;
    }

    /** Builds a {@link FileSource}. */
    public static final class FileSourceBuilder<T> {
        private final StreamFormat<T> format;
        private final List<Path> paths;

        FileSourceBuilder(StreamFormat<T> format, Path... paths) {
            this.format = Objects.requireNonNull(format, "format");
            if (paths.length == 0) {
                throw new IllegalArgumentException("a file source needs at least one path");
            }
            this.paths = List.copyOf(Arrays.asList(paths));
        }

        /** Flink watches the paths for new files; Tidemark does not yet: this fails, naming what to do. */
        public FileSourceBuilder<T> monitorContinuously(java.time.Duration discoveryInterval) {
            throw new UnsupportedOperationException("FileSource.monitorContinuously is not supported yet: "
                    + "Tidemark's file source reads the files present when the job starts");
        }

        public FileSource<T> build() {
            return new FileSource<>(format, paths);
        }
    }
}
