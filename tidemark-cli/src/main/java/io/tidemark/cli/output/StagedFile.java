package io.tidemark.cli.output;

import io.tidemark.cli.spi.OutputContext;
import io.tidemark.runtime.checkpoint.CrashPoints;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * A file output that commits with the job's checkpoints: what a run wrote after its last completed
 * checkpoint is never part of the file.
 *
 * <p>Design. Each link (a job function feeding this output) appends its lines, formatted, to its own
 * staging file ({@link StagedRecords}); a checkpoint's barrier fsyncs them and their length is the
 * link's committable. When the checkpoint completes, {@link #deliver} appends the link's staged bytes
 * from what was committed before up to the committable to the file, fsyncs it, then records the file's
 * committed length with the links' offsets. A commit starts by cutting the file back to the recorded
 * length, so a commit interrupted by a crash is simply done again: the file is always the header and
 * whole committed segments.
 *
 * <p>Bounds: the file lags the job by at most one checkpoint interval plus a commit; each commit costs
 * two fsyncs and a rename. Segments of different links (the results of several window subtasks; the
 * source's and the window gaps' dead letters) are appended in the order their commits arrive, each
 * link's lines in their order.
 *
 * <p>A fresh start keeps a file already there aside as {@code .NAME.tidemark-previous} until the job
 * ends well, as an output written without checkpoints does.
 */
final class StagedFile extends StagedRecords {

    private static final String LENGTH = "length ";

    private final LineFormat format;
    private final OutputContext context;
    private final Path target;
    private final Path previous;
    private final Path alsoDrop;
    private final FileChannel file;
    /** Which file {@link #file} is: checked before each commit, so that a file deleted or replaced fails the run. */
    private final FileIdentity identity;
    private long length;

