package io.tidemark.cli.output;

import io.tidemark.cli.data.OutputRecord;
import io.tidemark.cli.spi.OutputContext;
import io.tidemark.cli.spi.StagedOutput;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A file output that commits with the job's checkpoints: what a run wrote after its last completed
 * checkpoint is never part of the file.
 *
 * <p>Design. Each link (a job function feeding this output) appends its lines to its own staging file,
 * {@code DIR/LINK.pending} (DIR: the output's folder under the checkpoint directory). A checkpoint's
 * barrier makes the link write its staged lines out and fsync them; their length is the link's
 * committable, which the job function keeps in the checkpoint. When the checkpoint completes, the
 * function sends the committable back and {@link #commit} appends the link's staged bytes from what was
 * committed before up to it to the file, fsyncs it, then records the file's committed length and every
 * link's committed offset in {@code DIR/committed} (written to a temporary file, fsynced, renamed into
 * place). A commit starts by cutting the file back to the committed length of that record, so a commit
 * interrupted by a crash is simply done again: commits are idempotent, and the file is always the
 * header and whole committed segments. A restore ({@link #stage} with the restored committable) first
 * commits up to it — the crash may have come after the checkpoint completed but before its commit —
 * then cuts the link's staging file back to it, discarding what the crashed run staged after it.
 *
 * <p>Bounds: the file lags the job by at most one checkpoint interval plus a commit; staging files
 * hold at most what was produced since the run started (they are cut back at each restore and deleted
 * when the job ends well); each commit costs two fsyncs and a rename. Segments of different links (the
 * results of several window subtasks; the source's and the window gaps' dead letters) are appended in
 * the order their commits arrive, each link's lines in their order.
 *
 * <p>A fresh start keeps a file already there aside as {@code .NAME.tidemark-previous} until the job
 * ends well, as an output written without checkpoints does.
 */
final class StagedFile implements StagedOutput {

    private static final String COMMITTED = StagedRecords.COMMITTED;

    private final LineFormat format;
    private final OutputContext context;
    private final Path target;
    private final Path dir;
    private final Path previous;
    private final String name;
    private final Path alsoDrop;
    private final FileChannel file;
    private final Map<String, Long> committed = new TreeMap<>();
    private long length;

    /**
     * @param alsoDrop a file deleted when the job ends well (a results file's corrections), or null
     */
    StagedFile(LineFormat format, OutputContext context, Path target, Path dir, boolean fresh, String name, Path alsoDrop)
            throws IOException {
        this.format = format;
        this.context = context;
        this.target = Files.exists(target) ? target.toRealPath() : target;
        this.dir = dir;
        this.name = name;
        this.alsoDrop = alsoDrop;
        this.previous = this.target.resolveSibling("." + this.target.getFileName() + ".tidemark-previous");
        Files.createDirectories(dir);
        Path parent = this.target.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Path record = dir.resolve(COMMITTED);
        if (fresh || !Files.exists(record)) {
            StagedRecords.clear(dir);
            if (Files.exists(this.target)) {
                Files.move(this.target, previous, StandardCopyOption.REPLACE_EXISTING);
            }
            writeRecord();
        } else {
            readRecord(record);
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
    }

    @Override
    public Stage stage(String link, long restored) throws IOException {
        Path staged = dir.resolve(link + ".pending");
        synchronized (this) {
            long done = committed.getOrDefault(link, 0L);
            if (restored > done) {
                commit(link, restored);
            } else if (restored != done) {
                // restored from an earlier checkpoint than the last commit: what was committed since stays
                committed.put(link, Math.max(0, restored));
                writeRecord();
            }
        }
        FileChannel channel = FileChannel.open(staged, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        channel.truncate(Math.max(0, restored));
        channel.position(channel.size());
        ChannelDestination destination = new ChannelDestination(channel, staged);
        LineOutput lines = new LineOutput(format, context, destination, name, false);
        return new Stage() {
            @Override
            public void write(OutputRecord record) throws IOException {
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
    public synchronized void commit(String link, long offset) throws IOException {
        long done = committed.getOrDefault(link, 0L);
        if (offset <= done) {
            return;
        }
        try {
            file.truncate(length);
            file.position(length);
            if (length == 0) {
                header();
            }
            try (FileChannel staged = FileChannel.open(dir.resolve(link + ".pending"), StandardOpenOption.READ)) {
                if (staged.size() < offset) {
                    throw new IOException("the staged lines of " + link + " (" + dir.resolve(link + ".pending") + ") have "
                            + staged.size() + " bytes, fewer than the " + offset + " the checkpoint committed");
                }
                long at = done;
                while (at < offset) {
                    at += staged.transferTo(at, offset - at, file);
                }
            }
            file.force(false);
            length = file.position();
            committed.put(link, offset);
            writeRecord();
        } catch (IOException e) {
            throw new IOException(name + ": cannot commit to " + target + ": " + e.getMessage(), e);
        }
    }

    private void header() throws IOException {
        String h = LineOutput.headerOf(format, context);
        if (h != null) {
            ByteBuffer b = ByteBuffer.wrap((h + "\n").getBytes(StandardCharsets.UTF_8));
            while (b.hasRemaining()) {
                file.write(b);
            }
        }
    }

    @Override
    public synchronized void close(boolean ended) {
        try {
            if (ended) {
                if (length == 0) {
                    file.position(0);
                    header();
                    file.force(false);
                    length = file.position();
                    writeRecord();
                }
                Files.deleteIfExists(previous);
                StagedRecords.dropStaged(dir);
                if (alsoDrop != null) {
                    Files.deleteIfExists(alsoDrop);
                }
            }
        } catch (IOException ignored) {
            // the committed lines stay; a resumed or fresh run writes the header
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

    /** The commit record: the file's committed length, then each link's committed offset. */
    private void writeRecord() throws IOException {
        StringBuilder sb = new StringBuilder("length ").append(length).append('\n');
        for (Map.Entry<String, Long> e : committed.entrySet()) {
            sb.append(e.getKey()).append(' ').append(e.getValue()).append('\n');
        }
        StagedRecords.replace(dir.resolve(COMMITTED), sb.toString());
    }

    private void readRecord(Path record) throws IOException {
        List<String> lines = Files.readAllLines(record, StandardCharsets.UTF_8);
        try {
            length = Long.parseLong(lines.get(0).substring("length ".length()));
            for (String l : lines.subList(1, lines.size())) {
                int sp = l.lastIndexOf(' ');
                committed.put(l.substring(0, sp), Long.parseLong(l.substring(sp + 1)));
            }
        } catch (RuntimeException e) {
            throw new IOException(name + ": the commit record " + record + " is damaged (run with --fresh to start over)", e);
        }
    }

    /** A staging file, appended to. */
    private record ChannelDestination(FileChannel channel, Path path) implements Destination {
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
            return path.toString();
        }
    }
}
