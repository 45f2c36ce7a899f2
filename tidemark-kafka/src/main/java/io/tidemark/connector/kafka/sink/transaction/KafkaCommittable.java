package io.tidemark.connector.kafka.sink.transaction;

import io.tidemark.core.io.SimpleVersionedSerializer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.util.Objects;

/**
 * A prepared Kafka transaction, as a checkpoint keeps it until the transaction is committed (Flink's
 * name): the transactional id that wrote it and the producer id and epoch the broker holds it under.
 * Committing it after a crash needs exactly these three ({@link TransactionalProducer#recover}).
 */
public record KafkaCommittable(String transactionalId, long producerId, short epoch) implements Serializable {

    public KafkaCommittable {
        Objects.requireNonNull(transactionalId, "transactionalId");
    }

    @Override
    public String toString() {
        return transactionalId + " (producer " + producerId + ", epoch " + epoch + ")";
    }

    void writeTo(DataOutputStream out) throws IOException {
        out.writeUTF(transactionalId);
        out.writeLong(producerId);
        out.writeShort(epoch);
    }

    static KafkaCommittable readFrom(DataInputStream in) throws IOException {
        return new KafkaCommittable(in.readUTF(), in.readLong(), in.readShort());
    }

    /** Version 1: the transactional id (modified UTF-8), the producer id, the epoch; big-endian. */
    public static final class Serializer implements SimpleVersionedSerializer<KafkaCommittable> {
        @Override
        public int getVersion() {
            return 1;
        }

        @Override
        public byte[] serialize(KafkaCommittable c) throws IOException {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                c.writeTo(out);
            }
            return bytes.toByteArray();
        }

        @Override
        public KafkaCommittable deserialize(int version, byte[] serialized) throws IOException {
            if (version != 1) {
                throw new IOException("unknown format version " + version + " of a Kafka committable (this reader knows 1)");
            }
            return readFrom(new DataInputStream(new ByteArrayInputStream(serialized)));
        }
    }
}
