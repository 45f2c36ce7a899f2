package io.tidemark.cli.output;

import io.tidemark.cli.config.JobKeys;
import io.tidemark.cli.data.OutputRecord;
import io.tidemark.cli.spi.StagedOutput;
import io.tidemark.runtime.checkpoint.CrashPoints;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An output that commits with the checkpoints ({@link StagedOutput}), of any kind: each link's records
 * are staged as they come in {@code DIR/LINK.pending}, a barrier fsyncs them and answers their length,
 * and {@link #commit} hands the link's staged bytes from its last committed offset up to the committable
 * to {@link #deliver} — appended to a file ({@link StagedFile}), one Kafka transaction
 * ({@link StagedTopic}), upserts into a table ({@link StagedTable}) — which records the new offset in
 * {@code DIR/committed} (temporary file, fsync, rename) with {@link #recordCommitted}. How a delivery
 * interrupted by a crash is made good is the subclass's: a file is cut back to its recorded length, a
 * Kafka transaction is committed again from its prepared state, table upserts are applied again (an
 * upsert sequence applied again from an earlier point ends in the same rows). A restore ({@link #stage}
 * with the restored committable) cuts the link's staging file back to it, discarding what the crashed
 * run staged after it; what lies between the last commit and the committable (the crash came after the
 * checkpoint completed but before its commit) stays staged and goes out with the link's next commit —
 * every resumed run commits again, at its first checkpoint, at a stop or at its end.
 *
 * <p>By default records are staged framed (their length, then their Java serialization) and read back
 * with {@link #records}. Bounds: a commit holds one link's records of one checkpoint interval in memory;
 * staging files are cut back at each restore and deleted when the job ends well.
 */
abstract class StagedRecords implements StagedOutput {

    static final String COMMITTED = "committed";

    final Path dir;
    final String name;
    /** Per link, the staged bytes delivered. */
    final Map<String, Long> committed = new TreeMap<>();
    /** Other lines of the commit record, the subclass's (a prepared transaction). */
    final List<String> extra = new ArrayList<>();

    /** Whether this run starts a new chain (nothing committed before), rather than resuming one. */
    final boolean freshStart;

    StagedRecords(Path dir, boolean fresh, String name) throws IOException {
        this.dir = dir;
        this.name = name;
        Files.createDirectories(dir);
        Path record = dir.resolve(COMMITTED);
        this.freshStart = fresh || !Files.exists(record);
        if (freshStart) {
            clear(dir);
            writeRecord();
        } else {
            readRecord(record, committed, extra);
        }
    }

    /** Reads the commit record {@code record}: per link its committed offset into {@code committed}, the subclass's lines into {@code extra}. */
    private static void readRecord(Path record, Map<String, Long> committed, List<String> extra) throws IOException {
        for (String l : Files.readAllLines(record, StandardCharsets.UTF_8)) {
            int sp = l.lastIndexOf(' ');
            if (l.startsWith("+")) {
                extra.add(l.substring(1));
            } else if (sp > 0) {
                committed.put(l.substring(0, sp), Long.parseLong(l.substring(sp + 1)));
            }
        }
    }

    /**
     * Makes the staged bytes of {@code link} from {@code from} up to {@code to} (whole records) part of the
     * output, and records {@code to} with {@link #recordCommitted} once they are in (and before, with what
     * makes the delivery good again after a crash, if anything).
     */
    abstract void deliver(String link, long from, long to) throws IOException;

    /** The staging file of {@code link}. */
    Path staged(String link) {
        return dir.resolve(link + ".pending");
    }

    @Override
    public Stage stage(String link, long restored) throws IOException {
        Path staged = staged(link);
        synchronized (this) {
            long done = committed.getOrDefault(link, 0L);
            if (restored < done) {
                committed.put(link, Math.max(0, restored)); // an earlier checkpoint than the last commit: repeated
                writeRecord();
            }
            // restored > done: the crash came between the checkpoint's completion and its commit; what was
            // staged up to restored stays and goes out with the link's next commit (not now: delivering
            // may need what the resumed job has not sent yet, such as the input's CSV header)
        }
        try {
            FileChannel channel = FileChannel.open(staged, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            channel.truncate(Math.max(0, restored));
            if (channel.size() < restored && committed.getOrDefault(link, 0L) >= restored) {
                // the job had ended well (its staging files are dropped then) and a run restores its final
                // checkpoint: everything up to restored is committed and never read again; the file is made
                // that long again (a hole) so that its length stays the link's committable
                channel.write(ByteBuffer.allocate(1), restored - 1);
            }
            channel.position(channel.size());
            return inCheckpointFolder(newStage(channel), staged);
        } catch (IOException e) {
            throw stagingFailure(staged, e);
        }
    }

    /**
     * {@code stage}, its failures named as the checkpoint folder's: the staging files live there, so a
     * full disk there is not the output's.
     */
    private Stage inCheckpointFolder(Stage stage, Path staged) {
        return new Stage() {
            @Override
            public void write(OutputRecord record) throws IOException {
                try {
                    stage.write(record);
                } catch (IOException e) {
                    throw stagingFailure(staged, e);
                }
            }

            @Override
            public long barrier() throws IOException {
                try {
                    return stage.barrier();
                } catch (IOException e) {
                    throw stagingFailure(staged, e);
                }
            }

            @Override
            public void close() {
                stage.close();
            }
        };
    }

    private IOException stagingFailure(Path staged, IOException e) {
        Throwable root = e;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        String why = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        return new IOException(JobKeys.CHECKPOINT_DIR.path() + ": cannot stage the records of " + name + " in " + staged + ": " + why
                + " (an output's records wait in the checkpoint folder until a checkpoint commits them)", e);
    }

    /** A stage appending to {@code channel}: records framed (length, Java serialization). */
    Stage newStage(FileChannel channel) {
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16));
        return new Stage() {
            @Override
            public void write(OutputRecord record) throws IOException {
                ByteArrayOutputStream b = new ByteArrayOutputStream(256);
                try (ObjectOutputStream o = new ObjectOutputStream(b)) {
                    o.writeObject(record);
                }
                out.writeInt(b.size());
                b.writeTo(out);
            }

            @Override
            public long barrier() throws IOException {
                out.flush();
                channel.force(false);
                return channel.position();
            }

            @Override
            public void close() {
                try {
                    out.flush();
                    channel.close();
                } catch (IOException ignored) {
                    // what was staged stays
                }
            }
        };
    }

    @Override
    public synchronized boolean commit(String link, long offset) throws IOException {
        long done = committed.getOrDefault(link, 0L);
        if (offset <= done) {
            return false;
        }
        deliver(link, done, offset);
        return true;
    }

    /**
     * Checks the durable commit record, read back from the disk, against {@code finals} and the staging
     * files: every link's records are in up to its last barrier's committable, and no staged record is
     * left out; then {@link #finished}.
     */
    @Override
    public synchronized void finish(Map<String, Long> finals) throws IOException {
        Map<String, Long> recorded = new TreeMap<>();
        List<String> pending = new ArrayList<>();
        Path record = dir.resolve(COMMITTED);
        if (!Files.exists(record)) {
            throw incomplete("its commit record " + record + " is gone");
        }
        readRecord(record, recorded, pending);
        for (Map.Entry<String, Long> f : finals.entrySet()) {
            String link = f.getKey();
            long r = recorded.getOrDefault(link, 0L);
            if (f.getValue() >= 0 && r != f.getValue()) {
                throw incomplete("its commit record holds " + link + "'s staged records up to byte " + r
                        + ", the job's last checkpoint committed them up to byte " + f.getValue());
            }
            long staged = Files.exists(staged(link)) ? Files.size(staged(link)) : 0;
            if (staged != r) {
                throw incomplete(link + " staged " + staged + " bytes of records, " + r + " of them committed: no checkpoint "
                        + "committed the rest");
            }
        }
        finished(pending);
    }

    /**
     * After {@link #finish} found the commit record complete, with {@code pending} the subclass's lines
     * in it: the subclass's own checks (a file is the one committed to, of the committed length).
     */
    void finished(List<String> pending) throws IOException {
        if (!pending.isEmpty()) {
            throw incomplete("its commit record still names a delivery under way: " + pending.get(0));
        }
    }

    /** The output cannot be proven complete, because {@code why}. */
    IOException incomplete(String why) {
        return new IOException(name + " (" + describe() + ") cannot be proven complete: " + why);
    }

    /** The framed records {@code link} staged from byte {@code from} up to {@code to}. */
    List<OutputRecord> records(String link, long from, long to) throws IOException {
        List<OutputRecord> records = new ArrayList<>();
        try (FileChannel c = FileChannel.open(staged(link), StandardOpenOption.READ)) {
            check(link, c, to);
            c.position(from);
            DataInputStream in = new DataInputStream(new BufferedInputStream(Channels.newInputStream(c), 1 << 16));
            long at = from;
            while (at < to) {
                byte[] b = new byte[in.readInt()];
                in.readFully(b);
                try (ObjectInputStream o = new ObjectInputStream(new ByteArrayInputStream(b))) {
                    records.add((OutputRecord) o.readObject());
                } catch (ClassNotFoundException e) {
                    throw new IOException(name + ": a staged record of " + link + " cannot be read: " + e, e);
                }
                at += 4 + b.length;
            }
        }
        return records;
    }

    /** Fails unless the staging file {@code c} of {@code link} holds {@code to} bytes. */
    void check(String link, FileChannel c, long to) throws IOException {
        if (c.size() < to) {
            throw new IOException(name + ": the staged records of " + link + " (" + staged(link) + ") have " + c.size()
                    + " bytes, fewer than the " + to + " the checkpoint committed");
        }
    }

    /** {@code link}'s records up to {@code offset} are in; {@code extras} replace the subclass's lines. */
    synchronized void recordCommitted(String link, long offset, List<String> extras) throws IOException {
        committed.put(link, offset);
        extra.clear();
        extra.addAll(extras);
        writeRecord();
    }

    void writeRecord() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Long> e : committed.entrySet()) {
            sb.append(e.getKey()).append(' ').append(e.getValue()).append('\n');
        }
        for (String x : extra) {
            sb.append('+').append(x).append('\n');
        }
        replace(dir.resolve(COMMITTED), sb.toString());
    }

    /** Replaces {@code file} by {@code content} atomically and durably: a temporary file, fsynced, renamed into place. */
    static void replace(Path file, String content) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (FileChannel c = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer b = ByteBuffer.wrap(content.getBytes(StandardCharsets.UTF_8));
            while (b.hasRemaining()) {
                c.write(b);
            }
            c.force(true);
        }
        CrashPoints.reach("record.written"); // the new commit record on disk beside the old one
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        CrashPoints.reach("record.renamed");
    }

    /** Deletes every file in {@code dir} (what an earlier chain staged and recorded). */
    static void clear(Path dir) throws IOException {
        List<Path> old = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            s.forEach(old::add);
        }
        for (Path p : old) {
            Files.deleteIfExists(p);
        }
    }

    /** Deletes the staging files (the job ended well). */
    void dropStaged() {
        dropStaged(dir);
    }

    /** Deletes the staging files in {@code dir}; never throws (a fresh start clears them). */
    static void dropStaged(Path dir) {
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "*.pending")) {
            for (Path p : s) {
                Files.deleteIfExists(p);
            }
        } catch (IOException ignored) {
            // a fresh start clears them
        }
    }
}