    /**
     * @param alsoDrop a file deleted when the job ends well (a results file's corrections), or null
     */
    StagedFile(LineFormat format, OutputContext context, Path target, Path dir, boolean fresh, String name, Path alsoDrop)
            throws IOException {
        super(dir, fresh, name);
        this.format = format;
        this.context = context;
        this.target = Files.exists(target) ? target.toRealPath() : target;
        this.alsoDrop = alsoDrop;
        this.previous = this.target.resolveSibling("." + this.target.getFileName() + ".tidemark-previous");
        Path parent = this.target.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        if (freshStart) {
            if (Files.exists(this.target)) {
                Files.move(this.target, previous, StandardCopyOption.REPLACE_EXISTING);
            }
        } else {
            length = recordedLength();
            if (!Files.exists(this.target) && length > 0) {
                throw new IOException(name + ": " + this.target + " held " + length + " committed bytes and is gone: "
                        + "the run cannot resume its output (run with --fresh to start over)");
            }
        }
        this.file = FileChannel.open(this.target, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        if (file.size() < length) {
            file.close();
            throw new IOException(name + ": " + this.target + " has " + Files.size(this.target) + " bytes, fewer than the " + length
                    + " committed: it was changed outside the job (run with --fresh to start over)");
        }
        file.truncate(length);
        identity = FileIdentity.of(this.target);
    }

    private long recordedLength() throws IOException {
        for (String x : extra) {
            if (x.startsWith(LENGTH)) {
                return Long.parseLong(x.substring(LENGTH.length()));
            }
        }
        throw new IOException(name + ": the commit record in " + dir + " has no length (run with --fresh to start over)");
    }

    /** Lines, formatted as the file has them (no header: the file's is written once, at its first commit). */
    @Override
    Stage newStage(FileChannel channel) {
        LineOutput lines;
        try {
            lines = new LineOutput(format, context, new ChannelDestination(channel), name, false);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // without headers nothing is written
        }
        return new Stage() {
            @Override
            public void write(io.tidemark.cli.data.OutputRecord record) throws IOException {
                lines.write(record);
            }

            @Override
            public long barrier() throws IOException {
                lines.flush();
                channel.force(false);
                return channel.position();
            }

            @Override
            public void close() {
                lines.abort();
            }
        };
    }

    @Override
    void deliver(String link, long from, long to) throws IOException {
        long before = length;
        try {
            identity.check(target, length);
            file.truncate(length);
            file.position(length);
            if (length == 0) {
                header();
            }
            try (FileChannel staged = FileChannel.open(staged(link), StandardOpenOption.READ)) {
                check(link, staged, to);
                ByteBuffer chunk = ByteBuffer.allocate(1 << 16);
                long at = from;
                while (at < to) {
                    chunk.clear().limit((int) Math.min(chunk.capacity(), to - at));
                    int n = staged.read(chunk, at);
                    if (n < 0) {
                        throw new java.io.EOFException(staged(link) + " ends at byte " + at + ", before " + to);
                    }
                    chunk.flip();
                    OutputFiles.writeWhole(target, file, chunk);
                    at += n;
                }
            }
            CrashPoints.reach("file.appended"); // the segment written, not yet synced nor recorded
            file.force(false);
            CrashPoints.reach("file.synced"); // the segment on disk, not yet recorded
            length = file.position();
            recordCommitted(link, to, List.of(LENGTH + length));
        } catch (IOException e) {
            cutBack(link, before, from, e);
            throw new IOException(name + ": cannot commit to " + target + ": " + e.getMessage(), e);
        }
    }

    /**
     * A delivery failed (a full device): the file is cut back to its committed length, so that a reader
     * never sees part of a segment or of a line, and the commit is as the record has it.
     */
    private void cutBack(String link, long before, long from, IOException e) {
        length = before;
        committed.put(link, from);
        extra.clear();
        extra.add(LENGTH + before);
        try {
            file.truncate(before);
            file.position(before);
        } catch (IOException cut) {
            e.addSuppressed(cut);
        }
    }

    @Override
    void writeRecord() throws IOException {
        if (extra.isEmpty()) {
            extra.add(LENGTH + length);
        }
        super.writeRecord();
    }

    private void header() throws IOException {
        String h = LineOutput.headerOf(format, context);
        if (h != null) {
            OutputFiles.writeWhole(target, file, ByteBuffer.wrap((h + "\n").getBytes(StandardCharsets.UTF_8)));
        }
    }

    /** A file that committed no line gets its header; then the checks of {@link StagedRecords#finish}. */
    @Override
    public synchronized void finish(java.util.Map<String, Long> finals) throws IOException {
        if (length == 0) {
            try {
                file.truncate(0);
                file.position(0);
                header();
                file.force(false);
            } catch (IOException e) {
                file.truncate(0);
                throw new IOException(name + ": cannot write the header of " + target + ": " + e.getMessage(), e);
            }
            length = file.position();
            extra.clear();
            writeRecord();
        }
        super.finish(finals);
    }

    /** The file holds exactly the committed bytes the record names. */
    @Override
    void finished(List<String> pending) throws IOException {
        long recorded = -1;
        for (String x : pending) {
            if (x.startsWith(LENGTH)) {
                recorded = Long.parseLong(x.substring(LENGTH.length()));
            }
        }
        if (recorded != length) {
            throw incomplete("its commit record names " + recorded + " committed bytes, this run committed " + length);
        }
        try {
            identity.check(target, recorded);
        } catch (IOException e) {
            throw incomplete(e.getMessage());
        }
    }

    @Override
    public synchronized void close(boolean ended) {
        try {
            if (ended) {
                Files.deleteIfExists(previous);
                dropStaged();
                if (alsoDrop != null) {
                    Files.deleteIfExists(alsoDrop);
                }
            }
        } catch (IOException ignored) {
            // what is left is set aside by the next fresh start
        } finally {
            try {
                file.close();
            } catch (IOException ignored) {
                // closing
            }
        }
    }

    @Override
    public String describe() {
        return target.toString();
    }

    /** A staging file, appended to. */
    private record ChannelDestination(FileChannel channel) implements Destination {
        @Override
        public void write(byte[] bytes, int off, int len) throws IOException {
            ByteBuffer b = ByteBuffer.wrap(bytes, off, len);
            while (b.hasRemaining()) {
                channel.write(b);
            }
        }

        @Override
        public void flush() {
            // written through
        }

        @Override
        public void commit() throws IOException {
            channel.close();
        }

        @Override
        public String abort() {
            try {
                channel.close();
            } catch (IOException ignored) {
                // closing
            }
            return null;
        }

        @Override
        public String describe() {
            return "a staging file";
        }
    }
}
