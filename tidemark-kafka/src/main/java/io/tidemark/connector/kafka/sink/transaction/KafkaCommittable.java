package io.tidemark.connector.kafka.sink.transaction;

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
}
