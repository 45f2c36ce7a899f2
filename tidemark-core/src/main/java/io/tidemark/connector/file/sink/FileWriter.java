package io.tidemark.connector.file.sink;

import io.tidemark.api.common.serialization.Encoder;
import io.tidemark.api.connector.sink2.CommittingSinkWriter;
import io.tidemark.api.connector.sink2.SupportsWriterState.StatefulSinkWriter;
import io.tidemark.api.connector.sink2.WriterInitContext;
import io.tidemark.streaming.api.functions.sink.filesystem.BucketAssigner;
import io.tidemark.streaming.api.functions.sink.filesystem.OutputFileConfig;
import io.tidemark.streaming.api.functions.sink.filesystem.PartFileInfo;
import io.tidemark.streaming.api.functions.sink.filesystem.RollingPolicy;
import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * One subtask's writer of a {@link FileSink} (Flink's {@code FileWriter}): per bucket at most one
 * in-progress part file, written under a hidden name; a part the rolling policy closes becomes
 * pending; pending parts are handed out as committables at the next checkpoint (or at the end of the
 * input) and become visible when the committer renames them.
 *
 * <p>At a checkpoint ({@link #prepareCommit}, then {@link #snapshotState}): parts the policy rolls on
 * checkpoint ({@code shouldRollOnCheckpoint}; {@code DefaultRollingPolicy}: only a part over its
 * maximum size, as Flink's) are closed and become committables; the others are flushed and synced, and
 * their length goes into the state, so a restore resumes them at that length (a crash loses nothing
 * written before the checkpoint and keeps nothing written after it). At the end of the input every
 * part is closed. Memory: one open stream (64 KiB buffer) per bucket written since its last roll.
 */
final class FileWriter<IN> implements CommittingSinkWriter<IN, FileSinkCommittable>, StatefulSinkWriter<IN, FileWriterState> {

    private static final int BUFFER = 1 << 16;

    private final Path basePath;
    private final Encoder<IN> encoder;
    private final BucketAssigner<IN, String> bucketAssigner;
    private final RollingPolicy<IN, String> rollingPolicy;
    private final OutputFileConfig outputFileConfig;
    private final WriterInitContext init;
    private final String uniqueId;
    private final Map<String, Part> open = new HashMap<>();
    private final Map<String, Integer> nextPart = new HashMap<>();
    private final List<FileSinkCommittable> pending = new ArrayList<>();
    private boolean endOfInput;

    FileWriter(FileSink<IN> sink, WriterInitContext init, String uniqueId) {
        this.basePath = sink.getBasePath().toNioPath();
        this.encoder = sink.getEncoder();
        this.bucketAssigner = sink.getBucketAssigner();
        this.rollingPolicy = sink.getRollingPolicy();
        this.outputFileConfig = sink.getOutputFileConfig();
        this.init = init;
        this.uniqueId = uniqueId;
    }

    /** A fresh writer with a new part-file id. */
    static <IN> FileWriter<IN> create(FileSink<IN> sink, WriterInitContext init) {
        return new FileWriter<>(sink, init, UUID.randomUUID().toString());
    }

    /**
     * The writer of a restored subtask: its in-progress parts truncated to their checkpointed length
     * and reopened; every other in-progress file of the subtask (from after the checkpoint) deleted.
     * The committer has renamed the checkpoint's pending parts before this runs.
     */
    static <IN> FileWriter<IN> restore(FileSink<IN> sink, WriterInitContext init, Collection<FileWriterState> states) throws IOException {
        if (states.isEmpty()) {
            return create(sink, init);
        }
        FileWriter<IN> w = new FileWriter<>(sink, init, states.iterator().next().uniqueId());
        Set<Path> resumed = new HashSet<>();
        Set<String> ids = new HashSet<>();
        for (FileWriterState state : states) {
            ids.add(state.uniqueId());
            for (FileWriterState.Bucket b : state.buckets()) {
                w.nextPart.merge(b.bucketId(), b.nextPart(), Math::max);
                if (b.inProgress() != null) {
                    w.open.put(b.bucketId(), w.new Part(b.bucketId(), b.inProgress()));
                    resumed.add(b.inProgress().file());
                }
            }
        }
        w.discardInProgressExcept(ids, resumed);
        return w;
    }

    private void discardInProgressExcept(Set<String> ids, Set<Path> keep) throws IOException {
        if (!Files.isDirectory(basePath)) {
            return;
        }
        String[] prefixes = ids.stream().map(id -> "." + outputFileConfig.getPartPrefix() + "-" + id + "-").toArray(String[]::new);
        // other subtasks delete their own files meanwhile: a file gone while walking is skipped
        Files.walkFileTree(basePath, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes attributes) throws IOException {
                String name = f.getFileName().toString();
                if (name.contains(".inprogress.") && !keep.contains(f) && Arrays.stream(prefixes).anyMatch(name::startsWith)) {
                    Files.deleteIfExists(f);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path f, IOException e) throws IOException {
                if (e instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE;
                }
                throw e;
            }
        });
    }

    @Override
    public void write(IN element, Context context) throws IOException {
        long now = init.currentProcessingTime();
        String bucket = bucketAssigner.getBucketId(element, new BucketAssigner.Context() {
            @Override
            public long currentProcessingTime() {
                return now;
            }

            @Override
            public long currentWatermark() {
                return context.currentWatermark();
            }

            @Override
            public Long timestamp() {
                return context.timestamp();
            }
        });
        Part part = open.get(bucket);
        if (part != null && (rollingPolicy.shouldRollOnEvent(part, element) || rollingPolicy.shouldRollOnProcessingTime(part, now))) {
            roll(part);
            part = null;
        }
        if (part == null) {
            part = newPart(bucket, now);
        }
        part.write(element, now);
    }

    private Part newPart(String bucket, long now) throws IOException {
        Path dir = bucket.isEmpty() ? basePath : basePath.resolve(bucket);
        Files.createDirectories(dir);
        int n = nextPart.merge(bucket, 1, Integer::sum) - 1;
        String name = outputFileConfig.getPartPrefix() + "-" + uniqueId + "-" + n + outputFileConfig.getPartSuffix();
        Part part = new Part(bucket, dir.resolve("." + name + ".inprogress." + UUID.randomUUID()), dir.resolve(name), now);
        open.put(bucket, part);
        return part;
    }

    private void roll(Part part) throws IOException {
        part.closeAndSync();
        open.remove(part.bucket);
        pending.add(new FileSinkCommittable(part.bucket, part.file, part.finalFile));
    }

    @Override
    public void flush(boolean endOfInput) throws IOException {
        this.endOfInput |= endOfInput;
    }

    /** The parts closed since the last call; at a checkpoint also those the policy rolls on checkpoint, at the end every part. */
    @Override
    public Collection<FileSinkCommittable> prepareCommit() throws IOException {
        for (Part part : new ArrayList<>(open.values())) {
            if (endOfInput || rollingPolicy.shouldRollOnCheckpoint(part)) {
                roll(part);
            }
        }
        List<FileSinkCommittable> out = new ArrayList<>(pending);
        pending.clear();
        return out;
    }

    @Override
    public List<FileWriterState> snapshotState(long checkpointId) throws IOException {
        List<FileWriterState.Bucket> buckets = new ArrayList<>();
        for (Map.Entry<String, Integer> e : nextPart.entrySet()) {
            Part part = open.get(e.getKey());
            FileWriterState.InProgress p = null;
            if (part != null) {
                part.persist();
                p = new FileWriterState.InProgress(part.file, part.finalFile, part.size, part.created, part.updated);
            }
            buckets.add(new FileWriterState.Bucket(e.getKey(), e.getValue(), p));
        }
        return List.of(new FileWriterState(uniqueId, buckets));
    }

    /** After a failure or cancellation: streams closed, in-progress files left (hidden), as Flink does. */
    @Override
    public void close() throws IOException {
        IOException first = null;
        for (Part part : open.values()) {
            try {
                part.out.close();
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        open.clear();
        if (first != null) {
            throw first;
        }
    }

    /** One in-progress part file. */
    private final class Part implements PartFileInfo<String> {
        final String bucket;
        final Path file;
        final Path finalFile;
        final long created;
        long updated;
        long size;
        private final FileOutputStream fileOut;
        private final OutputStream out;
        /** Writes through {@link #out}, counting the bytes. */
        private final OutputStream counting = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                out.write(b);
                size++;
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
                size += len;
            }
        };

        Part(String bucket, Path file, Path finalFile, long now) throws IOException {
            this.bucket = bucket;
            this.file = file;
            this.finalFile = finalFile;
            this.created = now;
            this.updated = now;
            this.fileOut = new FileOutputStream(file.toFile());
            this.out = new BufferedOutputStream(fileOut, BUFFER);
        }

        /** Resumes a part at its checkpointed length. */
        Part(String bucket, FileWriterState.InProgress p) throws IOException {
            this.bucket = bucket;
            this.file = p.file();
            this.finalFile = p.finalFile();
            this.created = p.creationTime();
            this.updated = p.lastUpdateTime();
            this.size = p.length();
            if (!Files.exists(file)) {
                throw new IOException("cannot resume part file " + finalFile + ": its in-progress file " + file
                        + " (checkpointed at " + p.length() + " bytes) is gone");
            }
            try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
                raf.setLength(p.length());
            }
            this.fileOut = new FileOutputStream(file.toFile(), true);
            this.out = new BufferedOutputStream(fileOut, BUFFER);
        }

        void write(IN value, long now) throws IOException {
            encoder.encode(value, counting);
            updated = now;
        }

        /** Everything written so far on disk. */
        void persist() throws IOException {
            out.flush();
            fileOut.getFD().sync();
        }

        void closeAndSync() throws IOException {
            persist();
            out.close();
        }

        @Override
        public String getBucketId() {
            return bucket;
        }

        @Override
        public long getCreationTime() {
            return created;
        }

        @Override
        public long getSize() {
            return size;
        }

        @Override
        public long getLastUpdateTime() {
            return updated;
        }
    }
}
