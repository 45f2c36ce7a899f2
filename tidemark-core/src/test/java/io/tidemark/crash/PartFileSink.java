package io.tidemark.crash;

import io.tidemark.api.connector.sink2.CommitterInitContext;
import io.tidemark.api.connector.sink2.Committer;
import io.tidemark.api.connector.sink2.CommittingSinkWriter;
import io.tidemark.api.connector.sink2.Sink;
import io.tidemark.api.connector.sink2.SinkWriter;
import io.tidemark.api.connector.sink2.SupportsCommitter;
import io.tidemark.api.connector.sink2.WriterInitContext;
import io.tidemark.core.io.SimpleVersionedSerializer;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

/**
 * An exactly-once line sink into a directory: each subtask writes its lines since the last barrier to
 * a hidden pending file {@code .<subtask>-<attempt>-<n>.pending}; the committable is that file's
 * name; committing renames it to {@code <subtask>-<attempt>-<n>.part} (again: nothing to do). A new
 * writer deletes the pending files an earlier attempt of its subtask left (never prepared, or prepared
 * in a checkpoint that did not complete). The committed output is the {@code .part} files.
 */
final class PartFileSink implements Sink<String>, SupportsCommitter<String> {

    private static final long serialVersionUID = 1L;
    private final String dir;

    PartFileSink(Path dir) {
        this.dir = dir.toString();
    }

    @Override
    public SinkWriter<String> createWriter(WriterInitContext context) throws IOException {
        Path d = Files.createDirectories(Paths.get(dir));
        int subtask = context.getSubtaskId();
        // what an earlier attempt left uncommitted: the committer has committed the restored ones already
        try (DirectoryStream<Path> s = Files.newDirectoryStream(d, "." + subtask + "-*.pending")) {
            for (Path p : s) {
                Files.delete(p);
            }
        }
        String attempt = UUID.randomUUID().toString().substring(0, 8);
        return new CommittingSinkWriter<String, String>() {
            private int n;
            private BufferedWriter out;
            private String name;

            @Override
            public void write(String element, Context c) throws IOException {
                if (out == null) {
                    name = subtask + "-" + attempt + "-" + n++;
                    out = Files.newBufferedWriter(d.resolve("." + name + ".pending"), StandardCharsets.UTF_8);
                }
                out.write(element);
                out.write('\n');
            }

            @Override
            public void flush(boolean endOfInput) throws IOException {
                if (out != null) {
                    out.flush();
                }
            }

            @Override
            public Collection<String> prepareCommit() throws IOException {
                if (out == null) {
                    return List.of();
                }
                out.close();
                out = null;
                return List.of(name);
            }

            @Override
            public void close() throws IOException {
                if (out != null) {
                    out.close();
                }
            }
        };
    }

    @Override
    public Committer<String> createCommitter(CommitterInitContext context) {
        Path d = Paths.get(dir);
        return new Committer<>() {
            @Override
            public void commit(Collection<CommitRequest<String>> requests) throws IOException {
                for (CommitRequest<String> r : requests) {
                    Path pending = d.resolve("." + r.getCommittable() + ".pending");
                    Path done = d.resolve(r.getCommittable() + ".part");
                    if (Files.exists(pending)) {
                        Files.move(pending, done, StandardCopyOption.ATOMIC_MOVE);
                    } else if (Files.exists(done)) {
                        r.signalAlreadyCommitted();
                    } else {
                        r.signalFailedWithKnownReason(new IOException(pending + " is gone"));
                    }
                }
            }

            @Override
            public void close() {}
        };
    }

    @Override
    public SimpleVersionedSerializer<String> getCommittableSerializer() {
        return new SimpleVersionedSerializer<>() {
            @Override
            public int getVersion() {
                return 1;
            }

            @Override
            public byte[] serialize(String s) {
                return s.getBytes(StandardCharsets.UTF_8);
            }

            @Override
            public String deserialize(int version, byte[] b) {
                return new String(b, StandardCharsets.UTF_8);
            }
        };
    }
}
