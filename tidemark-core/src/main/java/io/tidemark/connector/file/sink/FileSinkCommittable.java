package io.tidemark.connector.file.sink;

import io.tidemark.core.io.SimpleVersionedSerializer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Objects;

/**
 * A pending part file of the {@link FileSink}: closed, still under its hidden in-progress name, to be
 * renamed to its final name when the checkpoint that holds it completes (Flink's
 * {@code FileSinkCommittable} for a pending file).
 */
public final class FileSinkCommittable {

    private final String bucketId;
    private final Path inProgressFile;
    private final Path finalFile;

    public FileSinkCommittable(String bucketId, Path inProgressFile, Path finalFile) {
        this.bucketId = Objects.requireNonNull(bucketId);
        this.inProgressFile = Objects.requireNonNull(inProgressFile);
        this.finalFile = Objects.requireNonNull(finalFile);
    }

    public String getBucketId() {
        return bucketId;
    }

    /** The hidden file the part was written to ({@code .<name>.inprogress.<uuid>}). */
    public Path getInProgressFile() {
        return inProgressFile;
    }

    /** The part's committed name ({@code <prefix>-<uuid>-<n><suffix>}). */
    public Path getFinalFile() {
        return finalFile;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FileSinkCommittable c && bucketId.equals(c.bucketId) && inProgressFile.equals(c.inProgressFile)
                && finalFile.equals(c.finalFile);
    }

    @Override
    public int hashCode() {
        return Objects.hash(bucketId, inProgressFile, finalFile);
    }

    @Override
    public String toString() {
        return "pending " + inProgressFile + " -> " + finalFile;
    }

    /** Version 1: bucket id, in-progress path, final path (UTF). */
    static final class Serializer implements SimpleVersionedSerializer<FileSinkCommittable> {
        @Override
        public int getVersion() {
            return 1;
        }

        @Override
        public byte[] serialize(FileSinkCommittable c) throws IOException {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                out.writeUTF(c.bucketId);
                out.writeUTF(c.inProgressFile.toString());
                out.writeUTF(c.finalFile.toString());
            }
            return bytes.toByteArray();
        }

        @Override
        public FileSinkCommittable deserialize(int version, byte[] serialized) throws IOException {
            if (version != 1) {
                throw new IOException("unknown FileSink committable version " + version);
            }
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized));
            return new FileSinkCommittable(in.readUTF(), Paths.get(in.readUTF()), Paths.get(in.readUTF()));
        }
    }
}
