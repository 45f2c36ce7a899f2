package io.tidemark.connector.kafka.sink;

import io.tidemark.api.connector.sink2.Committer;
import io.tidemark.connector.kafka.sink.transaction.KafkaCommittable;
import io.tidemark.connector.kafka.sink.transaction.KafkaTransactions;
import java.util.Collection;
import java.util.Properties;

/**
 * Commits the Kafka transactions a {@link KafkaWriter} prepared ({@link KafkaTransactions#commit}):
 * with the producer that wrote one when it is alive in this process, else by resuming it. A
 * transaction the broker has moved past was committed before (or aborted by its timeout, which the
 * broker's log says): {@code signalAlreadyCommitted}.
 */
final class KafkaCommitter implements Committer<KafkaCommittable> {

    private final Properties props;

    KafkaCommitter(Properties props) {
        this.props = props;
    }

    @Override
    public void commit(Collection<CommitRequest<KafkaCommittable>> requests) {
        for (CommitRequest<KafkaCommittable> r : requests) {
            try {
                if (!KafkaTransactions.commit(props, r.getCommittable())) {
                    r.signalAlreadyCommitted();
                }
            } catch (RuntimeException e) {
                r.signalFailedWithUnknownReason(e);
            }
        }
    }

    @Override
    public void close() {}
}
