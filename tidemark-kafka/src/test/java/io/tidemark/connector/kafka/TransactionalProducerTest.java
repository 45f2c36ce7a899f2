package io.tidemark.connector.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.connector.kafka.sink.transaction.KafkaCommittable;
import io.tidemark.connector.kafka.sink.transaction.TransactionalProducer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

/**
 * Two-phase commit of Kafka transactions across a crash, against the real broker: a transaction
 * prepared by one producer is committed by another one of the same transactional id when it is the
 * one the checkpoint names, and aborted when it began after the checkpoint. "Crash" here is a producer
 * closed without ending its transaction, which leaves the broker exactly what a killed process leaves.
 */
class TransactionalProducerTest {

    static Properties props() {
        Properties p = new Properties();
        p.setProperty(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, SharedBroker.get().bootstrapServers());
        return p;
    }

    static void send(TransactionalProducer p, String topic, String... values) {
        for (String v : values) {
            p.send(new ProducerRecord<>(topic, v.getBytes(StandardCharsets.UTF_8)), null);
        }
    }

    static List<String> committed(String topic) {
        return SharedBroker.get().readCommitted(topic).stream().map(ConsumerRecord::value).toList();
    }

    @Test
    void aPreparedTransactionIsCommittedAfterACrashByANewProducer() {
        String topic = SharedBroker.topic("tx-prepared", 1);
        KafkaCommittable prepared;
        try (TransactionalProducer first = new TransactionalProducer(props(), "t-prepared")) {
            first.initFresh();
            first.begin();
            send(first, topic, "a", "b", "c");
            prepared = first.prepare();
        } // crash: the transaction stays open on the broker
        assertThat(committed(topic)).isEmpty();
        assertThat(SharedBroker.get().readAll(topic)).hasSize(3);

        try (TransactionalProducer recovering = new TransactionalProducer(props(), "t-prepared")) {
            assertThat(recovering.commitPrepared(prepared)).isTrue();
        }
        assertThat(committed(topic)).containsExactly("a", "b", "c");
        // recovering again (the process died before its checkpoint recorded the commit) commits nothing twice:
        // the broker takes it for a retry of the commit it completed
        try (TransactionalProducer again = new TransactionalProducer(props(), "t-prepared")) {
            again.commitPrepared(prepared);
        }
        assertThat(committed(topic)).containsExactly("a", "b", "c");
    }

    @Test
    void aTransactionBegunAfterTheCheckpointIsAbortedOnRecovery() {
        String topic = SharedBroker.topic("tx-later", 1);
        KafkaCommittable checkpointed;
        try (TransactionalProducer first = new TransactionalProducer(props(), "t-later")) {
            first.initFresh();
            first.begin();
            send(first, topic, "1", "2");
            checkpointed = first.prepare();
            first.commit(); // the checkpoint completed
            first.begin();
            send(first, topic, "3");
            first.prepare(); // prepared for a checkpoint that never completed
        }
        try (TransactionalProducer recovering = new TransactionalProducer(props(), "t-later")) {
            assertThat(recovering.commitPrepared(checkpointed)).isFalse(); // committed already
        }
        try (TransactionalProducer fresh = new TransactionalProducer(props(), "t-later")) {
            fresh.initFresh(); // aborts the transaction begun after the checkpoint
        }
        assertThat(committed(topic)).containsExactly("1", "2");
        // and the partition is readable past the aborted transaction: a record written now is seen
        try (TransactionalProducer next = new TransactionalProducer(props(), "t-later")) {
            next.initFresh();
            next.begin();
            send(next, topic, "4");
            next.prepare();
            next.commit();
        }
        assertThat(committed(topic)).containsExactly("1", "2", "4");
    }

    @Test
    void aFreshStartAbortsWhatTheIdLeftOpen() {
        String topic = SharedBroker.topic("tx-fresh", 1);
        try (TransactionalProducer first = new TransactionalProducer(props(), "t-fresh")) {
            first.initFresh();
            first.begin();
            send(first, topic, "x");
            first.prepare();
        }
        try (TransactionalProducer fresh = new TransactionalProducer(props(), "t-fresh")) {
            fresh.initFresh();
            fresh.begin();
            send(fresh, topic, "y");
            fresh.prepare();
            fresh.commit();
        }
        assertThat(committed(topic)).containsExactly("y");
    }
}
