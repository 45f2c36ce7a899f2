package io.tidemark.connector.kafka.sink.transaction;

import java.io.Serializable;
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
}
