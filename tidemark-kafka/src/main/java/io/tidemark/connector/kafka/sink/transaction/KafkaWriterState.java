package io.tidemark.connector.kafka.sink.transaction;

import io.tidemark.core.io.SimpleVersionedSerializer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * What a checkpoint keeps of one exactly-once Kafka writer subtask: the transactions it prepared and
 * has not seen committed (the checkpoint's own among them), and the parallelism it ran at, so that a
 * restore at another parallelism still finds every transactional id the old subtasks used.
 */
public record KafkaWriterState(int subtask, int parallelism, List<KafkaCommittable> pending) implements Serializable {

    public KafkaWriterState {
        pending = List.copyOf(pending);
    }

    /** Version 1: subtask, parallelism, the number of pending transactions, each as {@link KafkaCommittable.Serializer} writes one. */
    public static final class Serializer implements SimpleVersionedSerializer<KafkaWriterState> {
        @Override
        public int getVersion() {
            return 1;
        }

        @Override
        public byte[] serialize(KafkaWriterState s) throws IOException {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                out.writeInt(s.subtask());
                out.writeInt(s.parallelism());
                out.writeInt(s.pending().size());
                for (KafkaCommittable c : s.pending()) {
                    c.writeTo(out);
                }
            }
            return bytes.toByteArray();
        }

        @Override
        public KafkaWriterState deserialize(int version, byte[] serialized) throws IOException {
            if (version != 1) {
                throw new IOException("unknown format version " + version + " of a Kafka writer's state (this reader knows 1)");
            }
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized));
            int subtask = in.readInt();
            int parallelism = in.readInt();
            int n = in.readInt();
            List<KafkaCommittable> pending = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                pending.add(KafkaCommittable.readFrom(in));
            }
            return new KafkaWriterState(subtask, parallelism, pending);
        }
    }
}
