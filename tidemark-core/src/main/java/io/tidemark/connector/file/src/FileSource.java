package io.tidemark.connector.file.src;

import io.tidemark.connector.file.src.reader.StreamFormat;
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
 * <p>Checkpoints: per file, the number of records emitted so far (or that it was read to its end); a
 * restored file is read again from its start and that many records are skipped, as Flink's file
 * source does for formats without offsets (O(position) to resume).
 */
public final class FileSource<T> implements SplitSourceFunction<T> {

    private static final long serialVersionUID = 1L;

    /** Records per hand-over to the engine. */
    private static final int CHUNK = 256;

    private final StreamFormat<T> format;
    private final List<Path> paths;
    private volatile boolean running = true;
    /** Per file, the records emitted so far ({@link #FINISHED} once read to its end); guarded by the checkpoint lock. */
    private transient java.util.Map<String, Long> positions;
    /** Where each file resumes after a restore. */
    private transient java.util.Map<String, Long> restored;
    private static final long FINISHED = -1;

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
     * Per file this subtask reads: how many records it has emitted ({@code -1}: all of them). A file
     * resumes after that many records: the file is read again from its start and they are skipped (as
     * Flink's file source does for formats without offsets).
     */
    @Override
    public java.util.Map<String, Long> snapshotSplitState() {
        return positions == null ? java.util.Map.of() : new java.util.LinkedHashMap<>(positions);
    }

    @Override
    public void restoreSplitState(java.util.Map<String, ? extends java.io.Serializable> state) {
        restored = new java.util.HashMap<>();
        state.forEach((split, position) -> restored.put(split, (Long) position));
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
        long skip = restored == null ? 0 : restored.getOrDefault(split, 0L);
        Object lock = ctx.getCheckpointLock();
        if (skip == FINISHED) {
            synchronized (lock) {
                positions.put(split, FINISHED);
                ctx.splitFinished(split);
            }
            return;
        }
        synchronized (lock) {
            positions.put(split, skip);
        }
        java.nio.file.Path file = java.nio.file.Paths.get(split);
        InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        if (split.endsWith(".gz")) {
            in = new GZIPInputStream(in, 1 << 16);
        }
        List<T> chunk = new ArrayList<>(CHUNK);
        try (StreamFormat.Reader<T> reader = format.createReader(in)) {
            for (long i = 0; i < skip && reader.read() != null; i++) {
                // emitted before the checkpoint restored
            }
            for (T record = reader.read(); record != null && running; record = reader.read()) {
                chunk.add(record);
                if (chunk.size() == CHUNK) {
                    emit(ctx, split, chunk);
                }
            }
        }
        if (!running) {
            return;
        }
        synchronized (lock) {
            emit(ctx, split, chunk);
            positions.put(split, FINISHED);
            ctx.splitFinished(split);
        }
    }

    /** Emits a chunk and advances the file's position with it, atomically for checkpoints. */
    private void emit(SplitSourceContext<T> ctx, String split, List<T> chunk) {
        synchronized (ctx.getCheckpointLock()) {
            ctx.collectAll(split, chunk);
            positions.merge(split, (long) chunk.size(), Long::sum);
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
