package io.tidemark.cli.output;

import io.tidemark.cli.data.OutputRecord;
import io.tidemark.cli.spi.OutputContext;
import io.tidemark.runtime.checkpoint.CrashPoints;
import io.tidemark.connector.kafka.sink.transaction.KafkaCommittable;
import io.tidemark.connector.kafka.sink.transaction.TransactionalProducer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A Kafka output with {@code delivery: exactly-once} under checkpoints: each commit of a link's staged
 * records is one Kafka transaction of the output's transactional id, in two phases: the records are
 * sent and the transaction prepared ({@link TransactionalProducer#prepare}); its producer id and epoch
 * go into the commit record; the transaction is committed; the record then says the records are in. A
 * crash between the two writes of the record leaves a prepared transaction named in it: the next run
 * commits it ({@link TransactionalProducer#commitPrepared}: a transaction committed already is left
 * alone) before it starts anything else, then aborts whatever else the id left open. A
 * {@code read_committed} reader thus sees each record once. Bounds: one open transaction at a time per
 * output; a job must be started again within the transaction timeout (15 minutes unless set), or a
 * prepared transaction is aborted by the broker and its records lost, as with Flink.
 */
final class StagedTopic extends StagedRecords {

    private final KafkaOutputType.Spec spec;
    private final OutputContext context;
    private final TransactionalProducer producer;

    StagedTopic(KafkaOutputType.Spec spec, OutputContext context, Path dir, boolean fresh) throws IOException {
        super(dir, fresh, spec.output());
        this.spec = spec;
        this.context = context;
        Properties props = KafkaOutputType.producerProperties(spec);
        try {
            for (String prepared : List.copyOf(extra)) { // "LINK OFFSET PRODUCER-ID EPOCH": a crash came before its commit was recorded
                String[] f = prepared.split(" ");
                try (TransactionalProducer t = new TransactionalProducer(props, spec.transactionalId())) {
                    t.commitPrepared(new KafkaCommittable(spec.transactionalId(), Long.parseLong(f[2]), Short.parseShort(f[3])));
                }
                recordCommitted(f[0], Long.parseLong(f[1]), List.of());
            }
            producer = new TransactionalProducer(props, spec.transactionalId());
            producer.initFresh(); // aborts what a killed run began after its last checkpoint
        } catch (org.apache.kafka.common.KafkaException | IllegalStateException e) {
            throw failed(e);
        }
    }

    @Override
    void deliver(String link, long from, long to) throws IOException {
        List<OutputRecord> records = records(link, from, to);
        AtomicReference<Exception> failure = new AtomicReference<>();
        try {
            producer.begin();
            for (OutputRecord r : records) {
                producer.send(KafkaOutputType.message(spec, context, r), (m, e) -> {
                    if (e != null) {
                        failure.compareAndSet(null, e);
                    }
                });
            }
            KafkaCommittable prepared = producer.prepare();
            if (failure.get() != null) {
                throw failed(failure.get());
            }
            CrashPoints.reach("kafka.prepared"); // the transaction prepared, not yet recorded
            recordCommitted(link, from, List.of(link + " " + to + " " + prepared.producerId() + " " + prepared.epoch()));
            producer.commit();
            CrashPoints.reach("kafka.committed"); // the transaction committed, the record still names it prepared
            recordCommitted(link, to, List.of());
        } catch (org.apache.kafka.common.KafkaException | IllegalStateException e) {
            throw failed(e);
        }
    }

    private IOException failed(Exception e) {
        return new IOException(spec.output() + ": writing to Kafka topic " + spec.topic() + " at " + spec.bootstrapServers()
                + " failed: " + e.getMessage(), e);
    }

    @Override
    public synchronized void close(boolean ended) {
        producer.close(); // aborts a transaction still open (none between commits)
        if (ended) {
            dropStaged();
        }
    }

    @Override
    public String describe() {
        return spec.describe();
    }
}
