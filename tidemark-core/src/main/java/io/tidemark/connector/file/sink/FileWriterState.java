package io.tidemark.connector.file.sink;

import io.tidemark.core.io.SimpleVersionedSerializer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link FileSink} writer's state at a checkpoint: the subtask's part-file id and, per bucket, the
 * next part number and the in-progress part (if one is open) with the length it had at the
 * checkpoint. A restored writer truncates each in-progress part to that length and appends to it, as
 * Flink's recoverable writer resumes a file; every other in-progress file with the subtask's id is
 * from an attempt after the checkpoint and is deleted.
 *
 * @param uniqueId the id in the subtask's part file names ({@code part-<uniqueId>-<n>})
 * @param buckets one entry per bucket the subtask has written to
 */
public record FileWriterState(String uniqueId, List<Bucket> buckets) {

    /**
     * One bucket's state.
     *
     * @param bucketId the bucket (a directory under the base path; empty: the base path)
     * @param nextPart the number the bucket's next part file gets
     * @param inProgress the part open at the checkpoint, or null
     */
    public record Bucket(String bucketId, int nextPart, InProgress inProgress) {}

    /**
     * A part file open at the checkpoint.
     *
     * @param file the hidden in-progress file
     * @param finalFile its final name
     * @param length its length at the checkpoint (bytes after it are from after the checkpoint)
     * @param creationTime when it was opened (processing time, for the rolling policy)
     * @param lastUpdateTime when it was last written (processing time)
     */
    public record InProgress(Path file, Path finalFile, long length, long creationTime, long lastUpdateTime) {}

    /** Version 1. */
    static final class Serializer implements SimpleVersionedSerializer<FileWriterState> {
        @Override
        public int getVersion() {
            return 1;
        }

        @Override
        public byte[] serialize(FileWriterState state) throws IOException {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                out.writeUTF(state.uniqueId);
                out.writeInt(state.buckets.size());
                for (Bucket b : state.buckets) {
                    out.writeUTF(b.bucketId);
                    out.writeInt(b.nextPart);
                    out.writeBoolean(b.inProgress != null);
                    if (b.inProgress != null) {
                        InProgress p = b.inProgress;
                        out.writeUTF(p.file.toString());
                        out.writeUTF(p.finalFile.toString());
                        out.writeLong(p.length);
                        out.writeLong(p.creationTime);
                        out.writeLong(p.lastUpdateTime);
                    }
                }
            }
            return bytes.toByteArray();
        }

        @Override
        public FileWriterState deserialize(int version, byte[] serialized) throws IOException {
            if (version != 1) {
                throw new IOException("unknown FileSink writer state version " + version);
            }
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized));
            String uniqueId = in.readUTF();
            int n = in.readInt();
            List<Bucket> buckets = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                String id = in.readUTF();
                int next = in.readInt();
                InProgress p = in.readBoolean()
                        ? new InProgress(Paths.get(in.readUTF()), Paths.get(in.readUTF()), in.readLong(), in.readLong(), in.readLong())
                        : null;
                buckets.add(new Bucket(id, next, p));
            }
            return new FileWriterState(uniqueId, buckets);
        }
    }
}
