package io.tidemark.runtime.checkpoint;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.CRC32;

/**
 * The checkpoint directory: {@code chk-N/} per checkpoint, one file per operator subtask
 * ({@code <operator>-<subtask>}) and {@code _metadata}, written last by an atomic rename of
 * {@code _metadata.inprogress}. A checkpoint without {@code _metadata} is partial (the process died
 * while writing it). Every file ends with the CRC-32 of its bytes, and {@code _metadata} lists each
 * file's length and CRC, so a damaged checkpoint is recognised and skipped for the one before.
 *
 * <p>Files are forced to the device before {@code _metadata} is renamed into place, so a completed
 * checkpoint survives a power loss too. Writes go through {@link FileOps}, the seam through which
 * tests simulate a full or unwritable device.
 */
public final class CheckpointStorage {

    /** "TMCK": the first four bytes of every checkpoint file. */
    static final int MAGIC = 0x544d434b;
    static final int FORMAT = 1;
    public static final String METADATA = "_metadata";
    private static final String PREFIX = "chk-";

    /** How files are written; tests replace it to fail like a full disk. */
    public interface FileOps {
        /** Writes {@code bytes} to {@code file} (created or truncated) and forces them to the device. */
        void write(Path file, byte[] bytes) throws IOException;

        FileOps DEFAULT = (file, bytes) -> {
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.WRITE)) {
                ByteBuffer b = ByteBuffer.wrap(bytes);
                while (b.hasRemaining()) {
                    ch.write(b);
                }
                ch.force(true);
            }
        };
    }

    /** One operator subtask's file in a checkpoint. */
    public record Entry(String operator, int subtask, int parallelism, long length, long crc) {
        public String fileName() {
            return operator + "-" + subtask;
        }
    }

    /**
     * A completed checkpoint as read back: its id, when it was triggered, whether it is a job's final
     * checkpoint (the input had ended everywhere), and per operator the snapshots of its subtasks.
     */
    public record Loaded(long id, long timestamp, boolean finished, Path directory, Map<String, List<StateSnapshot>> operators) {
        /** The snapshots of {@code operator}'s subtasks (index = subtask), or null if it has none. */
        public List<StateSnapshot> of(String operator) {
            return operators.get(operator);
        }
    }

    private final Path dir;
    private final FileOps ops;

    public CheckpointStorage(Path dir) {
        this(dir, FileOps.DEFAULT);
    }

    public CheckpointStorage(Path dir, FileOps ops) {
        this.dir = dir;
        this.ops = ops;
    }

    public Path directory() {
        return dir;
    }

    public Path checkpointDirectory(long id) {
        return dir.resolve(PREFIX + id);
    }

    /** Writes one operator subtask's snapshot into checkpoint {@code id}; returns its entry for the metadata. */
    public Entry writeSnapshot(long id, String operator, int subtask, int parallelism, StateSnapshot snapshot) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream((int) Math.min(Integer.MAX_VALUE - 64, snapshot.size() + 256));
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(MAGIC);
        out.writeInt(FORMAT);
        SnapshotFormat.write(out, snapshot);
        byte[] b = withCrc(bytes);
        Entry e = new Entry(operator, subtask, parallelism, b.length, crcOf(b, b.length - 8));
        Path chk = checkpointDirectory(id);
        Files.createDirectories(chk);
        ops.write(chk.resolve(e.fileName()), b);
        return e;
    }

    /** Completes checkpoint {@code id}: writes its {@code _metadata} (atomically) listing {@code entries}. */
    public void writeMetadata(long id, long timestamp, boolean finished, List<Entry> entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(MAGIC);
        out.writeInt(FORMAT);
        out.writeLong(id);
        out.writeLong(timestamp);
        out.writeBoolean(finished);
        out.writeInt(entries.size());
        for (Entry e : entries) {
            SnapshotFormat.writeString(out, e.operator());
            out.writeInt(e.subtask());
            out.writeInt(e.parallelism());
            out.writeLong(e.length());
            out.writeLong(e.crc());
        }
        Path chk = checkpointDirectory(id);
        Files.createDirectories(chk);
        Path tmp = chk.resolve(METADATA + ".inprogress");
        ops.write(tmp, withCrc(bytes));
        String step = finished ? "final-checkpoint" : "checkpoint";
        CrashPoints.reach(step + ".metadata.written"); // every file on disk, the checkpoint not yet complete
        Files.move(tmp, chk.resolve(METADATA), StandardCopyOption.ATOMIC_MOVE);
        CrashPoints.reach(step + ".completed"); // complete: nothing has heard of it yet
    }

    /** Ids of the checkpoints in the directory that have a {@code _metadata}, newest first. */
    public List<Long> completedIds() throws IOException {
        List<Long> ids = new ArrayList<>();
        for (long id : allIds()) {
            if (Files.exists(checkpointDirectory(id).resolve(METADATA))) {
                ids.add(id);
            }
        }
        return ids;
    }

    /** Ids of every {@code chk-N} directory, complete or not, newest first. */
    public List<Long> allIds() throws IOException {
        List<Long> ids = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return ids;
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, PREFIX + "*")) {
            for (Path p : s) {
                try {
                    ids.add(Long.parseLong(p.getFileName().toString().substring(PREFIX.length())));
                } catch (NumberFormatException ignored) {
                    // not a checkpoint of ours
                }
            }
        }
        ids.sort(Comparator.reverseOrder());
        return ids;
    }

    /** The largest checkpoint id in the directory, complete or not; 0 if none. */
    public long lastId() throws IOException {
        List<Long> all = allIds();
        return all.isEmpty() ? 0 : all.get(0);
    }

    /**
     * The newest completed checkpoint that reads back intact, or null if there is none. Each one
     * skipped (damaged, a file missing) is reported to {@code skipped} with the reason.
     */
    public Loaded loadLatest(java.util.function.BiConsumer<Long, String> skipped) throws IOException {
        for (long id : completedIds()) {
            try {
                return load(id);
            } catch (IOException e) {
                skipped.accept(id, e.getMessage());
            }
        }
        return null;
    }

    /** Reads checkpoint {@code id}, checking every length and CRC; fails on any damage. */
    public Loaded load(long id) throws IOException {
        Path chk = checkpointDirectory(id);
        byte[] meta = checked(chk.resolve(METADATA));
        DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(meta, 8, meta.length - 16));
        long storedId = in.readLong();
        if (storedId != id) {
            throw new IOException(chk + ": its metadata is of checkpoint " + storedId);
        }
        long timestamp = in.readLong();
        boolean finished = in.readBoolean();
        int n = in.readInt();
        Map<String, List<StateSnapshot>> operators = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            Entry e = new Entry(SnapshotFormat.readString(in, 4096), in.readInt(), in.readInt(), in.readLong(), in.readLong());
            Path f = chk.resolve(e.fileName());
            byte[] b = checked(f);
            if (b.length != e.length() || crcOf(b, b.length - 8) != e.crc()) {
                throw new IOException(f + " is not the file the metadata lists (length or checksum differ)");
            }
            StateSnapshot s = SnapshotFormat.read(new DataInputStream(new java.io.ByteArrayInputStream(b, 8, b.length - 16)));
            List<StateSnapshot> list = operators.computeIfAbsent(e.operator(), k -> new ArrayList<>());
            while (list.size() < e.parallelism()) {
                list.add(null);
            }
            if (e.subtask() >= list.size()) {
                throw new IOException(f + ": subtask " + e.subtask() + " of " + e.parallelism());
            }
            list.set(e.subtask(), s);
        }
        for (Map.Entry<String, List<StateSnapshot>> e : operators.entrySet()) {
            if (e.getValue().contains(null)) {
                throw new IOException(chk + ": operator " + e.getKey() + " lacks a subtask's file in the metadata");
            }
        }
        return new Loaded(id, timestamp, finished, chk, operators);
    }

    /**
     * Deletes every checkpoint but the {@code keep} newest completed ones; partial ones newer than
     * those are left alone (one may be being written).
     */
    public void retain(int keep) throws IOException {
        List<Long> completed = completedIds();
        if (completed.isEmpty()) {
            return;
        }
        long oldestKept = completed.get(Math.min(keep, completed.size()) - 1);
        for (long id : allIds()) {
            if (id < oldestKept) {
                deleteRecursively(checkpointDirectory(id));
            }
        }
    }

    /** Deletes the checkpoint directories newer than {@code id}, complete or not (a fresh lineage starts after it). */
    public void deleteNewerThan(long id) throws IOException {
        for (long other : allIds()) {
            if (other > id) {
                deleteRecursively(checkpointDirectory(other));
            }
        }
    }

    private static void deleteRecursively(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(p)) {
            List<Path> all = walk.sorted(Comparator.reverseOrder()).toList();
            for (Path x : all) {
                try {
                    Files.deleteIfExists(x);
                } catch (NoSuchFileException ignored) {
                    // gone already
                }
            }
        }
    }

    /** The file's bytes, after checking its magic number, format and trailing CRC. */
    private static byte[] checked(Path f) throws IOException {
        byte[] b;
        try {
            b = Files.readAllBytes(f);
        } catch (NoSuchFileException e) {
            throw new IOException(f + " is missing");
        }
        if (b.length < 16) {
            throw new IOException(f + " is truncated (" + b.length + " bytes)");
        }
        ByteBuffer buf = ByteBuffer.wrap(b);
        if (buf.getInt(0) != MAGIC) {
            throw new IOException(f + " is not a Tidemark checkpoint file");
        }
        if (buf.getInt(4) != FORMAT) {
            throw new IOException(f + " has checkpoint format " + buf.getInt(4) + "; this Tidemark reads format " + FORMAT);
        }
        if (buf.getLong(b.length - 8) != crcOf(b, b.length - 8)) {
            throw new IOException(f + " is damaged (checksum mismatch)");
        }
        return b;
    }

    private static byte[] withCrc(ByteArrayOutputStream bytes) throws IOException {
        byte[] body = bytes.toByteArray();
        long crc = crcOf(body, body.length);
        ByteBuffer b = ByteBuffer.allocate(body.length + 8);
        b.put(body).putLong(crc);
        return b.array();
    }

    private static long crcOf(byte[] b, int len) {
        CRC32 crc = new CRC32();
        crc.update(b, 0, len);
        return crc.getValue();
    }

}
